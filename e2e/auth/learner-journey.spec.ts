import { expect, test } from '@playwright/test';
import { signInThroughForm, uniqueEmail } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

/*
 * A new learner, as they would try it: register (signed in at once) → edit the profile → change the
 * password → sign out → sign in with the new password.
 */
test('a new learner registers, edits the profile, changes the password and signs in again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('lan');
  const firstPassword = 'Hoc-tieng-Anh-2026';
  const newPassword = 'Luyen-IELTS-moi-ngay';

  // Register, with the client-side rules seen first.
  await page.goto('/');
  await page.getByRole('link', { name: 'Đăng ký', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tạo tài khoản' })).toBeVisible();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page.getByText('Vui lòng nhập thông tin này.')).toHaveCount(4);
  await page.getByLabel(label('Họ và tên')).fill('Nguyễn Thị Lan');
  await page.getByLabel(label('Email')).fill('lan@example');
  await page.getByLabel(label('Email')).blur();
  await expect(page.getByText('Vui lòng nhập một địa chỉ email hợp lệ.')).toBeVisible();
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Mật khẩu')).fill('ngan');
  await page.getByLabel(label('Mật khẩu')).blur();
  await expect(page.getByText('Tối thiểu 8 ký tự')).toBeVisible();
  await page.getByLabel(label('Mật khẩu')).fill(firstPassword);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(`${firstPassword}!`);
  await page.getByLabel(label('Nhập lại mật khẩu')).blur();
  await expect(page.getByText('Mật khẩu xác nhận không khớp.')).toBeVisible();
  await saveScreenshot(page, 'register-errors');
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(firstPassword);
  await page.getByRole('button', { name: 'Đăng ký' }).click();

  // Registered and signed in at once, greeted on the home page.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Chào mừng bạn đến với Prepwise!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Mở menu tài khoản của Nguyễn Thị Lan/ })).toBeVisible();

  // Profile.
  await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Hồ sơ cá nhân' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hồ sơ cá nhân' })).toBeVisible();
  await page.getByLabel(label('Họ và tên')).fill('Nguyễn Thị Mai Lan');
  await page.getByLabel(label('Số điện thoại')).fill('0912 345 678');
  await page.getByLabel(label('Ngày sinh')).fill('2004-09-02');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Đã lưu hồ sơ')).toBeVisible();
  // Saved: nothing is left to save until a field changes again.
  await expect(page.getByRole('button', { name: 'Lưu thay đổi' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Mở menu tài khoản của Nguyễn Thị Mai Lan/ })).toBeVisible();
  await saveScreenshot(page, 'profile-learner');
  await page.reload();
  await expect(page.getByLabel(label('Họ và tên'))).toHaveValue('Nguyễn Thị Mai Lan');
  await expect(page.getByLabel(label('Số điện thoại'))).toHaveValue('0912 345 678');

  // Change the password: a wrong current password is refused first.
  await page.getByRole('link', { name: 'Mật khẩu' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await page.getByLabel(label('Mật khẩu hiện tại')).fill('khong-phai-mat-khau');
  await page.getByLabel(label('Mật khẩu mới')).fill(newPassword);
  await page.getByLabel(label('Nhập lại mật khẩu mới')).fill(newPassword);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu hiện tại không đúng.')).toBeVisible();
  await page.getByLabel(label('Mật khẩu hiện tại')).fill(firstPassword);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Đã đổi mật khẩu')).toBeVisible();
  await expect(page.getByLabel(label('Mật khẩu hiện tại'))).toHaveValue('');
  await saveScreenshot(page, 'change-password-learner');

  // Sign out: back to /sign-in, and protected pages need signing in again.
  await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('access_token');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fprofile$/);

  // The old password no longer works; the new one does, and brings the learner back to /profile.
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Mật khẩu')).fill(firstPassword);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'Email hoặc mật khẩu không đúng. Vui lòng kiểm tra lại.',
  );
  await page.getByLabel(label('Mật khẩu')).fill(newPassword);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel(label('Họ và tên'))).toHaveValue('Nguyễn Thị Mai Lan');

  // Provoked on purpose: the old password refused at sign-in (401), the wrong current password (422).
  expect(
    unexpectedProblems(problems, [
      { status: 401, path: '/api/user/auth/login' },
      { status: 422, path: '/api/user/auth/change-password' },
    ]),
  ).toEqual([]);
});

test('registering an address that has an account makes none and leads to sign-in with the email filled', async ({
  page,
}) => {
  await page.goto('/register', { waitUntil: 'networkidle' });
  await page.getByLabel(label('Họ và tên')).fill('Người Khác');
  await page.getByLabel(label('Email')).fill('learner@prepwise.vn');
  await page.getByLabel(label('Mật khẩu')).fill('Mot-mat-khau-khac-9');
  await page.getByLabel(label('Nhập lại mật khẩu')).fill('Mot-mat-khau-khac-9');
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page.getByTestId('register-success')).toContainText('đã được dùng cho một tài khoản Prepwise');
  await saveScreenshot(page, 'register-taken');
  await page.getByRole('link', { name: 'Đến trang đăng nhập' }).click();
  await expect(page).toHaveURL(/\/sign-in\?email=/);
  await expect(page.getByLabel(label('Email'))).toHaveValue('learner@prepwise.vn');
});

test('a signed-in learner is sent from /sign-in and /register to the home page', async ({ page }) => {
  await signInThroughForm(page, 'learner@prepwise.vn', 'Demo@12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});

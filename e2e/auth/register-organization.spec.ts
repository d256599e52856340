import { expect, test } from '@playwright/test';
import { signInThroughForm, uniqueEmail } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

test('an organization applies, and its owner is told the application awaits approval', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  const ownerEmail = uniqueEmail('owner');
  const password = 'Trung-tam-Anh-ngu-1';

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Trường học, trung tâm? Đăng ký tổ chức' }).click();
  await expect(page).toHaveURL(/\/register-organization$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng ký tổ chức' })).toBeVisible();

  await page.getByRole('button', { name: 'Gửi hồ sơ đăng ký' }).click();
  await expect(page.getByText('Vui lòng nhập thông tin này.')).toHaveCount(6);

  await page.getByLabel(label('Tên tổ chức')).fill('Trung tâm Anh ngữ Bình Minh');
  await page.getByLabel(label('Email liên hệ')).fill(uniqueEmail('lienhe'));
  await page.getByLabel(label('Số điện thoại')).first().fill('028 3822 1234');
  await page.getByLabel(label('Website')).fill('https://binhminh.edu.vn');
  await page.getByLabel(label('Địa chỉ')).fill('12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh');
  await page.getByLabel(label('Giới thiệu')).fill('Luyện thi IELTS và TOEIC cho học sinh THPT.');
  await page.getByLabel(label('Họ và tên')).fill('Trần Văn Minh');
  await page.getByLabel(label('Email')).fill(ownerEmail);
  await page.getByLabel(label('Mật khẩu')).fill(password);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(password);
  await saveScreenshot(page, 'register-organization');
  await page.getByRole('button', { name: 'Gửi hồ sơ đăng ký' }).click();

  await expect(page.getByTestId('organization-success')).toBeVisible();
  await expect(page.getByTestId('organization-success')).toContainText('Trung tâm Anh ngữ Bình Minh');
  await saveScreenshot(page, 'register-organization-success');

  await signInThroughForm(page, ownerEmail, password);
  await expect(page.getByTestId('form-error')).toHaveAttribute('data-error-key', 'ORGANIZATION_PENDING');
  await expect(page.getByTestId('form-error')).toContainText('đang chờ Prepwise xét duyệt');
  await saveScreenshot(page, 'sign-in-organization-pending');
  // The pending organization's sign-in is refused (403); that is the only failure the flow provokes.
  expect(unexpectedProblems(problems, [{ status: 403, path: '/api/user/auth/login' }])).toEqual([]);
});

test('the server explains an invalid phone number next to the field', async ({ page }) => {
  await page.goto('/register-organization');
  await page.getByLabel(label('Tên tổ chức')).fill('Trung tâm Thử');
  await page.getByLabel(label('Email liên hệ')).fill(uniqueEmail('lienhe'));
  await page.getByLabel(label('Số điện thoại')).first().fill('abc');
  await page.getByLabel(label('Họ và tên')).fill('Lê Thị Thu');
  await page.getByLabel(label('Email')).fill(uniqueEmail('owner'));
  await page.getByLabel(label('Mật khẩu')).fill('Mat-khau-an-toan-9');
  await page.getByLabel(label('Nhập lại mật khẩu')).fill('Mat-khau-an-toan-9');
  await page.getByRole('button', { name: 'Gửi hồ sơ đăng ký' }).click();
  await expect(page.getByText('Số điện thoại không hợp lệ.')).toBeVisible();
});

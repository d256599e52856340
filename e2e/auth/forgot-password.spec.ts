import { expect, type Locator, test } from '@playwright/test';
import { readResetCode, registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

const dataDir = process.env.E2E_DATA_DIR ?? '';

async function paste(target: Locator, text: string) {
  await target.focus();
  await target.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('a learner resets a forgotten password with the emailed code', async ({ page, request }) => {
  test.setTimeout(60_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('quen');
  const newPassword = 'Mat-khau-moi-2026';
  await registerLearner(request, email, 'Mat-khau-cu-2026', 'Phạm Quốc Huy');

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByTestId('forgot-step')).toHaveText('Bước 1/3');
  await saveScreenshot(page, 'forgot-password-email');
  await page.getByLabel(label('Email')).fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();

  // Six one-character boxes.
  await expect(page.getByTestId('forgot-step')).toHaveText('Bước 2/3');
  const boxes = page.getByTestId('otp-input').getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  await expect(page.getByRole('button', { name: /Gửi lại sau \d+ giây/ })).toBeDisabled();

  // Letters are not digits: typing or pasting them changes nothing.
  await boxes.nth(0).pressSequentially('a');
  await expect(boxes.nth(0)).toHaveValue('');
  await paste(boxes.nth(0), '12ab56');
  for (let index = 0; index < 6; index += 1) await expect(boxes.nth(index)).toHaveValue('');

  // Focus put past the first empty box goes back to it after 100 ms.
  await boxes.nth(0).pressSequentially('9');
  await expect(boxes.nth(1)).toBeFocused();
  await boxes.nth(4).click();
  await expect(boxes.nth(1)).toBeFocused();
  await boxes.nth(1).press('Backspace');
  await expect(boxes.nth(0)).toBeFocused();
  await expect(boxes.nth(0)).toHaveValue('');

  // A wrong code is refused.
  await paste(boxes.nth(0), '000000');
  const code = await readResetCode(dataDir, email, requestedAt);
  if (code === '000000') test.skip(true, 'the random code happened to be 000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Mã không đúng hoặc đã hết hạn' })).toBeVisible();
  await saveScreenshot(page, 'forgot-password-code-wrong');

  // The emailed code, typed one digit at a time, completes the step by itself.
  await boxes.nth(0).click();
  for (let index = 0; index < 6; index += 1) await boxes.nth(index).fill('');
  await boxes.nth(0).focus();
  await page.keyboard.type(code, { delay: 30 });
  await expect(page.getByTestId('forgot-step')).toHaveText('Bước 3/3');

  await page.getByLabel(label('Mật khẩu mới')).fill(newPassword);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill('khong-khop-123');
  await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();
  await expect(page.getByText('Mật khẩu xác nhận không khớp.')).toBeVisible();
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(newPassword);
  await saveScreenshot(page, 'forgot-password-new-password');
  await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();

  await expect(page.getByTestId('reset-done')).toBeVisible();
  await saveScreenshot(page, 'forgot-password-done');
  await page.getByRole('link', { name: 'Đăng nhập với mật khẩu mới' }).click();
  await expect(page.getByLabel(label('Email'))).toHaveValue(email);

  await signInThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Mở menu tài khoản của Phạm Quốc Huy/ })).toBeVisible();
  expect(unexpectedProblems(problems, [{ status: 422, path: '/api/user/auth/verify-reset-code' }])).toEqual(
    [],
  );
});

test('the code screen answers the same for an unknown email', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel(label('Email')).fill(uniqueEmail('khong-ton-tai'));
  await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
  await expect(page.getByTestId('forgot-step')).toHaveText('Bước 2/3');
  await saveScreenshot(page, 'forgot-password-code');
});

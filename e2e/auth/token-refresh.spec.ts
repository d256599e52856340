import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInThroughForm, waitForAccessTokenExpiry } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { label, saveScreenshot } from '../support/page-helpers';

/**
 * Types a phone number no earlier run saved (the tests share the demo learner), so the profile's save
 * button, which waits for a change, is enabled.
 */
let phoneSerial = 0;
async function changePhone(page: Page) {
  phoneSerial += 1;
  const digits = `${Date.now()}${phoneSerial}`.slice(-8);
  const phone = `09${digits}`;
  await page.getByLabel(label('Số điện thoại')).fill(phone);
  return phone;
}

/*
 * Runs against the server started with ACCESS_TOKEN_TTL=6 (project `short-tokens`): every access
 * token expires six seconds after it was issued. Refreshes are counted only after the set-up, which
 * may itself outlive a token on a slow machine. Each test waits until the server refuses the access
 * token (waitForAccessTokenExpiry) rather than sleeping a fixed time.
 */

function countRefreshes(context: BrowserContext) {
  const calls: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/auth/refresh-token'))
      calls.push(request.url());
  });
  return calls;
}

function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

async function signInAsLearnerOnProfile(page: Page) {
  await signInThroughForm(page, DEMO.learner, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByLabel(label('Họ và tên'))).not.toHaveValue('');
}

test('a save after expiry refreshes the tokens once and is sent again: what was typed is saved, no reload', async ({
  page,
  context,
}) => {
  await signInAsLearnerOnProfile(page);
  const refreshes = countRefreshes(context);
  const loads = countLoads(page);
  await waitForAccessTokenExpiry(context.request);

  // The save button waits for a change. The form holds it, so the refresh does not reload over it
  // (decision 032): the save goes again on the renewed session.
  const phone = await changePhone(page);
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Đã lưu hồ sơ')).toBeVisible();
  expect(loads.count).toBe(0);
  expect(refreshes).toHaveLength(1);
  expect(refreshes[0]).toContain('/api/user/auth/refresh-token');

  // Still signed in, and the number is stored.
  const again = await context.newPage();
  await again.goto('/profile');
  await expect(again).toHaveURL(/\/profile$/);
  await expect(again.getByLabel(label('Số điện thoại'))).toHaveValue(phone);
  await expect(again.getByRole('button', { name: /Mở menu tài khoản/ })).toBeVisible();
  await again.close();
});

test('a navigation after expiry restores the session before routing', async ({ page, context }) => {
  await signInAsLearnerOnProfile(page);
  const refreshes = countRefreshes(context);
  await waitForAccessTokenExpiry(context.request);

  await page.getByRole('link', { name: 'Mật khẩu' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Đổi mật khẩu' })).toBeVisible();
  expect(refreshes).toHaveLength(1);

  // A full page load after expiry: the server renders "restoring", the browser refreshes and reloads.
  await waitForAccessTokenExpiry(context.request);
  await page.goto('/profile');
  await expect(page.getByLabel(label('Họ và tên'))).not.toHaveValue('');
  await expect(page).toHaveURL(/\/profile$/);
  expect(refreshes).toHaveLength(2);
});

test('two tabs failing at once share one refresh (Web Locks), and neither is signed out', async ({
  context,
}) => {
  const first = await context.newPage();
  await signInAsLearnerOnProfile(first);
  const second = await context.newPage();
  await second.goto('/profile');
  await expect(second.getByLabel(label('Họ và tên'))).not.toHaveValue('');
  const refreshes = countRefreshes(context);
  await waitForAccessTokenExpiry(context.request);

  // The save buttons wait for a change.
  for (const page of [first, second]) await changePhone(page);
  await Promise.all([
    first.getByRole('button', { name: 'Lưu thay đổi' }).click(),
    second.getByRole('button', { name: 'Lưu thay đổi' }).click(),
  ]);
  for (const page of [first, second]) {
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel(label('Họ và tên'))).not.toHaveValue('');
  }
  await first.waitForTimeout(500);
  expect(refreshes).toHaveLength(1);
  // The session survived (a replayed refresh token would have revoked it): a new tab opens signed in.
  const third = await context.newPage();
  await third.goto('/profile');
  await expect(third).toHaveURL(/\/profile$/);
  await expect(third.getByLabel(label('Họ và tên'))).not.toHaveValue('');
});

test('a failed refresh is reported and signs the user out', async ({ page, context }) => {
  await signInAsLearnerOnProfile(page);
  await context.clearCookies({ name: 'refresh_token' });
  await waitForAccessTokenExpiry(context.request);

  // The save button waits for a change.
  await changePhone(page);
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  // The sign-in page says why the user is there.
  await expect(page).toHaveURL(/\/sign-in\?reason=expired$/);
  await expect(page.getByTestId('session-expired')).toHaveText(
    'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại để tiếp tục.',
  );
  await expect(page.getByText('Phiên đăng nhập không còn hiệu lực. Vui lòng đăng nhập lại.')).toBeVisible();
  await saveScreenshot(page, 'session-refresh-failed');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('strategy');
});

import { expect, test } from '@playwright/test';
import { E2E_GOOGLE_CLIENT_ID } from '../support/constants';
import { saveScreenshot } from '../support/page-helpers';

/*
 * Runs against the server started with GOOGLE_CLIENT_ID (project `short-tokens`). Google's script is
 * replaced by a stand-in that renders a button and hands back a credential Google never signed.
 */
const GIS_STAND_IN = `
window.google = { accounts: { id: {
  initialize(config) { window.__gisConfig = config; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google (test)';
    button.onclick = () => window.__gisConfig.callback({ credential: 'e30.' + 'x'.repeat(60) + '.sig' });
    parent.appendChild(button);
  },
} } };
`;

test('the Google button appears when GOOGLE_CLIENT_ID is set, and a refused credential is explained', async ({
  page,
}) => {
  let scriptRequests = 0;
  await page.route('https://accounts.google.com/gsi/client', (route) => {
    scriptRequests += 1;
    return route.fulfill({ contentType: 'text/javascript', body: GIS_STAND_IN });
  });

  const response = await page.goto('/sign-in');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain('https://accounts.google.com/gsi/client');
  expect(policy).toContain("frame-src 'self' https://accounts.google.com/gsi/");

  await expect(page.getByRole('button', { name: 'Sign in with Google (test)' })).toBeVisible();
  expect(scriptRequests).toBe(1);
  expect(
    await page.evaluate(
      () => (window as unknown as { __gisConfig: { client_id: string } }).__gisConfig.client_id,
    ),
  ).toBe(E2E_GOOGLE_CLIENT_ID);
  await saveScreenshot(page, 'sign-in-with-google');

  await page.getByRole('button', { name: 'Sign in with Google (test)' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'Google chưa xác nhận được tài khoản của bạn. Vui lòng thử lại.',
  );

  // The staff form has no Google button, and other pages never load Google's script.
  await page.getByRole('link', { name: 'Đăng nhập dành cho nhân viên' }).click();
  await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
  await page.goto('/register');
  expect(scriptRequests).toBe(1);
});

import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/page-helpers';

test.describe('unknown pages', () => {
  test('answer 404 with "Page Not Found" and the path in English', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByTestId('error-path')).toHaveText('/no-such-page');
    await expect(page).toHaveTitle(/Page Not Found/);
    // One <title> only (a route's default title beside the error page's was read first by some agents).
    await expect(page.locator('head title')).toHaveCount(1);
    await saveScreenshot(page, 'not-found-en');
  });

  test('answer 404 with the Vietnamese title by default', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy trang');
    await expect(page.getByTestId('error-path')).toHaveText('/no-such-page');
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page).toHaveTitle('Không tìm thấy trang · Prepwise');
    await saveScreenshot(page, 'not-found-vi');
  });

  test('keep the status but render no error page for crawlers', async ({ request }) => {
    const response = await request.get('/no-such-page', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).not.toContain('Page Not Found');
    expect(html).not.toContain('Không tìm thấy trang');
  });

  test('under /api answer the API 404 JSON', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /api/nope not found',
      key: 'NOT_FOUND',
    });
  });
});

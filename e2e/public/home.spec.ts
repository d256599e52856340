import { expect, test } from '@playwright/test';
import { collectConsoleProblems, saveScreenshot, toggleColorScheme } from '../support/page-helpers';

const VI_HEADING = 'Ôn thi tiếng Anh bài bản, biết rõ mình đang ở mức điểm nào';
const EN_HEADING = 'Prepare for your English exam and know exactly where you stand';

test.describe('home page', () => {
  test('is server-rendered in Vietnamese by default', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain(VI_HEADING);
    expect(html).toMatch(/<title>Prepwise — Luyện thi TOEIC, IELTS[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });

  test('hydrates without console errors or warnings', async ({ page }) => {
    const problems = collectConsoleProblems(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(VI_HEADING);
    // The toggle reacts only once React has hydrated the page.
    await toggleColorScheme(page);
    await toggleColorScheme(page);
    await saveScreenshot(page, 'home-vi-desktop');
    expect(problems).toEqual([]);
  });

  test('switches to English, and the choice survives a reload', async ({ page, context }) => {
    const problems = collectConsoleProblems(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'English' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_HEADING);
    await expect(page).toHaveTitle(/TOEIC and IELTS practice tests/);

    const localeCookie = (await context.cookies()).find((cookie) => cookie.name === 'locale');
    expect(localeCookie?.value).toBe('en');
    const daysLeft = ((localeCookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThanOrEqual(365);

    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_HEADING);
    await saveScreenshot(page, 'home-en-desktop');

    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(VI_HEADING);
    expect(problems).toEqual([]);
  });

  test('the dark toggle puts class "dark" on <html>, also after a reload', async ({ page }) => {
    const problems = collectConsoleProblems(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);

    expect(await toggleColorScheme(page)).toBe('dark');
    await expect(html).toHaveClass(/\bdark\b/);

    await page.reload({ waitUntil: 'networkidle' });
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await saveScreenshot(page, 'home-vi-dark');

    expect(await toggleColorScheme(page)).toBe('light');
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(problems).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('fits the screen without horizontal scrolling', async ({ page }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'home-vi-phone');
    });
  });
});

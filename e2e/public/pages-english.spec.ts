import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

test('/term and /privacy read in English once the visitor switches language', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.goto('/term', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Điều khoản sử dụng');
  await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/term\?lang=en$/);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expect(page.getByTestId('page-content')).toContainText('governed by the law of Vietnam');
  await expect(page.getByTestId('page-language-note')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await saveScreenshot(page, 'page-term-en-desktop');

  // The choice is remembered: the blank-layout privacy policy opens in English too.
  await page.goto('/privacy', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(page.getByTestId('page-content')).toContainText('Decree 13/2023/ND-CP');
  await expect(page).toHaveTitle('Privacy policy · Prepwise');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/privacy\?lang=en$/);
  await saveScreenshot(page, 'page-privacy-en-desktop');
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('/privacy in English fits the screen', async ({ page }) => {
    await page.goto('/privacy?lang=en', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'page-privacy-en-phone');
  });
});

test('an admin writes a page in Vietnamese only: English visitors read it with a note, no English hreflang', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Tuyển dụng ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/pages/create');
  await page
    .getByLabel(/^Tiêu đề/)
    .first()
    .fill(title);
  // The Vietnamese body by its own name: while an editor is being replaced, "the first editor on the page"
  // was once the English one, and the text went there too.
  const editor = page.getByRole('textbox', { name: 'Nội dung', exact: true });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  // The editor holds the text before the form is sent (a save with an empty body stays on the form). In a
  // loaded CI run the editor was found empty and blurred after typing (replaced while the form settled):
  // type again into the editor on screen until it holds the text.
  const body = 'Prepwise đang tìm giáo viên IELTS.';
  await expect(async () => {
    if (!((await editor.textContent()) ?? '').includes(body)) {
      await editor.click();
      await page.keyboard.type(body);
    }
    await expect(editor).toContainText(body, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // The English version is optional and sits in its own group of fields.
  await expect(page.getByTestId('page-english').getByLabel('Tiêu đề tiếng Anh')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nội dung tiếng Anh', exact: true })).toHaveText('');
  await page.getByText('Đã đăng', { exact: true }).click();
  await saveScreenshot(page, 'admin-page-form-desktop');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/, { timeout: 15_000 });
  const slug = (
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByText(/^\/tuyen-dung/)
      .textContent()
  )
    ?.trim()
    .replace(/^\//, '');

  const visitor = await browser.newPage();
  await visitor.goto(`/${slug}?lang=en`, { waitUntil: 'networkidle' });
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.getByTestId('page-language-note')).toHaveText(
    'This page is not yet available in English, so it is shown in Vietnamese.',
  );
  await expect(visitor.locator('article')).toHaveAttribute('lang', 'vi');
  await expect(visitor.locator('link[rel=alternate][hreflang=en]')).toHaveCount(0);
  await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/${slug}$`));
  await saveScreenshot(visitor, 'page-vi-only-en-desktop');
  await visitor.close();
});

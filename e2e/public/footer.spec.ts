import { expect, test } from '@playwright/test';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

const PHONE = { width: 390, height: 844 };

test("the footer leads to the site's pages, in Vietnamese and in English, on a phone too", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Liên kết của trang' });
  await expect(footer.getByRole('link')).toHaveText([
    'Đề thi thử',
    'Từ vựng',
    'Chép chính tả',
    'Ngữ pháp',
    'Lộ trình học',
    'Blog',
    'Trung tâm và trường học',
    'Đăng ký tổ chức',
    'Điều khoản sử dụng',
    'Chính sách quyền riêng tư',
    'Liên hệ hỗ trợ',
  ]);
  await expect(footer.getByRole('link', { name: 'Liên hệ hỗ trợ' })).toHaveAttribute(
    'href',
    'mailto:hotro@prepwise.vn',
  );
  // Every page link answers with its page (the generic pages /term and /privacy exist once seeded).
  for (const [name, path, heading] of [
    ['Điều khoản sử dụng', '/term', /Điều khoản/],
    ['Chính sách quyền riêng tư', '/privacy', /quyền riêng tư/i],
    ['Ngữ pháp', '/grammar', /Ngữ pháp/],
    ['Trung tâm và trường học', '/organizations', /.+/],
  ] as const) {
    // The generic pages (terms, privacy) are plain documents without the site's footer: start from home.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Liên kết của trang' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  for (const path of ['/tests', '/vocabulary', '/dictation', '/roadmap', '/blog', '/register-organization']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }

  // On a phone the links stay inside the screen.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  // The signed-out header keeps the language switch on one line.
  const vi = await page.getByRole('button', { name: 'Tiếng Việt' }).boundingBox();
  const en = await page.getByRole('button', { name: 'English' }).boundingBox();
  expect(Math.abs(vi!.y - en!.y)).toBeLessThan(2);
  await page.getByRole('navigation', { name: 'Liên kết của trang' }).scrollIntoViewIfNeeded();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'footer-phone-vi', { fullPage: false });

  // English.
  await page.goto('/?lang=en');
  const english = page.getByRole('navigation', { name: 'Site links' });
  await expect(english.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/term');
  await expect(english.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  expect(problems).toEqual([]);
});

test('the register page links the terms and the privacy policy it cites', async ({ page }) => {
  await page.goto('/register');
  const terms = page.getByTestId('register-terms');
  await expect(terms).toHaveText(
    'Khi đăng ký, bạn đồng ý với điều khoản sử dụng và chính sách quyền riêng tư của Prepwise.',
  );
  await terms.getByRole('link', { name: 'điều khoản sử dụng' }).click();
  await expect(page).toHaveURL(/\/term$/);
  await page.goto('/register?lang=en');
  await expect(page.getByTestId('register-terms')).toHaveText(
    'By signing up you accept the Prepwise terms of use and privacy policy.',
  );
  await expect(
    page.getByTestId('register-terms').getByRole('link', { name: 'privacy policy' }),
  ).toHaveAttribute('href', '/privacy');
});

import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/page-helpers';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'blog', path: '/blog' },
  { name: 'post', path: '/blog/5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5' },
  { name: 'grammar', path: '/grammar' },
  { name: 'grammar-tense', path: '/grammar/tense' },
  { name: 'grammar-comparison', path: '/grammar/comparison' },
  { name: 'grammar-articles', path: '/grammar/articles' },
  { name: 'grammar-modal-verbs-en', path: '/grammar/modal-verbs?lang=en' },
  { name: 'roadmap', path: '/roadmap' },
  { name: 'term', path: '/term' },
  { name: 'privacy', path: '/privacy' },
  { name: 'term-en', path: '/term?lang=en' },
  { name: 'privacy-en', path: '/privacy?lang=en' },
  { name: 'home-en', path: '/?lang=en' },
  { name: 'tests', path: '/tests' },
  { name: 'dictation', path: '/dictation' },
  { name: 'test-detail', path: '/tests/toeic-listening-reading-de-luyen-1' },
];

for (const { name, path } of PAGES) {
  test(`${path} has no WCAG 2.1 AA violation`, async ({ page }) => {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    // Every page of the list exists: a broken catalogue fails here instead of skipping its checks.
    expect(response?.status(), path).toBe(200);
    await expectAccessible(page);
    await saveScreenshot(page, `public-${name}-desktop`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const { name, path } of PAGES) {
    test(`${path} fits a phone screen`, async ({ page }) => {
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      // The phone layout (menu, stacked cards) is another page for axe.
      await expectAccessible(page);
      await saveScreenshot(page, `public-${name}-phone`);
    });
  }
});

test.describe('in the dark theme', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // The theme the header toggle keeps: the server renders the page dark from the first byte.
    await context.addCookies([{ name: 'color_scheme', value: 'dark', url: baseURL! }]);
  });
  for (const { name, path } of PAGES) {
    test(`${path} has no WCAG 2.1 AA violation in the dark theme`, async ({ page }) => {
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expectAccessible(page);
      await saveScreenshot(page, `public-${name}-dark`);
    });
  }
});

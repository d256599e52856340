import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot, waitForHydration } from '../support/page-helpers';

/*
 * Issue 30, "right on a phone": at 390 px the header's sections fold into a menu (nothing cut), and a
 * learner's attempts read as cards with the score in view, the page never scrolling sideways.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectInside(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

test('a visitor opens the header menu on a static page, by touch and by keyboard', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  const menuButton = page.getByTestId('site-menu-button');
  const navigation = page.getByRole('navigation', { name: 'Điều hướng chính' });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAccessibleName('Danh mục');
  await expect(navigation).toBeHidden();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await expectInside(page, 'site-menu-button');

  await menuButton.tap();
  await expect(navigation).toBeVisible();
  for (const name of ['Đề thi', 'Blog', 'Ngữ pháp', 'Từ vựng', 'Lộ trình']) {
    const link = navigation.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    // Each label whole: its text fits its button.
    expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await saveScreenshot(page, 'site-menu-open-phone', { fullPage: false });
  await expectAccessible(page);

  // Escape closes it and gives the focus back; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(navigation).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(navigation).toBeVisible();
  await navigation.getByRole('link', { name: 'Ngữ pháp' }).tap();
  await expect(page).toHaveURL(/\/grammar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngữ pháp tiếng Anh');
  await expect(navigation).toBeHidden();
  expect(problems).toEqual([]);
});

test('a learner uses the menu in the app and reads an attempt score without scrolling sideways', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'learner');
  await waitForHydration(page);
  const navigation = page.getByRole('navigation', { name: 'Điều hướng chính' });
  await page.getByTestId('site-menu-button').tap();
  await navigation.getByRole('link', { name: 'Đề thi' }).tap();
  await expect(page).toHaveURL(/\/tests$/);
  // A followed link closes the menu (client navigation keeps the header).
  await expect(navigation).toBeHidden();

  await page.goto('/test-history', { waitUntil: 'networkidle' });
  const card = page.getByTestId('history-card').first();
  await card.getByRole('link').first().tap();
  await expect(page).toHaveURL(/\/test-history\/[^/]+$/);
  const rows = page.getByTestId('attempt-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('attempt-score')).toBeVisible();
  await expectInside(page, 'attempt-score');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await saveScreenshot(page, 'learner-attempts-phone');

  await page.goto('/transactions', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'learner-transactions-phone');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goBack();
  await expect(page.getByTestId('attempts-table').locator('thead')).toBeVisible();
  await saveScreenshot(page, 'learner-attempts-desktop');
  expect(problems).toEqual([]);
});

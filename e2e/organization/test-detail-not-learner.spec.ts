import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

const IELTS = 'ielts-academic-reading-de-luyen-1';

/** The test page of a non-learner: the structure as usual, a note and a link home, nothing to start. */
async function expectLearnerOnlyPanel(page: Page, text: RegExp, link: { name: string; href: string }) {
  await expect(page.getByTestId('parts-table')).toContainText('Passage 1');
  const panel = page.getByTestId('start-panel');
  await expect(panel.getByTestId('learner-only')).toHaveText(text);
  await expect(panel.getByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expect(panel.getByRole('checkbox')).toHaveCount(0);
  // Not the visitor's invitation to sign in.
  await expect(panel.getByRole('link', { name: /Bắt đầu thi cả đề|Start full test/ })).toHaveCount(0);
}

test('a teacher opens a test page: its structure, and a note that tests are taken with a learner account', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'teacher');
  await expect(page).toHaveURL(/\/organization$/);

  await page.goto(`/tests/${IELTS}`);
  await expectLearnerOnlyPanel(page, /tài khoản tổ chức.*chỉ làm được bằng tài khoản học viên/, {
    name: 'Về khu vực tổ chức',
    href: '/organization',
  });
  await saveScreenshot(page, 'test-detail-educator-vi-desktop');

  await page.getByRole('button', { name: 'English' }).click();
  await expectLearnerOnlyPanel(page, /organization account.*taken with a learner account/, {
    name: 'Go to your organization area',
    href: '/organization',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('start-panel').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'test-detail-educator-en-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('start-panel').getByRole('link', { name: 'Go to your organization area' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  expect(problems).toEqual([]);
});

test('an admin who opens a test page is taken to the admin area, as on every public page', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/tests/${IELTS}`);
  await expect(page).toHaveURL(/\/admin$/);
});

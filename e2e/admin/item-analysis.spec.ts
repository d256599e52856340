import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/*
 * Issue 15: the item analysis of the seeded Grammar & Writing Check (36 demo learners, 12 of them twice;
 * question 6 seeded to be broken: weak learners choose its key, strong ones a wrong option, and one option
 * nobody chooses), in Vietnamese and English, and the edit link of the flagged question.
 */
const GRAMMAR = { slug: 'grammar-writing-check-de-luyen-1', title: 'Grammar & Writing Check' };

async function grammarTestId(page: Page): Promise<string> {
  const id = await page.evaluate(async ({ slug, title }) => {
    const response = await fetch(`/api/admin/tests?search=${encodeURIComponent(title)}`, {
      credentials: 'include',
    });
    const body = await response.json();
    return body.result.items.find((item: { slug: string; id: string }) => item.slug === slug)?.id as string;
  }, GRAMMAR);
  expect(id).toBeTruthy();
  return id;
}

const attemptsFigure = async (page: Page) =>
  Number(await page.getByTestId('item-analysis').getByTestId('figure-attempts').textContent());

test('an admin reads the item analysis of a seeded test, sees the broken question flagged and opens it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const problems = collectConsoleProblems(page);
  const testId = await grammarTestId(page);

  // Vietnamese (the default): the section, the test's figures, the flagged question with its reasons.
  await page.goto(`/admin/test/${testId}/detail`);
  const section = page.getByTestId('item-analysis');
  await expect(section.getByRole('heading', { name: 'Phân tích câu hỏi' })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByTestId('test-figures')).toContainText('Hệ số α Cronbach (KR-20)');
  const firstAttempts = await attemptsFigure(page);
  expect(firstAttempts).toBeGreaterThanOrEqual(36);
  const flagged = section.getByTestId('flagged-question').filter({ hasText: 'Câu 6' });
  await expect(flagged).toContainText('If it ___ tomorrow morning');
  await expect(flagged).toContainText(
    'Trong một phần ba học viên giỏi nhất, một phương án sai được chọn nhiều hơn đáp án',
  );
  await expect(flagged).toContainText('Có phương án sai không ai chọn');
  await expect(flagged).toContainText('Độ phân biệt dưới 20%');
  // The table: nine auto-graded questions (the essay is left out), option shares with the key marked.
  const table = section.getByTestId('item-table');
  await expect(table.locator('tbody tr')).toHaveCount(9);
  const row6 = table.locator('tbody tr').filter({ hasText: 'If it ___ tomorrow morning' });
  await expect(row6.getByLabel(/^A \(đáp án\): \d+\s?%$/)).toBeVisible();
  await expect(row6).toContainText('Học viên giỏi chọn phương án sai');
  await section.getByRole('heading', { name: 'Phân tích câu hỏi' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-item-analysis-vi', { fullPage: false });
  await row6.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-item-analysis-table-vi', { fullPage: false });

  // All attempts: the twelve second attempts count too.
  await section.getByText('Mọi lượt làm').click();
  await expect
    .poll(() => attemptsFigure(page), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(firstAttempts + 12);

  // English.
  await page.goto(`/admin/test/${testId}/detail?lang=en`);
  const sectionEn = page.getByTestId('item-analysis');
  await expect(sectionEn.getByRole('heading', { name: 'Item analysis' })).toBeVisible({ timeout: 15_000 });
  await expect(sectionEn.getByTestId('test-figures')).toContainText("Cronbach's α (KR-20)");
  const flaggedEn = sectionEn.getByTestId('flagged-question').filter({ hasText: 'Question 6' });
  await expect(flaggedEn).toContainText(
    'Among the strongest third of the students, a wrong option is chosen more often than the key',
  );
  await expect(flaggedEn).toContainText('A wrong option nobody chose');
  await sectionEn.getByRole('heading', { name: 'Item analysis' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-item-analysis-en', { fullPage: false });

  // The edit link opens the question in the bank.
  await flaggedEn.getByRole('link', { name: 'Edit question 6' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/single\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByText('If it ___ tomorrow morning').first()).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'admin-item-analysis-edit-question', { fullPage: false });
  expect(problems).toEqual([]);
});

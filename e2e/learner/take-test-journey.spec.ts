import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { saveScreenshot } from '../support/page-helpers';

/*
 * Issue 5, "done when", as a new learner would do it with the mouse and keyboard only: find the TOEIC
 * test in the catalogue, start it, hear the listening audio, answer, reload and resume, submit, read the
 * result and the review in Vietnamese and in English, and find the attempt in the history.
 */
const TOEIC_SLUG = 'toeic-listening-reading-de-luyen-1';

const currentQuestion = (page: Page) => page.locator('[data-testid="exam-question"][data-current]');

test('a new learner takes the TOEIC test partly, resumes after a reload, submits and reads the result', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // The catalogue, then the test page, then the full test.
  await page.getByRole('link', { name: 'Đề thi', exact: true }).first().click();
  await expect(page).toHaveURL(/\/tests$/);
  await page.locator(`a[href="/tests/${TOEIC_SLUG}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/tests/${TOEIC_SLUG}$`));
  await page.getByTestId('start-panel').getByRole('button', { name: 'Bắt đầu thi cả đề' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${TOEIC_SLUG}/exam/[0-9a-f-]{36}$`));
  const attemptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });

  // Part 1: the recording plays (the audio element advances).
  await page.getByRole('button', { name: 'Phát đoạn ghi âm' }).click();
  await expect
    .poll(() => page.getByTestId('exam-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);

  // Answer questions 1–3 with the mouse.
  for (const key of ['A', 'B', 'C']) {
    await currentQuestion(page)
      .getByRole('radio', { name: new RegExp(`^${key}\\b`) })
      .check();
    await page.getByRole('button', { name: 'Câu sau' }).click();
  }
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  // Reload mid-exam: same attempt, answers intact.
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  const palette = page.getByTestId('question-palette');
  await palette.getByRole('button', { name: /^Câu 2:/ }).click();
  await expect(currentQuestion(page).getByRole('radio', { name: /^B\b/ })).toBeChecked();

  // Submit.
  await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nộp bài thi?' });
  await expect(dialog.getByTestId('unanswered-count')).toHaveText('Còn 197 câu chưa trả lời.');
  await dialog.getByRole('button', { name: 'Nộp bài ngay' }).click();
  await page.waitForURL(`**/tests/${TOEIC_SLUG}/result/${attemptId}`);

  // The result in Vietnamese: the scaled total, the counts, the review with explanations.
  await expect(page.getByTestId('score-total')).toContainText('Tổng điểm');
  await expect(page.getByTestId('count-skipped')).toContainText('197');
  await expect(page.getByTestId('review-question').first()).toBeVisible();
  // Explanations are collapsed until asked for.
  await expect(page.getByTestId('explanation').first()).toBeHidden();
  await page.getByTestId('expand-all').click();
  await expect(page.getByTestId('explanation').first()).toBeVisible();
  await saveScreenshot(page, 'journey-result-vi', { fullPage: false });

  // The same result in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('score-total')).toContainText('Total score');
  await expect(page.getByTestId('review-question').first()).toBeVisible();
  await saveScreenshot(page, 'journey-result-en', { fullPage: false });

  // The attempt is in the history.
  await page.goto('/test-history');
  const row = page.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('TOEIC');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/test-history/${TOEIC_SLUG}$`));
  await expect(page.getByTestId('attempt-row')).toHaveCount(1);
});

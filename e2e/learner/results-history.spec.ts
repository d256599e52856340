import { expect, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { answerAndSubmit, IELTS, startPassageOnePractice } from './practice-helpers';

test('a learner practises one part, reads the result and review in both languages, and finds it in history', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('results');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  const attemptId = await startPassageOnePractice(page);
  const { count } = await answerAndSubmit(page, attemptId);
  // The exam page (the runner) has its own specs; count problems from the result on.
  problems.splice(0);
  expect(count).toBe(13);

  // Vietnamese result: raw counts for a practice, counts per part, then the review.
  await page.goto(`/tests/${IELTS.slug}/result/${attemptId}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kết quả: ${IELTS.title}`);
  await expect(page.getByTestId('score-total')).toContainText('Số câu đúng');
  await expect(page.getByTestId('score-total')).toContainText('1/13');
  await expect(page.getByTestId('count-wrong')).toContainText('1');
  await expect(page.getByTestId('count-skipped')).toContainText('11');
  await expect(page.getByTestId('part-results')).toContainText('Passage 1');
  await expect(page.getByTestId('review-question')).toHaveCount(13);
  await expect(page.getByTestId('passage').first()).toContainText('Cooling the concrete city');
  await saveScreenshot(page, 'learner-result-vi-desktop', { fullPage: false });

  // Only the wrong answers: the Luke Howard statement, with its Vietnamese explanation.
  await page.getByText('Câu sai (1)').click();
  const wrong = page.getByTestId('review-question');
  await expect(wrong).toHaveCount(1);
  await expect(wrong).toContainText('Luke Howard');
  await expect(wrong.getByTestId('your-answer')).toContainText('Đúng (True)');
  await expect(wrong.getByTestId('correct-answer')).toContainText('Sai (False)');
  await expect(wrong.getByTestId('explanation')).toContainText('nhà hóa học');
  await expect(wrong).toContainText('Đã đánh dấu');
  await page.getByText('Đã đánh dấu (1)').click();
  await expect(page.getByTestId('review-question')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-result-vi-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // English: the same review, explanation in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Result: ${IELTS.titleEn}`);
  await expect(page.getByTestId('score-total')).toContainText('Correct answers');
  await page.getByText('Wrong (1)').click();
  const wrongEn = page.getByTestId('review-question');
  await expect(wrongEn).toHaveCount(1);
  await expect(wrongEn.getByTestId('your-answer')).toContainText('Your answer: True');
  await expect(wrongEn.getByTestId('correct-answer')).toContainText('Correct answer: False');
  await expect(wrongEn.getByTestId('explanation')).toContainText('London chemist');
  await saveScreenshot(page, 'learner-result-en-desktop');

  // History: the test, then its progress page, then the result again.
  await page.goto('/test-history');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test history');
  const row = page.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(IELTS.titleEn);
  await row.getByRole('link', { name: IELTS.titleEn }).click();
  await expect(page).toHaveURL(new RegExp(`/test-history/${IELTS.slug}$`));
  await expect(page.getByTestId('progress-chart')).toContainText('first 8%, latest 8%, best 8%');
  await expect(page.getByTestId('attempt-row')).toHaveCount(1);
  await saveScreenshot(page, 'learner-progress-en-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-progress-en-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'View result' }).click();
  await expect(page).toHaveURL(new RegExp(`/test-history/${IELTS.slug}/result/${attemptId}$`));
  await expect(page.getByTestId('count-wrong')).toContainText('1');

  // The test page lists the attempt; the roadmap marks the IELTS practice steps done.
  await page.goto(`/tests/${IELTS.slug}`);
  await expect(page.getByTestId('attempts-table')).toContainText('1/13 correct');
  await page.goto('/roadmap');
  await expect(page.getByTestId('step-done').first()).toBeVisible();
  await page.locator('#ielts-65').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'learner-roadmap-progress-en', { fullPage: false });
  await expect(page.locator('#ielts-65 [data-testid="test-step"]').first()).toHaveAttribute(
    'data-done',
    'true',
  );
  expect(problems).toEqual([]);
});

test("a visitor cannot open a result page, and another learner cannot read someone else's result", async ({
  page,
  request,
}) => {
  await page.goto(`/tests/${IELTS.slug}/result/00000000-0000-4000-8000-000000000000`);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);

  const email = uniqueEmail('owner');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const attemptId = await startPassageOnePractice(page);
  await answerAndSubmit(page, attemptId);
  await page.context().clearCookies();

  const other = uniqueEmail('other');
  await registerLearner(request, other, DEMO_PASSWORD);
  await signInThroughForm(page, other, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const response = await page.goto(`/tests/${IELTS.slug}/result/${attemptId}`);
  expect(response?.status()).toBe(404);
});

test('a full test shows the scaled total with the estimate note, and the detail page offers its result', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('fulltest');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/tests/${IELTS.slug}`, { waitUntil: 'networkidle' });
  await page.getByTestId('start-panel').getByRole('button', { name: 'Bắt đầu thi cả đề' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}/exam/[0-9a-f-]{36}$`));
  const attemptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  // Before submitting, the test page offers to resume the open attempt.
  await page.goto(`/tests/${IELTS.slug}`);
  await expect(page.getByTestId('start-panel').getByRole('link', { name: 'Làm tiếp' })).toHaveAttribute(
    'href',
    `/tests/${IELTS.slug}/exam/${attemptId}`,
  );
  // Its row says it is in progress rather than a time of 0:00 (the time is counted at submission).
  await expect(page.getByTestId('attempt-row').first()).toContainText('Đang làm');
  // A result asked for too early leads back to the exam.
  await page.goto(`/tests/${IELTS.slug}/result/${attemptId}`);
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}/exam/${attemptId}$`));

  const { count } = await answerAndSubmit(page, attemptId);
  expect(count).toBe(40);
  await page.goto(`/tests/${IELTS.slug}/result/${attemptId}`);
  await expect(page.getByTestId('score-total')).toContainText('Tổng điểm');
  await expect(page.getByTestId('estimate-note')).toContainText('ước tính');
  await expect(page.getByTestId('section-scores')).toContainText('Đọc');
  await expect(page.getByTestId('count-skipped')).toContainText('38');
  await saveScreenshot(page, 'learner-result-full-vi-desktop', { fullPage: false });
  await page.goto(`/tests/${IELTS.slug}`);
  await expect(page.getByTestId('best-score')).toBeVisible();
  await expect(page.getByTestId('attempts-table').getByRole('link', { name: 'Xem kết quả' })).toBeVisible();
});

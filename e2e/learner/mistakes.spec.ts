import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot, unexpectedProblems } from '../support/page-helpers';
import { answerAndSubmit, IELTS, startPassageOnePractice } from './practice-helpers';

/** Saves an answer to the statement about Luke Howard in an open attempt, through the API. */
async function answerHoward(page: Page, attemptId: string, value: string) {
  const status = await page.evaluate(
    async ({ id, value }) => {
      const paper = await (await fetch(`/api/user/attempts/${id}`, { credentials: 'include' })).json();
      const questions = paper.result.sections.flatMap(
        (section: {
          items: {
            kind: string;
            question?: { id: string; stem: string };
            group?: { questions: { id: string; stem: string }[] };
          }[];
        }) =>
          section.items.flatMap((item) =>
            item.kind === 'group' ? (item.group?.questions ?? []) : [item.question],
          ),
      );
      const howard = questions.find((question: { stem: string }) => question.stem.includes('Luke Howard'));
      const saved = await fetch(`/api/user/attempts/${id}/answers`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [{ question_id: howard.id, answer: { value }, seq: 1 }] }),
      });
      return { saved: saved.status, count: questions.length };
    },
    { id: attemptId, value },
  );
  expect(status.saved).toBe(200);
  return status.count;
}

test('a learner practises the mistakes of a result, then keeps a note and a bookmark in the notebook (vi, en)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('mistakes');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // A practice of Passage 1: one heading right, the Luke Howard statement wrong and flagged, 11 skipped.
  const attemptId = await startPassageOnePractice(page);
  await answerAndSubmit(page, attemptId);
  problems.splice(0);

  await page.goto(`/tests/${IELTS.slug}/result/${attemptId}`, { waitUntil: 'networkidle' });
  const practise = page.getByTestId('practise-mistakes');
  await expect(practise).toHaveText('Luyện lại câu sai (12 câu)');
  await practise.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'learner-mistakes-result-header-vi-desktop', { fullPage: false });
  // Star the heading question answered right: bookmarks are for any question.
  const first = page.getByTestId('review-question').first();
  await first.getByRole('button', { name: 'Đánh dấu câu này' }).click();
  await expect(first.getByRole('button', { name: 'Bỏ đánh dấu' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'learner-mistakes-bookmark-vi-desktop', { fullPage: false });

  // The mistakes open in the exam runner as a new practice attempt of 12 questions.
  await practise.click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}/exam/[0-9a-f-]{36}$`));
  const practiceId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(practiceId).not.toBe(attemptId);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'learner-mistakes-runner-vi-desktop', { fullPage: false });
  // Howard wrong again (Not given), then submitted from the runner.
  expect(await answerHoward(page, practiceId, 'not_given')).toBe(12);
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Nộp bài thi?' })
    .getByRole('button', { name: 'Nộp bài ngay' })
    .click();
  await page.waitForURL(`**/tests/${IELTS.slug}/result/${practiceId}`);
  await expect(page.getByTestId('review-question')).toHaveCount(12);
  await expect(page.getByTestId('count-wrong')).toContainText('1');

  // The result links to the notebook; the account menu too.
  await expect(page.getByRole('link', { name: 'Mở sổ lỗi sai' })).toHaveAttribute('href', '/mistakes');
  await page.getByRole('button', { name: /^Mở menu tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Sổ lỗi sai' }).click();
  await expect(page).toHaveURL(/\/mistakes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sổ lỗi sai');
  const item = page.getByTestId('notebook-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Luke Howard');
  await expect(item).toContainText('Sai 2 lần');
  await expect(item.getByTestId('notebook-correct')).toContainText('Sai (False)');
  await item
    .getByTestId('notebook-note')
    .fill('Howard đặt tên cho các loại mây, không phải đảo nhiệt đô thị.');
  await item.getByRole('button', { name: 'Lưu ghi chú' }).click();
  await expect(item.getByTestId('note-saved')).toHaveText('Đã lưu ghi chú');
  await page.reload();
  await expect(page.getByTestId('notebook-note')).toHaveValue(
    'Howard đặt tên cho các loại mây, không phải đảo nhiệt đô thị.',
  );
  await saveScreenshot(page, 'learner-mistakes-notebook-vi-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-mistakes-notebook-vi-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bookmarks: the starred question, answered right, is there.
  await page.getByText('Đã đánh dấu (1)').click();
  await expect(page).toHaveURL(/view=bookmarked/);
  await expect(page.getByTestId('notebook-item')).toHaveCount(1);
  await expect(page.getByTestId('notebook-item')).toContainText('Paragraph B');
  await expect(page.getByTestId('notebook-item')).not.toContainText('Câu trả lời gần nhất');

  // English: the same notebook; practise the test's questions to review again.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mistake notebook');
  await page.getByText('To review (1)').click();
  await expect(page.getByTestId('notebook-item')).toContainText('Wrong 2 times');
  await expect(page.getByTestId('notebook-correct')).toContainText('Correct answer: False');
  await expect(page.getByText('Choose a test above to practise its questions again')).toBeVisible();
  await page.getByRole('textbox', { name: 'Test', exact: true }).click();
  // The filter names the test in English, as everything else in English mode.
  await page.getByRole('option', { name: `${IELTS.titleEn} (2)`, exact: true }).click();
  await expect(page).toHaveURL(/test=/);
  await saveScreenshot(page, 'learner-mistakes-notebook-en-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-mistakes-notebook-en-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Practise this question' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}/exam/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  expect(unexpectedProblems(problems, [])).toEqual([]);
});

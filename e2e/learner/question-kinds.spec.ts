import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/*
 * The seeded Grammar & Writing Check exercises the answer kinds the TOEIC and IELTS tests never use:
 * multiple choice with partial credit, ordering (up/down buttons, also from the keyboard) and an essay
 * that waits for a teacher.
 */
const GRAMMAR = {
  slug: 'grammar-writing-check-de-luyen-1',
  title: 'Grammar & Writing Check – Đề luyện 1',
};

const ESSAY = `Hi Sam,

You should visit Hue first. The old citadel is quiet and beautiful, and you can learn a lot about the history of Vietnam there. Also, the food is cheap and delicious, so you will not spend much money. You should try bun bo Hue, a spicy beef noodle soup, at a small shop near the Dong Ba market in the morning. I can meet you there in July if you like.

See you soon,
Lan`;
const ESSAY_WORDS = ESSAY.trim().split(/\s+/).length;

const questionCard = (page: Page, number: number) =>
  page.locator(`[data-testid="exam-question"][data-number="${number}"]`);

/** Opens question `number` from the palette (on a phone, the palette sits behind the "Questions" button). */
async function goToQuestion(page: Page, number: number) {
  const palette = page.locator('[data-testid="question-palette"]:visible');
  const behindButton = (await palette.count()) === 0;
  if (behindButton) await page.getByRole('button', { name: 'Danh sách câu' }).click();
  await palette.getByRole('button', { name: new RegExp(`^Câu ${number}:`) }).click();
  // Choosing a question closes the drawer.
  if (behindButton) await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(questionCard(page, number)).toBeVisible();
  return questionCard(page, number);
}

/** The pieces of an ordering question as listed, top to bottom. */
const pieces = (question: Locator) => question.locator('li p:not([aria-hidden])').allInnerTexts();

/**
 * Reorders the pieces into `target` with the move-up buttons only: for each position, the wanted piece
 * is moved up until it is there. `keyboard` presses Enter on the focused button instead of clicking.
 */
async function reorder(question: Locator, target: string[], keyboard = false) {
  for (const [position, piece] of target.entries()) {
    let current = (await pieces(question)).indexOf(piece);
    expect(current, piece).toBeGreaterThanOrEqual(position);
    while (current > position) {
      const button = question.getByRole('button', { name: `Chuyển “${piece}” lên` });
      if (keyboard) {
        await button.focus();
        await button.press('Enter');
      } else await button.click();
      current -= 1;
      await expect.poll(() => pieces(question).then((list) => list.indexOf(piece))).toBe(current);
    }
  }
  expect(await pieces(question)).toEqual(target);
  // Pieces handed out already in the wanted order are confirmed as they stand.
  const keep = question.getByRole('button', { name: 'Chọn thứ tự này' });
  if (await keep.isVisible()) await keep.click();
  await expect(keep).toHaveCount(0);
}

/** Opens a part of the result's review from its part list, and waits until the URL names it. */
async function openPart(page: Page, part: number) {
  await page
    .getByTestId('review-parts')
    .getByRole('link', { name: new RegExp(`^Part ${part}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?part=${part}$`));
}

test('a learner answers multiple-choice, ordering and essay questions, reloads, submits and reads the review', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'learner');
  await page.waitForURL((url) => url.pathname === '/');

  // The test page shows both parts; the full test starts (or resumes an attempt left by an earlier run).
  await page.goto(`/tests/${GRAMMAR.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GRAMMAR.title);
  const parts = page.getByTestId('parts-table');
  await expect(parts).toContainText('Part 1 – Grammar & sentence building');
  await expect(parts).toContainText('Part 2 – Writing');
  const panel = page.getByTestId('start-panel');
  const resume = panel.getByRole('link', { name: 'Làm tiếp' });
  if (await resume.isVisible()) await resume.click();
  else await panel.getByRole('button', { name: 'Bắt đầu thi cả đề' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${GRAMMAR.slug}/exam/[0-9a-f-]{36}$`));
  const attemptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });

  // Question 1 (choose the TWO correct sentences): checkboxes; only one of the two right ones is ticked.
  const q1 = await goToQuestion(page, 1);
  await expect(q1.getByRole('checkbox')).toHaveCount(5);
  await expect(q1.getByText('Chọn tất cả đáp án đúng (có thể có nhiều hơn một).')).toBeVisible();
  await q1.getByRole('checkbox', { name: /^B\. I have known Minh/ }).check();
  // Question 3 (THREE options): all three right ones.
  const q3 = await goToQuestion(page, 3);
  for (const key of ['A', 'B', 'D'])
    await q3.getByRole('checkbox', { name: new RegExp(`^${key}\\.`) }).check();
  // Question 4: a wrong single choice; question 5: the right one.
  await (await goToQuestion(page, 4)).getByRole('radio', { name: /^A\./ }).check();
  await (await goToQuestion(page, 5)).getByRole('radio', { name: /^B\./ }).check();

  // Question 7: the indirect question put fully in order with the keyboard.
  const q7 = await goToQuestion(page, 7);
  await expect(q7.getByText('Sắp xếp các phần theo đúng thứ tự bằng nút lên và xuống.')).toBeVisible();
  await reorder(q7, ['Could you tell me', 'where', 'the nearest bus stop', 'is'], true);
  // Question 8: first and last parts in place, the middle two swapped (half the positions).
  const q8 = await goToQuestion(page, 8);
  const q8Order = ['Although', 'the volunteers', 'it was raining heavily,', 'kept cleaning the beach.'];
  await reorder(q8, q8Order);
  await page.setViewportSize({ width: 390, height: 844 });
  await q8.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'question-kinds-ordering-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Question 10: the essay, with a live word count.
  const q10 = await goToQuestion(page, 10);
  const essay = q10.getByRole('textbox', { name: 'Câu 10: Bài viết của bạn' });
  await essay.fill(ESSAY.slice(0, ESSAY.lastIndexOf(' ')));
  await essay.pressSequentially(ESSAY.slice(ESSAY.lastIndexOf(' ')));
  await expect(q10.getByText(`${ESSAY_WORDS} từ`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await saveScreenshot(page, 'question-kinds-essay-desktop', { fullPage: false });

  // Reload mid-exam: the three kinds come back as they were left.
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await expect(questionCard(page, 10).getByRole('textbox')).toHaveValue(ESSAY);
  await expect(questionCard(page, 10).getByText(`${ESSAY_WORDS} từ`, { exact: true })).toBeVisible();
  const q1Again = await goToQuestion(page, 1);
  await expect(q1Again.getByRole('checkbox', { name: /^B\./ })).toBeChecked();
  await expect(q1Again.getByRole('checkbox', { name: /^D\./ })).not.toBeChecked();
  await expect(q1Again.getByRole('checkbox', { name: /^A\./ })).not.toBeChecked();
  expect(await pieces(await goToQuestion(page, 8))).toEqual(q8Order);
  expect(await pieces(await goToQuestion(page, 7))).toEqual([
    'Could you tell me',
    'where',
    'the nearest bus stop',
    'is',
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await goToQuestion(page, 1);
  await saveScreenshot(page, 'question-kinds-multiple-phone', { fullPage: false });
  await (await goToQuestion(page, 10))
    .getByText(`${ESSAY_WORDS} từ`, { exact: true })
    .scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'question-kinds-essay-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Submit: 3 questions unanswered (2, 6 and 9).
  await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nộp bài thi?' });
  await expect(dialog.getByTestId('unanswered-count')).toHaveText('Còn 3 câu chưa trả lời.');
  await dialog.getByRole('button', { name: 'Nộp bài ngay' }).click();
  await page.waitForURL(`**/tests/${GRAMMAR.slug}/result/${attemptId}`);

  // The result in Vietnamese: the essay waits for a teacher and is not counted as wrong.
  await expect(page.getByTestId('pending-note')).toContainText('1 câu tự luận đang chờ giáo viên chấm');
  await expect(page.getByTestId('count-correct')).toContainText('3');
  await expect(page.getByTestId('count-wrong')).toContainText('1');
  await expect(page.getByTestId('count-skipped')).toContainText('3');
  // The headline counts only what is graded, in points as the table does: 3 right and two halves of
  // the 9 auto-graded questions.
  await expect(page.getByTestId('score-total')).toContainText('Điểm');
  await expect(page.getByTestId('score-total')).toContainText('4/9');
  await expect(page.getByTestId('score-pending')).toHaveText('1 câu chờ chấm chưa tính');
  const scores = page.getByTestId('section-scores');
  await expect(scores.getByRole('row', { name: /Ngữ pháp/ })).toContainText('4 / 9');
  await expect(scores.getByRole('row', { name: /Viết/ })).toContainText('Chờ chấm');

  const review = (number: number) =>
    page.getByTestId('review-question').filter({ has: page.getByText(`Câu ${number}`, { exact: true }) });
  // Multiple choice: half a point for one of two right answers, with the rule and both right options shown.
  await expect(review(1)).toHaveAttribute('data-outcome', 'partial');
  await expect(review(1).getByText('Đúng một phần 0.5/1')).toBeVisible();
  await expect(review(1).getByTestId('partial-rule')).toContainText('mỗi lựa chọn sai trừ lại');
  await expect(review(1).locator('li[data-correct="true"]')).toHaveCount(2);
  await expect(review(1).locator('li[data-chosen="true"]')).toHaveCount(1);
  await expect(review(3)).toHaveAttribute('data-outcome', 'correct');
  // Ordering: the learner's order next to the correct one, each part marked in or out of place.
  await expect(review(7)).toHaveAttribute('data-outcome', 'correct');
  await expect(review(8)).toHaveAttribute('data-outcome', 'partial');
  await expect(review(8).getByText('Đúng một phần 0.5/1')).toBeVisible();
  const yourOrder = review(8).getByTestId('your-order').getByRole('listitem');
  await expect(yourOrder).toHaveText([
    /1\.Although\s*Đúng vị trí/,
    /2\.the volunteers\s*Sai vị trí/,
    /3\.it was raining heavily,\s*Sai vị trí/,
    /4\.kept cleaning the beach\.\s*Đúng vị trí/,
  ]);
  await expect(review(8).getByTestId('correct-order').getByRole('listitem')).toHaveText([
    /Although/,
    /it was raining heavily,/,
    /the volunteers/,
    /kept cleaning the beach\./,
  ]);
  // The essay, on Part 2: pending, not wrong; the text as written, its word count and the marking criteria.
  await openPart(page, 2);
  await expect(review(10)).toHaveAttribute('data-outcome', 'pending');
  await expect(review(10).getByText('Chờ chấm', { exact: true })).toBeVisible();
  // The learner is in no centre: told plainly that no teacher will mark it (issue 28).
  await expect(review(10).getByTestId('no-teacher')).toContainText('Sẽ không có giáo viên chấm');
  await expect(review(10).getByTestId('no-teacher')).toContainText('không phải câu sai');
  await expect(review(10).getByText(`Bài viết của bạn (${ESSAY_WORDS} từ)`)).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, so the paragraphs must show as written
  expect(await review(10).getByTestId('your-essay').innerText()).toBe(ESSAY);
  await expect(review(10).getByTestId('essay-guidance')).toContainText('Tiêu chí chấm');
  // The "wrong" filter lists the wrong and partly right questions of Part 1, never the essay.
  await openPart(page, 1);
  await page
    .getByTestId('review-filter')
    .getByRole('button', { name: /^Câu sai/ })
    .click();
  await expect(page.getByTestId('review-question')).toHaveCount(3);
  await expect(review(10)).toHaveCount(0);
  await page
    .getByTestId('review-filter')
    .getByRole('button', { name: /^Tất cả/ })
    .click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'question-kinds-result-vi-desktop', { fullPage: false });
  for (const number of [1, 8]) {
    await review(number).screenshot({
      path: `test-results/screenshots/question-kinds-review-${number}-vi.png`,
    });
  }
  await openPart(page, 2);
  await review(10).screenshot({ path: 'test-results/screenshots/question-kinds-review-10-vi.png' });
  await openPart(page, 1);

  // The same result in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('pending-note')).toContainText('1 essay question is waiting for a teacher');
  await expect(scores.getByRole('row', { name: /Grammar/ })).toContainText('4 / 9');
  await expect(scores.getByRole('row', { name: /Writing/ })).toContainText('Awaiting grading');
  const reviewEn = (number: number) =>
    page
      .getByTestId('review-question')
      .filter({ has: page.getByText(`Question ${number}`, { exact: true }) });
  await expect(reviewEn(1).getByText('Partly correct 0.5/1')).toBeVisible();
  await expect(reviewEn(8).getByText('Your order')).toBeVisible();
  await expect(reviewEn(8).getByText('Correct order')).toBeVisible();
  await expect(reviewEn(8).getByText('Out of place')).toHaveCount(2);
  await openPart(page, 2);
  await expect(reviewEn(10).getByTestId('no-teacher')).toContainText('No teacher will mark this answer');
  await expect(reviewEn(10).getByTestId('no-teacher')).toContainText('it is not counted as wrong');
  await expect(reviewEn(10).getByText(`Your writing (${ESSAY_WORDS} words)`)).toBeVisible();
  await expect(reviewEn(10).getByTestId('essay-guidance')).toContainText('Marking criteria');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'question-kinds-result-en-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await openPart(page, 1);
  await reviewEn(8).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'question-kinds-result-en-phone', { fullPage: false });
  await openPart(page, 2);
  await reviewEn(10).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'question-kinds-result-essay-en-phone', { fullPage: false });
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  expect(problems).toEqual([]);
});

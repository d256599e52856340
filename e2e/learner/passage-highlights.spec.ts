import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/*
 * Highlights and notes on reading passages (issue 14): a learner selects a sentence of an IELTS passage,
 * highlights it with the keyboard, writes a note; after a reload (and in English) both are still there,
 * another highlight is removed, and the review of the submitted attempt shows the highlight and its note.
 */

const IELTS = 'ielts-academic-reading-de-luyen-1';

async function signUp(page: Page) {
  const email = uniqueEmail('highlights');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
}

/** Selects the first sentence (or its last word) of the passage's first long text; answers the text. */
function selectInPassage(page: Page, pick: 'sentence' | 'lastWord') {
  return page.getByTestId('passage-text').evaluate((passage, which) => {
    const walker = document.createTreeWalker(passage, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode() as Text | null;
    while (node && !(node.data.length > 80 && node.data.indexOf('. ') > 20))
      node = walker.nextNode() as Text | null;
    if (!node) return '';
    const text = node.data;
    const stop = text.indexOf('. ');
    const [from, to] = which === 'sentence' ? [0, stop + 1] : [text.lastIndexOf(' ', stop - 1) + 1, stop];
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return text.slice(from, to).trim();
  }, pick);
}

const savedHighlights = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/highlights') && response.request().method() === 'PUT' && response.ok(),
  );

test('a learner highlights a sentence of a passage, notes it, reloads and still sees both; the review shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  await signUp(page);
  const started = await page.request.post(`/api/user/tests/${IELTS}/attempts`, { data: { mode: 'full' } });
  expect([200, 201]).toContain(started.status());
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  await page.goto(`/tests/${IELTS}/exam/${attemptId}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });

  // Nothing selected: the button says what to do.
  const button = page.getByRole('button', { name: 'Tô sáng đoạn chọn' });
  await button.click();
  await expect(page.getByTestId('highlight-hint')).toContainText('Hãy bôi chọn một đoạn chữ');

  // A sentence selected, highlighted from the keyboard.
  const sentence = await selectInPassage(page, 'sentence');
  expect(sentence.length).toBeGreaterThan(20);
  // The learner takes a moment: the timer ticks (the runner renders again) and the selection stays.
  const timer = page.getByTestId('exam-timer');
  const shown = await timer.textContent();
  await expect(timer).not.toHaveText(shown ?? '');
  let saved = savedHighlights(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await saved;
  const marks = page.getByTestId('passage-text').getByTestId('highlight-mark');
  await expect(marks).toHaveCount(1);
  await expect(marks.first()).toHaveText(sentence);
  const item = page.getByTestId('highlight-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(sentence.slice(0, 40));

  // A note on it.
  saved = savedHighlights(page);
  await item.getByRole('textbox', { name: 'Ghi chú' }).fill('Ý chính của đoạn đầu');
  await page.keyboard.press('Enter');
  await saved;
  await saveScreenshot(page, 'exam-runner-highlights-vi-desktop', { fullPage: false });

  // A second highlight (one word), then removed again.
  const word = await selectInPassage(page, 'lastWord');
  saved = savedHighlights(page);
  await button.click();
  await saved;
  await expect(page.getByTestId('highlight-item')).toHaveCount(2);
  saved = savedHighlights(page);
  await page.getByRole('button', { name: `Bỏ tô sáng “${word}”` }).click();
  await saved;
  await expect(page.getByTestId('highlight-item')).toHaveCount(1);

  // Reloaded: the highlight and its note are still there; in English too.
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('passage-text').getByTestId('highlight-mark')).toHaveText([sentence]);
  await expect(page.getByTestId('highlight-note')).toHaveValue('Ý chính của đoạn đầu');
  await page.goto(`/tests/${IELTS}/exam/${attemptId}?lang=en`);
  await expect(page.getByRole('button', { name: 'Highlight selection' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Highlights and notes' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('Ý chính của đoạn đầu');
  await saveScreenshot(page, 'exam-runner-highlights-en-desktop', { fullPage: false });

  // Submitted, the review of the passage shows the highlight and the note.
  const submitted = await page.request.post(`/api/user/attempts/${attemptId}/submit`, {
    data: { answers: [] },
  });
  expect(submitted.status()).toBe(200);
  await page.goto(`/tests/${IELTS}/result/${attemptId}?lang=vi`);
  const review = page.getByTestId('review-highlights').first();
  await expect(review).toContainText('Ý chính của đoạn đầu');
  await expect(review).toContainText(sentence.slice(0, 40));
  await expect(page.getByTestId('passage').first().locator('mark')).toHaveText([sentence]);
  await review.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'result-review-highlights-vi-desktop', { fullPage: false });
  expect(problems).toEqual([]);
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot, unexpectedProblems } from '../support/page-helpers';
import { answerCurrent, currentQuestion } from './practice-helpers';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const IELTS = 'ielts-academic-reading-de-luyen-1';

interface PaperQuestion {
  id: string;
  number: number;
  answer_kind: string;
  options: Array<{ key: string }>;
}
interface PaperSection {
  name: string;
  items: Array<
    { kind: 'question'; question: PaperQuestion } | { kind: 'group'; group: { questions: PaperQuestion[] } }
  >;
}
interface Paper {
  attempt: { id: string; status: string; deadline_at: string | null };
  sections: PaperSection[];
  answers: Array<{
    question_id: string;
    answer: Record<string, unknown> | null;
    flagged: boolean;
    seq: number;
  }>;
}

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
}

/** Starts (or resumes) a full attempt with the page's cookies, as the test page's start button does. */
async function startAttempt(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.post(`/api/user/tests/${slug}/attempts`, { data: { mode: 'full' } });
  expect([200, 201]).toContain(response.status());
  return ((await response.json()) as { result: { id: string } }).result.id;
}

async function readPaper(request: APIRequestContext, attemptId: string): Promise<Paper> {
  const response = await request.get(`/api/user/attempts/${attemptId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: Paper }).result;
}

function questionsOf(paper: Paper): PaperQuestion[] {
  return paper.sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );
}

async function openExam(page: Page, slug: string, attemptId: string) {
  await page.goto(`/tests/${slug}/exam/${attemptId}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
}

const timerMs = async (page: Page) =>
  Number(await page.getByTestId('exam-timer').getAttribute('data-remaining-ms'));
const paletteCell = (page: Page, number: number) =>
  page.getByTestId('question-palette').getByRole('button', { name: new RegExp(`^Câu ${number}:`) });
test.describe('exam runner', () => {
  test('a learner takes the TOEIC test: audio, answers, reload, offline, flag, submit', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const problems = collectConsoleProblems(page);
    await signIn(page, DEMO.learner);
    const attemptId = await startAttempt(page.request, TOEIC);
    const paper = await readPaper(page.request, attemptId);
    const questions = questionsOf(paper);
    expect(questions).toHaveLength(200);

    await openExam(page, TOEIC, attemptId);
    await expect(page.getByRole('heading', { name: 'Câu 1', exact: true })).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    // Part 1 plays its recording once: the audio element really advances.
    await page.getByRole('button', { name: 'Phát đoạn ghi âm' }).click();
    await expect
      .poll(() => page.getByTestId('exam-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.3);
    await expect(page.getByRole('button', { name: 'Đang phát…' })).toBeDisabled();
    await saveScreenshot(page, 'exam-runner-toeic-desktop', { fullPage: false });

    // Keyboard: B chooses option B, → goes to the next question; clicks work too.
    await page.keyboard.press('b');
    await expect(currentQuestion(page).getByRole('radio', { name: /^B\b/ })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('heading', { name: 'Câu 2', exact: true })).toBeVisible();
    await currentQuestion(page).getByRole('radio', { name: /^C\b/ }).check();
    await page.getByRole('button', { name: 'Câu sau' }).click();
    await page.keyboard.press('4');
    await expect(currentQuestion(page).getByRole('radio', { name: /^D\b/ })).toBeChecked();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await expect(paletteCell(page, 1)).toHaveAttribute('data-answered', 'true');

    await expectAccessible(page);

    // Reload mid-exam: same question, answers intact, the countdown continues (never resets).
    const before = await timerMs(page);
    expect(before).toBeLessThan(120 * 60_000);
    await page.reload();
    await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Câu 3', exact: true })).toBeVisible();
    await expect(currentQuestion(page).getByRole('radio', { name: /^D\b/ })).toBeChecked();
    expect(await timerMs(page)).toBeLessThanOrEqual(before);
    await paletteCell(page, 1).click();
    await expect(currentQuestion(page).getByRole('radio', { name: /^B\b/ })).toBeChecked();
    // The recording was played once already: it cannot be played again after the reload.
    await expect(page.getByRole('button', { name: 'Đoạn ghi âm đã được phát' })).toBeDisabled();

    // Offline: answer ten questions (Part 2, questions 11–20); the page says they are not saved yet.
    await paletteCell(page, 11).click();
    await context.setOffline(true);
    const offlineAnswers = new Map<string, string>();
    for (let number = 11; number <= 20; number += 1) {
      await expect(page.getByRole('heading', { name: `Câu ${number}`, exact: true })).toBeVisible();
      const key = ['A', 'B', 'C'][number % 3]!;
      await page.keyboard.press(key.toLowerCase());
      await expect(
        currentQuestion(page).getByRole('radio', { name: new RegExp(`^${key}\\b`) }),
      ).toBeChecked();
      offlineAnswers.set(questions[number - 1]!.id, key);
      await page.keyboard.press('ArrowRight');
    }
    const status = page.getByTestId('save-status');
    await expect(status).toHaveAttribute('data-status', 'offline');
    await expect(status).toHaveAttribute('data-pending', '10');
    await expect(status).toContainText('Mất kết nối · 10 câu chưa được lưu');
    await saveScreenshot(page, 'exam-runner-offline-desktop', { fullPage: false });

    await context.setOffline(false);
    await expect(status).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
    const saved = await readPaper(page.request, attemptId);
    const savedById = new Map(saved.answers.map((answer) => [answer.question_id, answer]));
    for (const [questionId, key] of offlineAnswers) {
      expect(savedById.get(questionId)?.answer).toEqual({ key });
    }

    // Flag the current question: the palette shows it.
    await page.getByRole('button', { name: 'Đánh dấu xem lại' }).click();
    await expect(page.getByRole('button', { name: 'Bỏ đánh dấu' })).toHaveAttribute('aria-pressed', 'true');
    await expect(paletteCell(page, 21)).toHaveAttribute('data-flagged', 'true');
    await expect(paletteCell(page, 21)).toHaveAccessibleName('Câu 21: Chưa trả lời, đã đánh dấu');

    // Submit: the confirmation counts unanswered and flagged questions; then the result page.
    await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nộp bài thi?' });
    await expect(dialog.getByTestId('unanswered-count')).toHaveText('Còn 187 câu chưa trả lời.');
    await expect(dialog.getByTestId('flagged-count')).toHaveText('1 câu đang được đánh dấu xem lại.');
    await saveScreenshot(page, 'exam-runner-submit-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Nộp bài ngay' }).click();
    await page.waitForURL(`**/tests/${TOEIC}/result/${attemptId}`);
    expect((await readPaper(page.request, attemptId)).attempt.status).toBe('submitted');

    // Submitting twice is harmless, and the runner of a submitted attempt leads to its result.
    const again = await page.request.post(`/api/user/attempts/${attemptId}/submit`, { data: {} });
    expect(again.status()).toBe(200);
    await page.goto(`/tests/${TOEIC}/exam/${attemptId}`);
    await page.waitForURL(`**/tests/${TOEIC}/result/${attemptId}`);
    expect(unexpectedProblems(problems, [])).toEqual([]);
  });

  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto(`/tests/${TOEIC}/exam/00000000-0000-4000-8000-000000000000`);
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  });

  test('two tabs on one attempt see each other’s answers and do not corrupt them', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('two-tabs');
    await registerLearner(page.request, email, DEMO_PASSWORD);
    await signIn(page, email);
    const attemptId = await startAttempt(page.request, TOEIC);
    const questions = questionsOf(await readPaper(page.request, attemptId));
    await openExam(page, TOEIC, attemptId);
    const other = await context.newPage();
    await openExam(other, TOEIC, attemptId);

    await page.keyboard.press('a');
    await expect(paletteCell(other, questions[0]!.number)).toHaveAttribute('data-answered', 'true');
    await expect(currentQuestion(other).getByRole('radio', { name: /^A\b/ })).toBeChecked();

    await other.keyboard.press('c');
    await expect(currentQuestion(page).getByRole('radio', { name: /^C\b/ })).toBeChecked();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await expect
      .poll(async () => {
        const paper = await readPaper(page.request, attemptId);
        return paper.answers.find((answer) => answer.question_id === questions[0]!.id)?.answer;
      })
      .toEqual({ key: 'C' });
  });
});

test('reading passages sit beside their questions, and typing an answer never triggers shortcuts', async ({
  page,
}) => {
  const email = uniqueEmail('reading-split');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signIn(page, email);
  const attemptId = await startAttempt(page.request, IELTS);
  const questions = questionsOf(await readPaper(page.request, attemptId));
  await openExam(page, IELTS, attemptId);

  const passage = page.getByTestId('passage');
  const question = currentQuestion(page);
  const [passageBox, questionBox] = [await passage.boundingBox(), await question.boundingBox()];
  expect(passageBox && questionBox && passageBox.x + passageBox.width <= questionBox.x).toBe(true);
  await saveScreenshot(page, 'exam-runner-ielts-desktop', { fullPage: false });

  const gap = questions.find((one) => one.answer_kind === 'gap_fill')!;
  await paletteCell(page, gap.number).click();
  const input = currentQuestion(page).getByRole('textbox');
  await input.pressSequentially('fab');
  await expect(input).toHaveValue('fab');
  await expect(paletteCell(page, gap.number)).not.toHaveAttribute('data-flagged', 'true');
  await expect(currentQuestion(page)).toHaveAttribute('data-number', String(gap.number));
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  await page.reload();
  await expect(currentQuestion(page).getByRole('textbox')).toHaveValue('fab', { timeout: 15_000 });
});

/** Starts a part practice of the TOEIC test's first part (untimed when `minutes` is null). */
async function startPractice(request: APIRequestContext, minutes: number | null): Promise<string> {
  const detail = await request.get(`/api/public/tests/${TOEIC}`);
  const sections = ((await detail.json()) as { result: { sections: Array<{ id: string }> } }).result.sections;
  const response = await request.post(`/api/user/tests/${TOEIC}/attempts`, {
    data: { mode: 'practice', section_ids: [sections[0]!.id], time_limit_minutes: minutes },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { result: { id: string } }).result.id;
}

test('untimed part practice shows elapsed time and gives the recording free controls', async ({ page }) => {
  const email = uniqueEmail('practice');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signIn(page, email);
  const attemptId = await startPractice(page.request, null);
  await openExam(page, TOEIC, attemptId);
  const timer = page.getByTestId('exam-timer');
  await expect(timer).not.toHaveAttribute('data-remaining-ms');
  await expect(page.getByText('Thời gian đã làm')).toBeAttached();
  await expect(page.getByTestId('free-audio')).toHaveAttribute('controls', '');
  await expect(page.getByTestId('once-audio')).toHaveCount(0);
  await expect(page.getByTestId('question-palette').getByRole('button')).toHaveCount(6);
});

test('at the deadline the answers are saved and the attempt is submitted by itself', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('deadline');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signIn(page, email);
  const attemptId = await startPractice(page.request, 1);
  const questions = questionsOf(await readPaper(page.request, attemptId));
  await openExam(page, TOEIC, attemptId);
  await page.keyboard.press('c');
  await expect(currentQuestion(page).getByRole('radio', { name: /^C\b/ })).toBeChecked();
  await page.waitForURL(`**/tests/${TOEIC}/result/${attemptId}`, { timeout: 120_000 });
  const paper = await readPaper(page.request, attemptId);
  expect(paper.attempt.status).toBe('submitted');
  expect(paper.answers.find((answer) => answer.question_id === questions[0]!.id)?.answer).toEqual({
    key: 'C',
  });
});

test.describe('exam runner on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a learner answers and moves through the reading test on a phone', async ({ page }) => {
    const email = uniqueEmail('phone-exam');
    await registerLearner(page.request, email, DEMO_PASSWORD);
    await signIn(page, email);
    const attemptId = await startAttempt(page.request, IELTS);
    const questions = questionsOf(await readPaper(page.request, attemptId));
    await openExam(page, IELTS, attemptId);

    const first = questions[0]!;
    await expect(page.getByRole('heading', { name: `Câu ${first.number}`, exact: true })).toBeVisible();
    await answerCurrent(page, 'water');
    await page.getByRole('button', { name: 'Câu sau' }).click();
    await expect(page.getByRole('heading', { name: `Câu ${first.number + 1}`, exact: true })).toBeVisible();
    await saveScreenshot(page, 'exam-runner-ielts-phone', { fullPage: false });

    // The palette lives in a drawer on a phone.
    await expect(page.getByTestId('question-palette')).toBeHidden();
    await page.getByRole('button', { name: 'Danh sách câu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Danh sách câu' });
    await expect(drawer.getByRole('button', { name: `Câu ${first.number}: Đã trả lời` })).toBeVisible();
    await saveScreenshot(page, 'exam-runner-palette-phone', { fullPage: false });
    const target = questions[5]!;
    await drawer.getByRole('button', { name: new RegExp(`^Câu ${target.number}:`) }).click();
    await expect(drawer).toBeHidden();
    await expect(currentQuestion(page)).toHaveAttribute('data-number', String(target.number));
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});

test('moving the computer clock does not move the deadline', async ({ page }) => {
  const email = uniqueEmail('clock');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signIn(page, email);
  const attemptId = await startAttempt(page.request, IELTS);
  await openExam(page, IELTS, attemptId);
  const before = await timerMs(page);
  expect(before).toBeGreaterThan(50 * 60_000);

  // The learner sets the clock three hours ahead (past the 60-minute deadline), then back a day.
  for (const shift of [3 * 3_600_000, -24 * 3_600_000]) {
    await page.clock.setFixedTime(Date.now() + shift);
    // Two real seconds under the moved clock (as the learner would see it): the timer must have gone
    // down by about that much, never up. A redraw alone can show a remaining time a second above the
    // first reading, while the runner re-anchors on the moved clock, so this wait stays.
    await page.waitForTimeout(2_000);
    const remaining = await timerMs(page);
    // Re-syncing with the server after the jump may correct the first reading by a few seconds on a
    // busy machine (seen: +2.3 s, and +9.2 s at a load average of 10); a clock that moved the deadline
    // would be hours off.
    expect(remaining).toBeLessThanOrEqual(before + 15_000);
    expect(remaining).toBeGreaterThan(before - 60_000);
  }
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  const afterReload = await timerMs(page);
  expect(afterReload).toBeGreaterThan(before - 60_000);
  expect(afterReload).toBeLessThanOrEqual(before + 15_000);
  expect((await readPaper(page.request, attemptId)).attempt.status).toBe('in_progress');
});

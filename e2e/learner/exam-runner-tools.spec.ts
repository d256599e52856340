import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

/*
 * The runner's keyboard shortcuts dialog and listening volume (issue 14): the dialog lists the keys the
 * runner answers to and opens with "?" or the header's button; the volume applies to the recording and
 * holds across questions and a reload of the same attempt.
 */

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const IELTS = 'ielts-academic-reading-de-luyen-1';

async function signUp(page: Page) {
  const email = uniqueEmail('runner-tools');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
}

async function startAttempt(page: Page, slug: string): Promise<string> {
  const response = await page.request.post(`/api/user/tests/${slug}/attempts`, { data: { mode: 'full' } });
  expect([200, 201]).toContain(response.status());
  return ((await response.json()) as { result: { id: string } }).result.id;
}

async function openExam(page: Page, slug: string, attemptId: string, query = '') {
  await page.goto(`/tests/${slug}/exam/${attemptId}${query}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
}

const currentQuestion = (page: Page) => page.locator('[data-testid="exam-question"][data-current]');
const audioVolume = (page: Page) =>
  page.getByTestId('exam-audio').evaluate((audio: HTMLAudioElement) => audio.volume);

test('the shortcuts dialog lists the runner’s keys and opens with ? or its button (vi, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await signUp(page);
  const attemptId = await startAttempt(page, IELTS);
  await openExam(page, IELTS, attemptId);

  // "?" opens it; while it is open the other keys do nothing.
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Phím tắt' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByTestId('shortcuts-table');
  for (const action of [
    'Câu trước',
    'Câu sau',
    'Chọn đáp án A, B, C hoặc D',
    'Đánh dấu hoặc bỏ đánh dấu câu để xem lại',
    'Hiện danh sách này',
  ]) {
    await expect(table).toContainText(action);
  }
  const heading = await currentQuestion(page).getByRole('heading').first().textContent();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('f');
  await saveScreenshot(page, 'exam-runner-shortcuts-vi-desktop', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(currentQuestion(page).getByRole('heading').first()).toHaveText(heading ?? '');
  await expect(page.getByRole('button', { name: 'Đánh dấu xem lại' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The shortcuts it lists work once it is closed: → moves on, F flags.
  await page.keyboard.press('ArrowRight');
  await expect(currentQuestion(page).getByRole('heading').first()).not.toHaveText(heading ?? '');
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Bỏ đánh dấu' })).toHaveAttribute('aria-pressed', 'true');

  // English, from the header's button.
  await openExam(page, IELTS, attemptId, '?lang=en');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const english = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(english.getByTestId('shortcuts-table')).toContainText('Choose answer A, B, C or D');
  await expect(english.getByTestId('shortcuts-table')).toContainText(
    'Flag or unflag the question for review',
  );
  await saveScreenshot(page, 'exam-runner-shortcuts-en-desktop', { fullPage: false });
  await english.getByRole('button', { name: 'Close' }).click();
  await expect(english).toBeHidden();
  // A reading test has no recording: no volume control.
  await expect(page.getByTestId('volume-button')).toHaveCount(0);
  expect(unexpectedProblems(problems, [])).toEqual([]);
});

test('the listening volume applies to the recording and holds for the attempt', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await signUp(page);
  const attemptId = await startAttempt(page, TOEIC);
  await openExam(page, TOEIC, attemptId);

  const button = page.getByTestId('volume-button');
  await expect(button).toHaveAttribute('aria-label', 'Âm lượng bài nghe: 100%');
  expect(await audioVolume(page)).toBe(1);
  await button.click();
  const slider = page.getByRole('slider', { name: 'Âm lượng' });
  await expect(slider).toBeVisible();
  // The keyboard moves it in steps of 5 %.
  await slider.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '60');
  await saveScreenshot(page, 'exam-runner-volume-vi-desktop', { fullPage: false });
  await expect.poll(() => audioVolume(page)).toBeCloseTo(0.6, 5);
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-label', 'Âm lượng bài nghe: 60%');

  // The recording plays at that volume, on the next question too, and after a reload.
  await page.getByRole('button', { name: 'Phát đoạn ghi âm' }).click();
  await expect
    .poll(() => page.getByTestId('exam-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.2);
  expect(await audioVolume(page)).toBeCloseTo(0.6, 5);
  await page.getByRole('button', { name: 'Câu sau' }).click();
  expect(await audioVolume(page)).toBeCloseTo(0.6, 5);
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await expect(button).toHaveAttribute('aria-label', 'Âm lượng bài nghe: 60%');
  expect(await audioVolume(page)).toBeCloseTo(0.6, 5);

  // A full test plays its recordings once, at normal speed: no speed choice.
  await button.click();
  await expect(slider).toBeVisible();
  await expect(page.getByTestId('speed-control')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Closed before it is opened again (a click during the closing would land on the old popover).
  await expect(slider).toBeHidden();

  // Mute and back.
  await button.click();
  await expect(slider).toBeVisible();
  await page.getByRole('button', { name: 'Tắt tiếng' }).click();
  await expect(button).toHaveAttribute('data-volume', '0');
  expect(await audioVolume(page)).toBe(0);
  await page.getByRole('button', { name: 'Bật tiếng' }).click();
  await expect(button).toHaveAttribute('data-volume', '100');

  expect(unexpectedProblems(problems, [])).toEqual([]);
});

test('part practice plays its recordings at the speed the learner picks, kept for the attempt (vi, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await signUp(page);
  // Practise TOEIC Part 2 alone: its recordings play with the browser's controls.
  await page.goto(`/tests/${TOEIC}`, { waitUntil: 'networkidle' });
  const panel = page.getByTestId('start-panel');
  await panel.getByRole('checkbox', { name: /Part 2/ }).check();
  await panel.getByRole('button', { name: 'Luyện 1 phần đã chọn' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${TOEIC}/exam/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  const rate = () =>
    page
      .getByTestId('free-audio')
      .first()
      .evaluate((audio: HTMLAudioElement) => audio.playbackRate);
  expect(await rate()).toBe(1);

  await page.getByTestId('volume-button').click();
  const speed = page.getByTestId('speed-control');
  await expect(page.getByText('Tốc độ phát')).toBeVisible();
  await speed.getByText('0.75×').click();
  await expect.poll(rate).toBe(0.75);
  await saveScreenshot(page, 'exam-runner-speed-vi-desktop', { fullPage: false });
  await page.keyboard.press('Escape');
  // The next question's recording and a reload keep the speed.
  await page.getByRole('button', { name: 'Câu sau' }).click();
  await expect.poll(rate).toBe(0.75);
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await expect.poll(rate).toBe(0.75);

  await page.goto(`${page.url()}?lang=en`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('volume-button').click();
  await expect(page.getByText('Playback speed')).toBeVisible();
  await page.getByTestId('speed-control').getByText('1.25×').click();
  await expect.poll(rate).toBe(1.25);
  expect(unexpectedProblems(problems, [])).toEqual([]);
});

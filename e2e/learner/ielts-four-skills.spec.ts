import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { registerLearner, signInAs, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { answerCurrent, currentQuestion } from './practice-helpers';

/*
 * Issue 28's "done when", in the browser (project `speaking`: Chromium's fake microphone). A learner takes
 * the four-skill IELTS Academic test: answers some Listening and Reading questions, writes both Writing
 * tasks (live word count against the minimum, no browser spell-check) and records all eight Speaking
 * answers. One recording is made with the connection down, the page is reloaded while it cannot be sent,
 * and it reaches the server once the connection is back. On submitting, Listening and Reading have their
 * bands at once and Writing and Speaking wait; the machine's draft of the essays appears; the platform's
 * staff mark every answer in /admin (one through the marking screen, with the recording's player), and the
 * learner reads the teacher's bands and the overall band. The same test on a phone: writing and speaking
 * in the runner, submitted, and the bands card. (A centre's teacher marking in the portal is
 * organization/marking-queue.spec.ts.) Listening and Reading's own runner behaviour has its own specs.
 */

const SLUG = 'ielts-academic-full-test-1';
const TASK_1 =
  'The chart compares how people in Lamford travelled to work in 2000, 2010 and 2020. Overall, cars ' +
  'lost ground to buses and bicycles. In 2000 most commuters drove, while by 2020 the bus was the most ' +
  'common choice and cycling had doubled.';
const TASK_2 =
  'Some people think public transport should be free, while others believe passengers should pay. In my ' +
  'opinion, free buses help cities because more people leave their cars at home, and the air gets ' +
  'cleaner. However, the service still costs money, so the city must find it in taxes.';

const CRITERIA = {
  ielts_writing: ['task_response', 'coherence_cohesion', 'lexical_resource', 'grammatical_range'],
  ielts_speaking: ['fluency_coherence', 'lexical_resource', 'grammatical_range', 'pronunciation'],
} as const;

interface PaperQuestion {
  id: string;
  number: number;
  answer_kind: string;
}
type PaperItem =
  | { kind: 'question'; question: PaperQuestion }
  | { kind: 'group'; group: { questions: PaperQuestion[] } };
interface Paper {
  sections: { items: PaperItem[] }[];
}
interface Band {
  skill: string;
  band: number | null;
}

/** IELTS's rounding of a mean: to the nearest half band, .25 and .75 rounding up. */
const ieltsBand = (bands: number[]) =>
  Math.round((bands.reduce((sum, band) => sum + band, 0) / bands.length) * 2) / 2;

/** Goes to a question through the palette (on a phone, the palette opens in a drawer). */
async function goTo(page: Page, number: number) {
  const toggle = page.getByRole('button', { name: 'Danh sách câu', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  await page
    .getByTestId('question-palette')
    .filter({ visible: true })
    .getByRole('button', { name: new RegExp(`^Câu ${number}:`) })
    .click();
  await expect(currentQuestion(page)).toHaveAttribute('data-number', String(number));
  const drawer = page.getByRole('dialog', { name: 'Danh sách câu' });
  if (await drawer.isVisible()) await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

async function startTest(page: Page) {
  const started = await page.request.post(`/api/user/tests/${SLUG}/attempts`, { data: { mode: 'full' } });
  expect(started.status(), await started.text()).toBe(201);
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  const paper = (
    (await (await page.request.get(`/api/user/attempts/${attemptId}`)).json()) as { result: Paper }
  ).result;
  const questions = paper.sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );
  const numberOf = (kind: string) =>
    questions.flatMap((question) => (question.answer_kind === kind ? [question.number] : []));
  return { attemptId, questions, essays: numberOf('essay'), speaking: numberOf('speaking') };
}

async function writeEssay(page: Page, number: number, text: string, minimum: number) {
  await goTo(page, number);
  const box = currentQuestion(page).getByRole('textbox');
  await expect(box).toHaveAttribute('spellcheck', 'false');
  await box.fill(text);
  const words = text.split(/\s+/).length;
  await expect(currentQuestion(page).getByTestId('essay-word-count')).toHaveText(
    `${words} từ · tối thiểu ${minimum}`,
  );
}

/** Records the current speaking question for about two seconds, skipping what is left of the preparation. */
async function record(page: Page) {
  const recorder = currentQuestion(page).getByTestId('speaking-recorder');
  await recorder.getByTestId('speaking-start').click();
  const now = recorder.getByTestId('speaking-now');
  if (await now.isVisible()) await now.click();
  await expect(recorder.getByTestId('speaking-recording')).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(2_000);
  await recorder.getByRole('button', { name: 'Dừng ghi âm' }).click();
  await expect(recorder.getByTestId('speaking-done')).toBeVisible();
  return recorder;
}

async function submit(page: Page, attemptId: string) {
  await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nộp bài ngay' }).click();
  await page.waitForURL(new RegExp(`/result/${attemptId}`), { timeout: 30_000 });
}

async function bandsOf(request: APIRequestContext, attemptId: string) {
  const result = (await (await request.get(`/api/user/attempts/${attemptId}/result`)).json()) as {
    result: { ielts_bands: { skills: Band[]; overall: number | null } | null };
  };
  return result.result.ielts_bands!;
}

/**
 * The platform's staff mark every answer: one spoken answer through /admin/marking (newest first among
 * all, so the learner's answers are on the first page), the rest through the API the screen uses.
 */
async function markAsStaff(
  browser: Browser,
  baseURL: string,
  learnerName: string,
  attemptId: string,
  answers: { essays: string[]; speaking: string[] },
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, 'admin');
  await page.goto('/admin/marking?status=all&rubric=ielts_speaking');
  const rows = page.getByTestId('marking-list').getByRole('row').filter({ hasText: learnerName });
  await expect(rows).toHaveCount(8);
  await rows.first().getByRole('button', { name: 'Chấm' }).click();
  const drawer = page.getByRole('dialog');
  // The recording plays beside the form.
  await expect(drawer.getByTestId('marking-recording').locator('audio')).toHaveAttribute('src', /audio/);
  const form = drawer.getByTestId('mark-form');
  for (const label of ['Trôi chảy', 'Vốn từ vựng', 'Ngữ pháp', 'Phát âm']) {
    // Bands are picked from the list of half bands.
    await form.getByRole('textbox', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: '6', exact: true }).click();
  }
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(drawer).toBeHidden();
  await expect(rows.filter({ hasText: '6' }).getByRole('button', { name: 'Chấm lại' })).toHaveCount(1);

  // Task 1: 6, Task 2: 7, every spoken answer: 6 (marking one twice keeps the last mark).
  const marks: [string, keyof typeof CRITERIA, number][] = [
    [answers.essays[0]!, 'ielts_writing', 6],
    [answers.essays[1]!, 'ielts_writing', 7],
    ...answers.speaking.map((id): [string, 'ielts_speaking', number] => [id, 'ielts_speaking', 6]),
  ];
  for (const [questionId, rubric, band] of marks) {
    const saved = await page.request.put(`/api/admin/marking/${attemptId}/${questionId}`, {
      data: {
        criteria: Object.fromEntries(CRITERIA[rubric].map((criterion) => [criterion, band])),
        comment: 'Clear and relevant.',
        comments: [],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await context.close();
}

test('a learner takes the four-skill IELTS test, records every speaking part and reads the teacher’s bands', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const problems = collectConsoleProblems(page);
  const learnerName = `Học viên IELTS ${Date.now().toString(36)}`;
  const email = uniqueEmail('ielts');
  await registerLearner(page.request, email, DEMO_PASSWORD, learnerName);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  const { attemptId, questions, essays, speaking } = await startTest(page);
  const questionId = (number: number) => questions.find((question) => question.number === number)!.id;
  expect(essays).toHaveLength(2);
  expect(speaking).toHaveLength(8);

  await page.goto(`/tests/${SLUG}/exam/${attemptId}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  // A few Listening answers, then a few Reading answers.
  for (const start of [1, 41]) {
    await goTo(page, start);
    for (let i = 0; i < 3; i += 1) {
      await answerCurrent(page, 'bus');
      await page.getByRole('button', { name: 'Câu sau' }).click();
    }
  }
  await writeEssay(page, essays[0]!, TASK_1, 150);
  await writeEssay(page, essays[1]!, TASK_2, 250);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  const uploads = '**/api/user/attempts/*/recordings/**';
  for (const [index, number] of speaking.entries()) {
    await goTo(page, number);
    if (index !== 2) {
      const recorder = await record(page);
      await expect(recorder.getByTestId('speaking-done')).toHaveAttribute('data-uploaded', 'true', {
        timeout: 20_000,
      });
      continue;
    }
    // The third answer is recorded offline; the page is reloaded while it still cannot be sent.
    await context.setOffline(true);
    await page.route(uploads, (route) => route.abort('internetdisconnected'));
    const recorder = await record(page);
    await expect(recorder.getByTestId('speaking-done')).toContainText('đã giữ trên thiết bị');
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
    await goTo(page, number);
    const kept = currentQuestion(page).getByTestId('speaking-done');
    await expect(kept).toContainText('đã giữ trên thiết bị');
    await expectAccessible(page);
    await page.unroute(uploads);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(kept).toHaveAttribute('data-uploaded', 'true', { timeout: 20_000 });
  }
  await saveScreenshot(page, 'ielts-four-skills-speaking-desktop', { fullPage: false });
  await submit(page, attemptId);

  // Every recording reached the server whole.
  for (const number of speaking) {
    const stored = await page.request.get(`/api/user/attempts/${attemptId}/recordings/${questionId(number)}`);
    expect(((await stored.json()) as { result: { status: string } }).result.status).toBe('complete');
  }

  // Listening and Reading are banded at once; Writing and Speaking wait for a teacher.
  const card = page.getByTestId('ielts-bands');
  await expect(card.getByTestId('ielts-band-listening')).toContainText(/\d/);
  await expect(card.getByTestId('ielts-band-reading')).toContainText(/\d/);
  await expect(card.getByTestId('ielts-band-writing')).toContainText('Chờ chấm');
  await expect(card.getByTestId('ielts-band-speaking')).toContainText('Chờ chấm');
  await expect(card).toContainText('Còn chờ giáo viên chấm');
  await expectAccessible(page);

  // The machine's draft of the essays (the job runs every minute), labelled a draft.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/user/attempts/${attemptId}/result`)).text()).match(
          /"status":"draft_ready"/g,
        )?.length ?? 0,
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(2);

  await markAsStaff(browser, baseURL!, learnerName, attemptId, {
    essays: essays.map(questionId),
    speaking: speaking.map(questionId),
  });

  const bands = await bandsOf(page.request, attemptId);
  const band = (skill: string) => bands.skills.find((entry) => entry.skill === skill)!.band!;
  expect(band('writing')).toBe(6.5);
  expect(band('speaking')).toBe(6);
  const overall = ieltsBand(['listening', 'reading', 'writing', 'speaking'].map(band));
  expect(bands.overall).toBe(overall);
  await page.reload();
  await expect(card.getByTestId('ielts-band-writing')).toContainText('6.5');
  await expect(card.getByTestId('ielts-band-speaking')).toContainText('6');
  await expect(card.getByTestId('ielts-overall')).toContainText(String(overall));
  await saveScreenshot(page, 'ielts-four-skills-result-desktop', { fullPage: false });
  expect(
    problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(problem)),
  ).toEqual([]);
});

test('on a phone: the writing tasks and the speaking parts in the runner, then the bands card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('ielts-phone');
  await registerLearner(page.request, email, DEMO_PASSWORD, 'Học viên IELTS điện thoại');
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  const { attemptId, essays, speaking } = await startTest(page);

  await page.goto(`/tests/${SLUG}/exam/${attemptId}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  await writeEssay(page, essays[0]!, TASK_1, 150);
  await writeEssay(page, essays[1]!, TASK_2, 250);
  await saveScreenshot(page, 'ielts-four-skills-writing-phone', { fullPage: false });
  for (const number of speaking) {
    await goTo(page, number);
    const recorder = await record(page);
    await expect(recorder.getByTestId('speaking-done')).toHaveAttribute('data-uploaded', 'true', {
      timeout: 20_000,
    });
  }
  await saveScreenshot(page, 'ielts-four-skills-speaking-phone', { fullPage: false });
  await expectAccessible(page);
  await submit(page, attemptId);

  const card = page.getByTestId('ielts-bands');
  await expect(card.getByTestId('ielts-band-listening')).toContainText(/\d/);
  await expect(card.getByTestId('ielts-band-speaking')).toContainText('Chờ chấm');
  await saveScreenshot(page, 'ielts-four-skills-result-phone', { fullPage: false });
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

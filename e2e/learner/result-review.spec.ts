import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot, waitForHydration } from '../support/page-helpers';

/*
 * Issue 14, "Results that teach": the review of a 200-question TOEIC result one part at a time, a palette
 * that jumps to any question, explanations collapsed, audio only for the part shown, and the breakdown by
 * skill against everyone — in Vietnamese and English, on a desktop and a phone.
 */
const TOEIC_SLUG = 'toeic-listening-reading-de-luyen-1';

interface PaperQuestion {
  id: string;
  number: number;
}

/** Starts a full TOEIC test from the page, answers Part 1 and Part 5 with one letter each, submits. */
async function submitFullToeic(page: Page): Promise<string> {
  await page.goto(`/tests/${TOEIC_SLUG}`);
  const outcome = await page.evaluate(async (slug) => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`/api/user${path}`, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const started = await call('POST', `/tests/${slug}/attempts`, { mode: 'full' });
    const id = started.body.result.id as string;
    const paper = await call('GET', `/attempts/${id}`);
    const questions: PaperQuestion[] = paper.body.result.sections.flatMap(
      (section: {
        items: { kind: string; question?: PaperQuestion; group?: { questions: PaperQuestion[] } }[];
      }) =>
        section.items.flatMap((item) =>
          item.kind === 'group' ? (item.group?.questions ?? []) : [item.question],
        ),
    );
    const answered = questions.filter(
      (question) => question.number <= 6 || (question.number >= 101 && question.number <= 130),
    );
    const saved = await call('PUT', `/attempts/${id}/answers`, {
      answers: answered.map((question, index) => ({
        question_id: question.id,
        answer: { key: question.number % 2 === 0 ? 'A' : 'B' },
        seq: index + 1,
      })),
    });
    const submitted = await call('POST', `/attempts/${id}/submit`, {});
    return { id, saved: saved.status, submitted: submitted.status, count: questions.length };
  }, TOEIC_SLUG);
  expect(outcome).toMatchObject({ saved: 200, submitted: 200, count: 200 });
  return outcome.id;
}

/** The page is no wider than the phone's screen (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a learner reviews a full TOEIC result part by part and sees the breakdown (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const problems = collectConsoleProblems(page);
    const email = uniqueEmail(`review-${viewport.name}`);
    await registerLearner(request, email, DEMO_PASSWORD);
    await signInThroughForm(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const attemptId = await submitFullToeic(page);
    const resultPath = `/tests/${TOEIC_SLUG}/result/${attemptId}`;

    // Vietnamese. The first paint (server-rendered) shows Part 1 only: its six clips, none preloading.
    await page.goto(resultPath);
    await waitForHydration(page);
    await expect(page.getByTestId('review-part-title')).toHaveText('Part 1 – Mô tả tranh');
    await expect(page.getByTestId('review-question')).toHaveCount(6);
    await expect(page.locator('audio')).toHaveCount(6);
    for (const audio of await page.locator('audio').all())
      await expect(audio).toHaveAttribute('preload', 'none');
    // The palette: 200 numbers, coloured by outcome (questions 7–100 and 131–200 unanswered).
    const palette = page.getByTestId('review-palette');
    await expect(palette.getByTestId('palette-question')).toHaveCount(200);
    await expect(palette.locator('[data-number="50"]')).toHaveAttribute('data-state', 'skipped');
    expect(
      await palette
        .locator(
          '[data-testid="palette-question"][data-state="correct"], [data-testid="palette-question"][data-state="wrong"]',
        )
        .count(),
    ).toBe(36);
    await palette.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `result-review-palette-vi-${viewport.name}`, { fullPage: false });

    // The breakdown: the skills of Parts 5 and 6, weakest first, each with everyone's accuracy; a weak row says what to practise.
    const breakdown = page.getByTestId('result-breakdown');
    await expect(breakdown.getByRole('heading', { name: 'Theo dạng câu hỏi và kỹ năng' })).toBeVisible();
    const rows = breakdown.getByTestId('breakdown-row');
    await expect(rows).toHaveCount(8);
    await expect(rows.filter({ hasText: 'Chèn câu vào đoạn văn' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Từ loại' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Giới từ' })).toHaveCount(1);
    await expect(rows.first().getByTestId('breakdown-everyone')).toContainText('%');
    await expect(breakdown.locator('[data-weak] [data-testid="breakdown-hint"]').first()).toBeVisible();
    await breakdown.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `result-review-breakdown-vi-${viewport.name}`, { fullPage: false });

    // Switch to Part 5 from the part list: no audio at all; explanations collapsed.
    await page
      .getByTestId('review-parts')
      .getByRole('link', { name: /^Part 5/ })
      .click();
    await expect(page).toHaveURL(/\?part=5$/);
    await expect(page.getByTestId('review-part-title')).toHaveText('Part 5 – Hoàn thành câu');
    await expect(page.getByTestId('review-question')).toHaveCount(30);
    await expect(page.locator('audio')).toHaveCount(0);
    await expect(page.getByTestId('explanation').first()).toBeHidden();
    // Expand one explanation, then all, then none.
    const q101 = page.locator('#question-101');
    await q101.getByText('Giải thích', { exact: true }).click();
    await expect(q101.getByTestId('explanation')).toBeVisible();
    await expect(page.locator('#question-102').getByTestId('explanation')).toBeHidden();
    await page.getByTestId('expand-all').click();
    await expect(page.locator('#question-130').getByTestId('explanation')).toBeVisible();
    await expect(page.getByTestId('expand-all')).toHaveText('Thu gọn tất cả lời giải');
    await page.getByTestId('expand-all').click();
    await expect(q101.getByTestId('explanation')).toBeHidden();

    // Jump from the palette to question 132 of Part 6: its part opens there, the stem no longer repeats "132.".
    await palette.locator('[data-number="132"]').click();
    await expect(page).toHaveURL(/\?part=6#question-132$/);
    await expect(page.getByTestId('review-part-title')).toHaveText('Part 6 – Hoàn thành đoạn văn');
    const q132 = page.locator('#question-132');
    await expect(q132).toBeInViewport();
    await expect(q132).toContainText('Câu 132');
    await expect(q132).not.toContainText('132.');
    await saveScreenshot(page, `result-review-part6-vi-${viewport.name}`, { fullPage: false });
    if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

    // Part 3 through the URL (a reload renders it on the server): only its 13 conversations' clips.
    await page.goto(`${resultPath}?part=3`);
    await expect(page.getByTestId('review-part-title')).toHaveText('Part 3 – Hội thoại ngắn');
    await expect(page.locator('audio')).toHaveCount(13);
    for (const audio of await page.locator('audio').all())
      await expect(audio).toHaveAttribute('preload', 'none');

    // English: the same review and breakdown.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(
      page.getByTestId('result-breakdown').getByRole('heading', { name: 'By question type and skill' }),
    ).toBeVisible();
    await expect(page.getByTestId('breakdown-row').filter({ hasText: 'Word form' })).toHaveCount(1);
    await expect(page.getByTestId('review-part-title')).toHaveText('Part 3 – Conversations');
    await page.getByTestId('review-palette').locator('[data-number="101"]').click();
    await expect(page).toHaveURL(/\?part=5#question-101$/);
    await page.locator('#question-101').getByText('Explanation', { exact: true }).click();
    await expect(page.locator('#question-101').getByTestId('explanation')).toBeVisible();
    await saveScreenshot(page, `result-review-part5-en-${viewport.name}`, { fullPage: false });
    await page.getByTestId('result-breakdown').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `result-review-breakdown-en-${viewport.name}`, { fullPage: false });
    if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

    expect(problems).toEqual([]);
  });
}

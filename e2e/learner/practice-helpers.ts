import { expect, type Page } from '@playwright/test';

export const IELTS = {
  slug: 'ielts-academic-reading-de-luyen-1',
  title: 'IELTS Academic Reading – Đề luyện 1',
  /** The English name learners read in English mode. */
  titleEn: 'IELTS Academic Reading – Practice test 1',
};

interface PaperQuestion {
  id: string;
  number: number;
  answer_kind: string;
  stem: string;
}

/**
 * Answers and submits an open attempt through the API from the page's own context (the exam runner
 * is built elsewhere): paragraph B's heading right, the Luke Howard statement wrong and flagged,
 * everything else skipped.
 */
export async function answerAndSubmit(page: Page, attemptId: string) {
  // Leave the exam page first, so the runner's own saves and submit do not mix with these.
  await page.goto(`/tests/${IELTS.slug}`);
  const outcome = await page.evaluate(async (id) => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`/api/user/attempts/${id}${path}`, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const paper = await call('GET', '');
    const questions: PaperQuestion[] = paper.body.result.sections.flatMap(
      (section: {
        items: { kind: string; question?: PaperQuestion; group?: { questions: PaperQuestion[] } }[];
      }) =>
        section.items.flatMap((item) =>
          item.kind === 'group' ? (item.group?.questions ?? []) : [item.question],
        ),
    );
    const heading = questions.find(
      (question) => question.answer_kind === 'matching' && question.stem.includes('Paragraph B'),
    );
    const howard = questions.find((question) => question.stem.includes('Luke Howard'));
    if (!heading || !howard) return { error: 'questions not found', count: questions.length };
    const saved = await call('PUT', '/answers', {
      answers: [
        { question_id: heading.id, answer: { pairs: { B: 'i' } }, seq: 1 },
        { question_id: howard.id, answer: { value: 'true' }, flagged: true, seq: 2 },
      ],
    });
    const submitted = await call('POST', '/submit', {});
    return { saved: saved.status, submitted: submitted.status, count: questions.length };
  }, attemptId);
  expect(outcome).not.toHaveProperty('error');
  expect([200, 201]).toContain((outcome as { saved: number }).saved);
  expect([200, 201]).toContain((outcome as { submitted: number }).submitted);
  return outcome as { count: number };
}

/** Starts a practice of Passage 1 from the test page and returns the attempt id of the exam URL. */
export async function startPassageOnePractice(page: Page) {
  await page.goto(`/tests/${IELTS.slug}`, { waitUntil: 'networkidle' });
  const panel = page.getByTestId('start-panel');
  await panel.getByRole('checkbox', { name: /Passage 1/ }).check();
  await panel.getByRole('button', { name: 'Luyện 1 phần đã chọn' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}/exam/[0-9a-f-]{36}$`));
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** The exam runner's current question. */
export const currentQuestion = (page: Page) => page.locator('[data-testid="exam-question"][data-current]');

/** Answers the runner's current question with its first choice whatever its kind, or types `text`. */
export async function answerCurrent(page: Page, text: string) {
  const question = currentQuestion(page);
  if ((await question.getByRole('radio').count()) > 0) await question.getByRole('radio').first().check();
  else if ((await question.getByRole('combobox').count()) > 0) {
    await question.getByRole('combobox').first().selectOption({ index: 1 });
  } else await question.getByRole('textbox').first().fill(text);
}

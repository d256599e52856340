import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { seedDatabase } from '../../seed';
import { DEMO_PASSWORD, demoAccountsStep } from '../../seed/demo-accounts';
import { demoNotebookStep } from '../../seed/demo-notebook';
import { englishNamesStep } from '../../seed/english-names';
import { examStructureStep } from '../../seed/exam-structure';
import { practiceTestsStep } from '../../seed/practice-tests';
import { getTestModel } from '../attempts';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const GRAMMAR = 'grammar-writing-check-de-luyen-1';

interface PaperQuestion {
  id: string;
  number: number;
  answer_kind: string;
}
type PaperItem =
  | { kind: 'question'; question: PaperQuestion }
  | {
      kind: 'group';
      group: { id: string; passage: string | null; audio: unknown; questions: PaperQuestion[] };
    };
interface PaperSection {
  id: string;
  name: string;
  items: PaperItem[];
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT';

const api = (method: Method, url: string, headers: Headers, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

const questionsOf = (sections: PaperSection[]) =>
  sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );

async function newLearner() {
  return authHeader(harness.app, await createAccount(harness.database.db));
}

async function paperOf(id: string, headers: Headers) {
  const response = await api('GET', `/user/attempts/${id}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { attempt: { mode: string }; sections: PaperSection[] };
}

/** The right answer of a question, read from the frozen version (as a learner sends it). */
async function rightAnswers(slug: string) {
  const detail = (await api('GET', `/public/tests/${slug}`, {})).json().result as { id: string };
  const rows = await harness.database.executeSql(
    'select published_version as version from tests where id = $1',
    [detail.id],
  );
  const model = await getTestModel(harness.database.db, detail.id, Number(rows.rows[0]!.version));
  return new Map(
    [...model.questionById.values()].map((question) => {
      const right = question.answer as Record<string, unknown>;
      const answer =
        question.kind === 'gap_fill' || question.kind === 'short_answer'
          ? { text: (right.accepted as string[])[0] }
          : right;
      return [question.id, answer];
    }),
  );
}

function wrongAnswer(kind: string): Record<string, unknown> {
  if (kind === 'true_false_not_given') return { value: 'not_given' };
  if (kind === 'gap_fill' || kind === 'short_answer' || kind === 'essay') return { text: 'river' };
  if (kind === 'multiple_choice') return { keys: ['Z'] };
  if (kind === 'matching') return { pairs: { '1': 'Z' } };
  if (kind === 'ordering') return { order: ['Z'] };
  return { key: 'Z' };
}

/**
 * Takes the given part(s) of a test as practice: the first question right and flagged, the second and
 * third wrong, the rest of the first four left unanswered, everything after right. Answers the attempt
 * and which questions were which.
 */
async function takeWithMistakes(slug: string, headers: Headers, sectionPick: (s: PaperSection) => boolean) {
  const detail = (await api('GET', `/public/tests/${slug}`, {})).json().result as {
    sections: { id: string; name: string }[];
  };
  const first = await api('POST', `/user/tests/${slug}/attempts`, headers, {
    mode: 'practice',
    section_ids: detail.sections.map((section) => section.id),
  });
  expect(first.statusCode, first.body).toBe(201);
  const all = await paperOf(first.json().result.id, headers);
  // Restart on the chosen parts only (the first attempt, abandoned, is submitted empty).
  await api('POST', `/user/attempts/${first.json().result.id}/submit`, headers, {});
  const sectionIds = all.sections.filter(sectionPick).map((section) => section.id);
  const started = await api('POST', `/user/tests/${slug}/attempts`, headers, {
    mode: 'practice',
    section_ids: sectionIds,
  });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().result.id as string;
  const questions = questionsOf((await paperOf(id, headers)).sections);
  const right = await rightAnswers(slug);
  const [flaggedRight, wrong1, wrong2, skipped, ...rest] = questions;
  let seq = 1;
  const answers = [
    { question_id: flaggedRight!.id, answer: right.get(flaggedRight!.id), flagged: true, seq: seq++ },
    { question_id: wrong1!.id, answer: wrongAnswer(wrong1!.answer_kind), seq: seq++ },
    { question_id: wrong2!.id, answer: wrongAnswer(wrong2!.answer_kind), seq: seq++ },
    ...rest
      .filter((question) => question.answer_kind !== 'essay')
      .map((question) => ({ question_id: question.id, answer: right.get(question.id), seq: seq++ })),
  ];
  const submitted = await api('POST', `/user/attempts/${id}/submit`, headers, { answers });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return {
    id,
    questions,
    flaggedRight: flaggedRight!,
    wrong: [wrong1!, wrong2!],
    skipped: skipped!,
    essays: rest.filter((question) => question.answer_kind === 'essay'),
  };
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, englishNamesStep, demoAccountsStep, practiceTestsStep],
    context: { storage: harness.app.storage },
  });
}, 120_000);
afterAll(() => harness.close());

const withGroups = (section: PaperSection) => section.items.some((item) => item.kind === 'group');

describe('practising the mistakes of an attempt', () => {
  it('starts a practice of the wrong, unanswered and flagged questions, with their groups, graded like any attempt', async () => {
    const headers = await newLearner();
    const taken = await takeWithMistakes(TOEIC, headers, withGroups);
    const started = await api('POST', `/user/attempts/${taken.id}/practice-mistakes`, headers);
    expect(started.statusCode, started.body).toBe(201);
    const practice = started.json().result as {
      id: string;
      resumed: boolean;
      test_slug: string;
      question_count: number;
    };
    expect(practice.test_slug).toBe(TOEIC);
    const expected = [taken.flaggedRight, ...taken.wrong, taken.skipped, ...taken.essays].map((q) => q.id);
    expect(practice.question_count).toBe(expected.length);

    const paper = await paperOf(practice.id, headers);
    expect(paper.attempt.mode).toBe('practice');
    expect(
      questionsOf(paper.sections)
        .map((q) => q.id)
        .sort(),
    ).toEqual([...expected].sort());
    // Each question comes with its group's passage or audio, so it can be answered.
    const groups = paper.sections.flatMap((section) => section.items.filter((item) => item.kind === 'group'));
    expect(groups.length).toBeGreaterThan(0);
    for (const item of groups)
      if (item.kind === 'group') expect(item.group.passage !== null || item.group.audio !== null).toBe(true);

    // Starting again resumes it.
    const again = await api('POST', `/user/attempts/${taken.id}/practice-mistakes`, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.id).toBe(practice.id);

    // Only its own questions are taken.
    const outside = taken.questions.find((q) => !expected.includes(q.id))!;
    const refused = await api('PUT', `/user/attempts/${practice.id}/answers`, headers, {
      answers: [{ question_id: outside.id, answer: { key: 'A' }, seq: 1 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'answers.0.question_id': 'attempt.question_not_in_attempt' });

    // Right this time: graded, reviewable, pointing at its source.
    const right = await rightAnswers(TOEIC);
    const submitted = await api('POST', `/user/attempts/${practice.id}/submit`, headers, {
      answers: expected
        .filter((id) => !taken.essays.some((essay) => essay.id === id))
        .map((id, index) => ({ question_id: id, answer: right.get(id), seq: index + 1 })),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().result;
    expect(result.source_attempt_id).toBe(taken.id);
    expect(result.counts.total).toBe(expected.length);
    expect(result.counts.wrong).toBe(0);
    expect((await api('GET', `/user/attempts/${practice.id}/result`, headers)).statusCode).toBe(200);
  });

  it("is the learner's own: 404 for another learner, 409 while in progress or with nothing to practise", async () => {
    const headers = await newLearner();
    const taken = await takeWithMistakes(TOEIC, headers, withGroups);
    const other = await newLearner();
    expect((await api('POST', `/user/attempts/${taken.id}/practice-mistakes`, other)).statusCode).toBe(404);
    expect(
      (await api('POST', '/user/attempts/00000000-0000-4000-8000-000000000000/practice-mistakes', headers))
        .statusCode,
    ).toBe(404);
    expect((await api('POST', '/user/attempts/not-a-uuid/practice-mistakes', headers)).statusCode).toBe(404);

    const practice = (await api('POST', `/user/attempts/${taken.id}/practice-mistakes`, headers)).json()
      .result;
    const open = await api('POST', `/user/attempts/${practice.id}/practice-mistakes`, headers);
    expect(open.statusCode).toBe(409);
    expect(open.json().errors).toEqual({ attempt: 'attempt.in_progress' });

    // Everything right: nothing to practise.
    const right = await rightAnswers(TOEIC);
    const questions = questionsOf((await paperOf(practice.id, headers)).sections);
    const perfect = await api('POST', `/user/attempts/${practice.id}/submit`, headers, {
      answers: questions.map((q, index) => ({ question_id: q.id, answer: right.get(q.id), seq: index + 1 })),
    });
    expect(perfect.statusCode).toBe(200);
    const none = await api('POST', `/user/attempts/${practice.id}/practice-mistakes`, headers);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors).toEqual({ attempt: 'notebook.nothing_to_practise' });
  });
});

describe('the mistake notebook', () => {
  it('collects wrong answers with the correct answer and explanation; a later right answer marks them learned', async () => {
    const headers = await newLearner();
    const taken = await takeWithMistakes(TOEIC, headers, withGroups);
    const list = await api('GET', '/user/notebook', headers);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json().result;
    expect(page.total).toBe(2);
    expect(page.items.map((item: { question_id: string }) => item.question_id).sort()).toEqual(
      taken.wrong.map((q) => q.id).sort(),
    );
    const item = page.items[0];
    expect(item.question.correct_answer).not.toBeNull();
    expect(item.last_answer).toEqual({ key: 'Z' });
    expect(item.wrong_count).toBe(1);
    expect(item.test.slug).toBe(TOEIC);
    expect(item.group).not.toBeNull();
    expect(typeof item.part_name).toBe('string');
    expect(typeof item.type_name).toBe('string');
    // English mode reads the question type's English name (seeded for the platform's types).
    expect(item.type_name).toBe('Trắc nghiệm một đáp án');
    expect(item.type_name_en).toBe('Single choice');

    const filters = (await api('GET', '/user/notebook/filters', headers)).json().result;
    expect(filters.counts).toEqual({ to_review: 2, learned: 0, bookmarked: 0 });
    expect(filters.tests).toHaveLength(1);
    // The filters carry the English names of the test, its parts and the question types.
    expect(filters.tests[0].name_en).toBe('TOEIC Listening & Reading – Practice test 1');
    expect(filters.parts.every((part: { name_en: string | null }) => part.name_en?.startsWith('Part '))).toBe(
      true,
    );
    expect(filters.types).toEqual([
      { id: expect.any(String), name: 'Trắc nghiệm một đáp án', name_en: 'Single choice', count: 2 },
    ]);
    const byPart = await api(
      'GET',
      `/user/notebook?section_id=${filters.parts[0].id}&type_id=${filters.types[0].id}`,
      headers,
    );
    expect(byPart.statusCode).toBe(200);
    expect(byPart.json().result.total).toBeGreaterThan(0);

    // Practise them from the notebook, right this time: learned.
    const started = await api('POST', '/user/notebook/practice', headers, { test_id: filters.tests[0].id });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().result.question_count).toBe(2);
    const right = await rightAnswers(TOEIC);
    const done = await api('POST', `/user/attempts/${started.json().result.id}/submit`, headers, {
      answers: taken.wrong.map((q, index) => ({
        question_id: q.id,
        answer: right.get(q.id),
        seq: index + 1,
      })),
    });
    expect(done.statusCode).toBe(200);
    expect((await api('GET', '/user/notebook', headers)).json().result.total).toBe(0);
    const learned = (await api('GET', '/user/notebook?status=learned', headers)).json().result;
    expect(learned.total).toBe(2);
    expect(learned.items[0].learned_at).not.toBeNull();

    // Wrong again: back to review, counted twice. A learner can also mark one learned by hand.
    const again = await takeWithMistakes(TOEIC, headers, withGroups);
    expect(again.wrong.map((q) => q.id).sort()).toEqual(taken.wrong.map((q) => q.id).sort());
    const reopened = (await api('GET', '/user/notebook', headers)).json().result;
    expect(reopened.total).toBe(2);
    expect(reopened.items[0].wrong_count).toBe(2);
    const marked = await api('PUT', `/user/notebook/${taken.wrong[0]!.id}`, headers, { learned: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().result.learned_at).not.toBeNull();
    expect((await api('GET', '/user/notebook', headers)).json().result.total).toBe(1);
  });

  it('keeps a note and bookmarks any reviewed question; another learner sees and changes nothing', async () => {
    const headers = await newLearner();
    const taken = await takeWithMistakes(GRAMMAR, headers, () => true);
    const wrongId = taken.wrong[0]!.id;

    const noted = await api('PUT', `/user/notebook/${wrongId}`, headers, {
      note: '  Past simple after "yesterday".  ',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().result.note).toBe('Past simple after "yesterday".');

    // A question answered right is bookmarked from the review: it needs the attempt.
    const rightId = taken.flaggedRight.id;
    const noAttempt = await api('PUT', `/user/notebook/${rightId}`, headers, { bookmarked: true });
    expect(noAttempt.statusCode).toBe(404);
    const starred = await api('PUT', `/user/notebook/${rightId}`, headers, {
      bookmarked: true,
      attempt_id: taken.id,
    });
    expect(starred.statusCode, starred.body).toBe(200);
    const marks = (await api('GET', `/user/attempts/${taken.id}/notebook`, headers)).json().result;
    expect(marks).toEqual(
      expect.arrayContaining([
        { question_id: wrongId, bookmarked: false, note: 'Past simple after "yesterday".' },
        { question_id: rightId, bookmarked: true, note: null },
      ]),
    );
    const bookmarks = (await api('GET', '/user/notebook?status=all&bookmarked=true', headers)).json().result;
    expect(bookmarks.items.map((item: { question_id: string }) => item.question_id)).toEqual([rightId]);

    // Validation names the field; no 5xx on odd input.
    const long = await api('PUT', `/user/notebook/${wrongId}`, headers, { note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ note: 'notebook.note_too_long' });
    const badAttempt = await api('PUT', `/user/notebook/${rightId}`, headers, { attempt_id: 'nope' });
    expect(badAttempt.json().errors).toEqual({ attempt_id: 'notebook.attempt_required' });
    expect((await api('GET', '/user/notebook?status=soon', headers)).statusCode).toBe(422);
    expect((await api('GET', '/user/notebook?bookmarked=maybe', headers)).statusCode).toBe(422);
    const tooMany = await api('POST', '/user/notebook/practice', headers, {
      test_id: taken.id,
      question_ids: Array.from({ length: 51 }, () => crypto.randomUUID()),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ question_ids: 'notebook.too_many_questions' });
    const unknown = await api('POST', '/user/notebook/practice', headers, {
      test_id: taken.id,
      question_ids: [wrongId, crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'question_ids.0': 'notebook.unknown_question',
      'question_ids.1': 'notebook.unknown_question',
    });

    // Another learner: 404 on the attempt, an empty notebook, and the first learner's rows untouched.
    const other = await newLearner();
    expect((await api('GET', `/user/attempts/${taken.id}/notebook`, other)).statusCode).toBe(404);
    expect((await api('PUT', `/user/notebook/${wrongId}`, other, { note: 'mine' })).statusCode).toBe(404);
    expect(
      (await api('PUT', `/user/notebook/${wrongId}`, other, { bookmarked: true, attempt_id: taken.id }))
        .statusCode,
    ).toBe(404);
    expect((await api('GET', '/user/notebook?status=all', other)).json().result.total).toBe(0);
    expect((await api('GET', '/user/notebook', {})).statusCode).toBe(401);

    // Taking the bookmark off a question never answered wrong takes it out of the notebook.
    await api('PUT', `/user/notebook/${rightId}`, headers, { bookmarked: false });
    expect((await api('GET', `/user/notebook/filters`, headers)).json().result.counts.bookmarked).toBe(0);
    expect((await api('PUT', `/user/notebook/${rightId}`, headers, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('the demo seed', () => {
  it('gives the demo learner mistakes, a note and bookmarks', async () => {
    const report = await seedDatabase(harness.database.db, {
      demo: true,
      steps: [demoNotebookStep],
      context: { storage: harness.app.storage },
    });
    expect(report.applied).toEqual(['demo-notebook']);
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: 'learner@prepwise.vn', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().result.access_token}` };
    const filters = (await api('GET', '/user/notebook/filters', headers)).json().result;
    expect(filters.tests).toHaveLength(2);
    expect(filters.counts.to_review).toBeGreaterThan(3);
    expect(filters.counts.bookmarked).toBeGreaterThanOrEqual(2);
    const notebook = (await api('GET', '/user/notebook?pageSize=100', headers)).json().result;
    expect(notebook.items.filter((item: { note: string | null }) => item.note).length).toBeGreaterThanOrEqual(
      1,
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { authHeader, createAccount } from '../../../test/factories';
import { FakeOpenAi } from '../../../test/fake-openai';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { attemptAnswers, essayMarks } from '../../db/schema';
import { draftWaitingEssays } from './draft-feedback';

/**
 * The marking queue (issue 28): a centre's teachers list their learners' essays, open one and mark it on
 * the IELTS Writing descriptors; the stored overall band follows IELTS rounding and the essay earns its
 * band over 9 in the attempt's result. Platform staff see only the platform's attempts; another
 * organization's answer is a 404; the agreement figures compare machine drafts with teachers' marks.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;
let own: Awaited<ReturnType<typeof publishedOrganizationTest>>;
let attemptId: string;
const ESSAY = 'Cities should invest in public transport. Buses are cheap, and trains are fast.';

const { call, ok } = apiClient(() => harness.app);

const BANDS = { task_response: 7, coherence_cohesion: 6, lexical_resource: 6, grammatical_range: 6 };
const itemUrl = (realm = 'educator', attempt = attemptId, question = own.essayId) =>
  `/${realm}/marking/${attempt}/${question}`;

const fake = new FakeOpenAi();

beforeAll(async () => {
  // A configured model (a local OpenAI-compatible server): the job asks it only when given `ai`.
  harness = await createTestApp({
    env: { AI_BASE_URL: await fake.start(), AI_MODEL: 'local-examiner', AI_TIMEOUT_SECONDS: '2' },
  });
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Ánh Dương' });
  own = await publishedOrganizationTest(harness.app, center.asOwner, 'IELTS Writing Task 2', {
    essayRubric: 'ielts_writing',
  });
  attemptId = await submitEssay('Lê Minh Anh', ESSAY);
});
afterAll(async () => {
  await fake.stop();
  await harness?.close();
});

/** A new learner of the centre, assigned the test, submits an essay; answers the attempt's id. */
async function submitEssay(fullName: string, text: string): Promise<string> {
  const writer = await studentOf(harness.app, center.id, { fullName });
  const response = await call('POST', `/educator/tests/${own.id}/assignments`, center.asOwner, {
    student_ids: [writer.id],
    opens_at: new Date(Date.now() - 60_000).toISOString(),
    closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    attempts_allowed: 1,
    answers_shown: 'immediately',
  });
  expect(response.statusCode, response.body).toBe(200);
  const started = await harness.app.inject({
    method: 'POST',
    url: `/api/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
    headers: writer.headers,
  });
  const id = started.json().result.id as string;
  const submitted = await harness.app.inject({
    method: 'POST',
    url: `/api/user/attempts/${id}/submit`,
    headers: writer.headers,
    payload: { answers: [{ question_id: own.essayId, answer: { text }, flagged: false, seq: 1 }] },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

interface Item {
  attempt_id: string;
  question_id: string;
  rubric: string;
  status: string;
  overall: number | null;
  learner: { name: string };
}

describe('the marking queue', () => {
  it('drafts offline feedback for the waiting essay even behind many pending spoken answers', async () => {
    // Thirty spoken answers waiting for a teacher, stored before the essay (the essay's row is written
    // again after them) and sorting before it: the job's batch of ten must still reach the essay.
    const [essayRow] = await harness.app.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, own.essayId)));
    await harness.app.db
      .delete(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, own.essayId)));
    const spoken = Array.from({ length: 30 }, (_, index) => ({
      attemptId,
      questionId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      answer: { recording_id: '11111111-1111-4111-8111-111111111111', duration_ms: 60_000 },
      seq: 1,
      outcome: 'pending',
      points: 0,
    }));
    await harness.app.db.insert(attemptAnswers).values(spoken);
    await harness.app.db.insert(attemptAnswers).values(essayRow!);
    try {
      expect(await draftWaitingEssays(harness.app.db, new Date(), { limit: 10 })).toBe(1);
    } finally {
      for (const row of spoken) {
        await harness.app.db
          .delete(attemptAnswers)
          .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, row.questionId)));
      }
    }
    // Idempotent: the draft is stored once.
    await draftWaitingEssays(harness.app.db, new Date());
    const detail = await ok<{
      draft: {
        kind: string;
        overall: number | null;
        criteria: Record<string, number>;
        feedback: Record<string, unknown>;
      };
    }>('GET', itemUrl(), center.asOwner);
    expect(detail.draft).toMatchObject({
      kind: 'draft',
      overall: null,
      criteria: {},
      feedback: {
        word_count: 13,
        sentence_count: 2,
        mean_sentence_length: 6.5,
        linking_words: [],
        // Correct sentences: no issue; offline, no model and no evidence.
        issues: [],
        ai_model: null,
        ai_summary: null,
        evidence: [],
      },
    });
    const queue = await ok<{ items: { attempt_id: string; has_draft: boolean; status: string }[] }>(
      'GET',
      '/educator/marking',
      center.asOwner,
    );
    // A draft never counts as marked.
    expect(queue.items.find((item) => item.attempt_id === attemptId)).toMatchObject({
      has_draft: true,
      status: 'unmarked',
    });
  });

  it('lists the centre’s unmarked essay on its rubric, and opens it with its text', async () => {
    const queue = await ok<{ items: Item[]; total: number }>('GET', '/educator/marking', center.asOwner);
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        attempt_id: attemptId,
        question_id: own.essayId,
        rubric: 'ielts_writing',
        status: 'unmarked',
        overall: null,
        learner: expect.objectContaining({ name: 'Lê Minh Anh' }),
      }),
    );
    const byRubric = await ok<{ items: Item[] }>('GET', '/educator/marking?rubric=generic', center.asOwner);
    expect(byRubric.items.map((item) => item.attempt_id)).not.toContain(attemptId);

    const detail = await ok<{ text: string; word_count: number; final: unknown; stem: string }>(
      'GET',
      itemUrl(),
      center.asOwner,
    );
    expect(detail).toMatchObject({ text: ESSAY, word_count: 13, final: null });
    expect(detail.stem).toContain('favourite place');
  });

  it('marks on the IELTS criteria: the overall band by IELTS rounding, the essay earns band/9', async () => {
    const comments = [{ start: 0, end: 6, text: 'Which cities? Be specific.' }];
    const result = await ok<{
      grading: string;
      review: {
        items: { question?: { id: string; outcome: string; points: number; teacher_mark: unknown } }[];
      }[];
    }>('PUT', itemUrl(), center.asOwner, { criteria: BANDS, comment: 'Clear position.', comments });
    expect(result.grading).toBe('complete');
    const essay = result.review.flatMap((s) => s.items).find((item) => item.question?.id === own.essayId)!
      .question!;
    // (7 + 6 + 6 + 6) / 4 = 6.25, which IELTS rounds up to 6.5; 6.5 of 9 of the essay's point.
    expect(essay.outcome).toBe('partial');
    expect(essay.points).toBeCloseTo(6.5 / 9, 2);
    expect(essay.teacher_mark).toMatchObject({ score: 6.5, max_score: 9, rubric: 'ielts_writing', comments });

    const [stored] = await harness.app.db
      .select()
      .from(essayMarks)
      .where(and(eq(essayMarks.attemptId, attemptId), eq(essayMarks.kind, 'final')));
    expect(stored).toMatchObject({ rubric: 'ielts_writing', overall: 6.5, criteria: BANDS });

    const marked = await ok<{ items: Item[] }>('GET', '/educator/marking?status=marked', center.asOwner);
    expect(marked.items.find((item) => item.attempt_id === attemptId)).toMatchObject({
      status: 'marked',
      overall: 6.5,
    });
    const unmarked = await ok<{ items: Item[] }>('GET', '/educator/marking', center.asOwner);
    expect(unmarked.items.map((item) => item.attempt_id)).not.toContain(attemptId);
    const detail = await ok<{ final: { overall: number; comments: unknown } }>(
      'GET',
      itemUrl(),
      center.asOwner,
    );
    expect(detail.final).toMatchObject({ overall: 6.5, comments });

    // Marking again replaces the mark: (7 + 7 + 7 + 6) / 4 = 6.75, which IELTS rounds up to 7.
    const seven = await ok<{
      review: { items: { question?: { id: string; teacher_mark?: { score: number } } }[] }[];
    }>('PUT', itemUrl(), center.asOwner, {
      criteria: { task_response: 7, coherence_cohesion: 7, lexical_resource: 7, grammatical_range: 6 },
    });
    const again = seven.review.flatMap((s) => s.items).find((item) => item.question?.id === own.essayId);
    expect(again?.question?.teacher_mark?.score).toBe(7);
  });

  it('names the field of a bad band with a translation key', async () => {
    for (const [criteria, errors] of [
      [{ ...BANDS, task_response: 10 }, { 'criteria.task_response': 'marking.band_out_of_range' }],
      [{ ...BANDS, lexical_resource: 5.5 }, { 'criteria.lexical_resource': 'marking.band_step' }],
      [{ ...BANDS, grammatical_range: -1 }, { 'criteria.grammatical_range': 'marking.band_out_of_range' }],
      [
        { task_response: 6, coherence_cohesion: 6, lexical_resource: 6 },
        { 'criteria.grammatical_range': 'common.required_field' },
      ],
      [{ ...BANDS, task: 6 }, { 'criteria.task': 'marking.unknown_criterion' }],
    ] as const) {
      const response = await call('PUT', itemUrl(), center.asOwner, { criteria });
      expect(response.statusCode, JSON.stringify(criteria)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const text = await call('PUT', itemUrl(), center.asOwner, { criteria: { ...BANDS, pronunciation: 'x' } });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ 'criteria.pronunciation': 'common.invalid_field' });
    const range = await call('PUT', itemUrl(), center.asOwner, {
      criteria: BANDS,
      comments: [{ start: 0, end: ESSAY.length + 1, text: 'Too far' }],
    });
    expect(range.statusCode).toBe(422);
    expect(range.json().errors).toEqual({ 'comments.0.end': 'marking.comment_range' });
    const query = await call('GET', '/educator/marking?status=nope', center.asOwner);
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ status: 'common.invalid_field' });
  });

  it('needs update_marking; another organization and the platform never reach the centre’s answer', async () => {
    const viewer = await createOrganizationStaff(harness.app, center.id, ['view_test', 'update_test']);
    expect((await call('GET', '/educator/marking', viewer.headers)).statusCode).toBe(403);
    expect((await call('PUT', itemUrl(), viewer.headers, { criteria: BANDS })).statusCode).toBe(403);
    const marker = await createOrganizationStaff(harness.app, center.id, ['update_marking']);
    expect((await call('GET', itemUrl(), marker.headers)).statusCode).toBe(200);

    expect((await call('GET', itemUrl(), other.asOwner)).statusCode).toBe(404);
    expect((await call('PUT', itemUrl(), other.asOwner, { criteria: BANDS })).statusCode).toBe(404);
    const theirs = await ok<{ items: Item[] }>('GET', '/educator/marking?status=all', other.asOwner);
    expect(theirs.items.map((item) => item.attempt_id)).not.toContain(attemptId);

    const staff = await authHeader(
      harness.app,
      await createAccount(harness.app.db, { scope: 'admin', permissions: ['update_marking'] }),
      'admin',
    );
    const platform = await ok<{ items: Item[] }>('GET', '/admin/marking?status=all', staff);
    expect(platform.items.map((item) => item.attempt_id)).not.toContain(attemptId);
    expect((await call('GET', itemUrl('admin'), staff)).statusCode).toBe(404);
    const viewOnly = await authHeader(
      harness.app,
      await createAccount(harness.app.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await call('GET', '/admin/marking', viewOnly)).statusCode).toBe(403);
  });

  it('compares machine drafts with teachers’ final marks per rubric, in the caller’s scope only', async () => {
    // A machine's draft band of the same essay (what a configured model stores): 6 against the teacher's 7.
    const draft = {
      rubric: 'ielts_writing',
      criteria: { task_response: 6, coherence_cohesion: 6, lexical_resource: 6, grammatical_range: 6 },
      overall: 6,
      share: 6 / 9,
    };
    await harness.app.db
      .insert(essayMarks)
      .values({ attemptId, questionId: own.essayId, kind: 'draft', ...draft })
      .onConflictDoUpdate({
        target: [essayMarks.attemptId, essayMarks.questionId, essayMarks.kind],
        set: draft,
      });
    const figures = await ok<{
      rubrics: {
        rubric: string;
        n: number;
        mean_absolute_difference: number | null;
        within_half_band: number | null;
        kappa: number | null;
      }[];
    }>('GET', '/educator/marking/agreement', center.asOwner);
    expect(figures.rubrics.find((entry) => entry.rubric === 'ielts_writing')).toEqual({
      rubric: 'ielts_writing',
      n: 1,
      mean_absolute_difference: 1,
      within_half_band: 0,
      kappa: null,
    });
    // The draft never grades: the result still shows the teacher's 7.
    const detail = await ok<{ final: { overall: number }; draft: { overall: number; kind: string } }>(
      'GET',
      itemUrl(),
      center.asOwner,
    );
    expect(detail.final.overall).toBe(7);
    expect(detail.draft).toMatchObject({ overall: 6, kind: 'draft' });
    const theirs = await ok<{ rubrics: { n: number }[] }>(
      'GET',
      '/educator/marking/agreement',
      other.asOwner,
    );
    expect(theirs.rubrics.every((entry) => entry.n === 0)).toBe(true);
  });
});

/** What the local examiner model answers for the essay below (written for this test). */
const AI_ESSAY =
  'Many people thinks that cities should ban cars. I agree, because public transport reduce pollution. For example, in Hanoi the air is often dirty.';
const examinerReply = (quote: string) =>
  JSON.stringify({
    criteria: [
      {
        criterion: 'task_response',
        band: 6,
        evidence: [{ quote: 'I agree', comment: 'A clear position.', correction: null }],
      },
      {
        criterion: 'coherence_cohesion',
        band: 6.5,
        evidence: [
          {
            quote: 'For example, in Hanoi the air is often dirty.',
            comment: 'Supports the idea.',
            correction: null,
          },
        ],
      },
      { criterion: 'lexical_resource', band: 6, evidence: [] },
      {
        criterion: 'grammatical_range',
        band: 5,
        evidence: [
          {
            quote,
            comment: 'The verb does not agree with its subject.',
            correction: 'Many people think that cities should ban cars.',
          },
          // Not in the essay: a quote the model mended is no evidence.
          { quote: 'public transport reduces pollution', comment: 'Agreement.', correction: null },
        ],
      },
    ],
    summary: 'A clear but short answer with agreement errors.',
  });

describe('draft bands from a configured model', () => {
  it('stores a band per criterion with the quoted evidence found in the text, rounded by the rubric', async () => {
    const id = await submitEssay('Trần Thu Hà', AI_ESSAY);
    fake.contents.push(examinerReply('Many people thinks that cities should ban cars.'));
    const before = fake.requests.length;
    const stored = await draftWaitingEssays(harness.app.db, new Date(), {
      ai: harness.app.config.ai,
      log: harness.app.log,
    });
    expect(stored).toBe(1);
    expect(fake.requests.length).toBe(before + 1);
    const prompt = JSON.stringify(fake.requests.at(-1)!.body);
    expect(prompt).toContain('Many people thinks');
    expect(prompt).toContain('grammatical_range');

    const detail = await ok<{
      draft: {
        kind: string;
        criteria: Record<string, number>;
        overall: number;
        feedback: Record<string, unknown>;
      };
      final: unknown;
      status: string;
    }>('GET', itemUrl('educator', id), center.asOwner);
    // 6.5 is rounded to the rubric's whole bands (up, to 7); (6 + 7 + 6 + 5) / 4 = 6.
    expect(detail.draft).toMatchObject({
      kind: 'draft',
      criteria: { task_response: 6, coherence_cohesion: 7, lexical_resource: 6, grammatical_range: 5 },
      overall: 6,
    });
    expect(detail.final).toBeNull();
    expect(detail.status).toBe('unmarked');
    const feedback = detail.draft.feedback as {
      ai_model: string;
      ai_summary: string;
      evidence: { criterion: string; quote: string; start: number; end: number; correction: string | null }[];
      issues: { kind: string; excerpt: string }[];
    };
    expect(feedback.ai_model).toBe('local-examiner');
    expect(feedback.ai_summary).toBe('A clear but short answer with agreement errors.');
    expect(feedback.evidence.map((entry) => entry.quote)).toEqual([
      'I agree',
      'For example, in Hanoi the air is often dirty.',
      'Many people thinks that cities should ban cars.',
    ]);
    for (const entry of feedback.evidence) expect(AI_ESSAY.slice(entry.start, entry.end)).toBe(entry.quote);
    expect(feedback.evidence[2]).toMatchObject({
      criterion: 'grammatical_range',
      correction: 'Many people think that cities should ban cars.',
    });
    // The offline measures and issues are there too.
    expect(feedback).toMatchObject({ word_count: 24 });
  });

  it('keeps the offline draft, with no band, when the provider fails or answers off the rubric', async () => {
    const failed = await submitEssay('Phạm Quốc Bảo', 'Public transport is cheap. It are also fast.');
    fake.script.push('429');
    const asked = fake.requests.length;
    expect(
      await draftWaitingEssays(harness.app.db, new Date(), {
        ai: harness.app.config.ai,
        log: harness.app.log,
      }),
    ).toBe(1);
    const detail = await ok<{
      draft: { overall: number | null; criteria: object; feedback: Record<string, unknown> };
    }>('GET', itemUrl('educator', failed), center.asOwner);
    expect(fake.requests.length).toBe(asked + 1);
    expect(detail.draft).toMatchObject({ overall: null, criteria: {} });
    expect(detail.draft.feedback).toMatchObject({ ai_model: null, evidence: [], word_count: 8 });

    const offScale = await submitEssay('Võ Thanh Tâm', 'Trains are quick, and buses are cheap.');
    fake.contents.push(
      JSON.stringify({ criteria: [{ criterion: 'task_response', band: 12, evidence: [] }], summary: 'x' }),
    );
    await draftWaitingEssays(harness.app.db, new Date(), { ai: harness.app.config.ai, log: harness.app.log });
    const second = await ok<{ draft: { overall: number | null } }>(
      'GET',
      itemUrl('educator', offScale),
      center.asOwner,
    );
    expect(second.draft.overall).toBeNull();
  });
});

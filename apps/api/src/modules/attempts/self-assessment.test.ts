import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { draftWaitingEssays } from '../marking/draft-feedback';

/**
 * The learner's side of marking (issue 28): each written answer of a result says how it is marked — by
 * the centre whose test it is, or by nobody for a learner outside a centre — with the machine's draft
 * once the job has made it, and the learner's own self-assessment on the rubric's band descriptors
 * (owner only, each criterion on the rubric's scale in half bands).
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let platformTest: Awaited<ReturnType<typeof publishedOrganizationTest>>;
let learner: Record<string, string>;
let attemptId: string;
const ESSAY =
  'Many cities are growing fast. However, public transport is often slow, so people drive cars. ' +
  'In my opinion, governments should invest in trains because they are cheap and clean.';

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const selfUrl = (attempt: string, question: string) =>
  `/user/attempts/${attempt}/questions/${question}/self-assessment`;

/** Starts and submits an attempt of `slug` with the essay answered; answers the attempt's id. */
async function submitEssay(headers: Record<string, string>, startUrl: string, essayId: string) {
  const started = await call('POST', startUrl, headers, {});
  expect(started.statusCode, started.body).toBeLessThan(300);
  const id = started.json().result.id as string;
  const submitted = await call('POST', `/user/attempts/${id}/submit`, headers, {
    answers: [{ question_id: essayId, answer: { text: ESSAY }, flagged: false, seq: 1 }],
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

interface Marking {
  status: string;
  marker: string;
  centre_name: string | null;
  rubric: string;
  draft: { overall: number | null; feedback: { word_count: number } | null } | null;
  self_assessment: { criteria: Record<string, number>; overall: number | null } | null;
}
type Review = { items: { kind: string; question?: { id: string; marking?: Marking | null } }[] }[];
async function markingOf(headers: Record<string, string>, attempt: string, questionId: string) {
  const response = await call('GET', `/user/attempts/${attempt}/result`, headers);
  expect(response.statusCode, response.body).toBe(200);
  const review = response.json().result.review as Review;
  const question = review
    .flatMap((section) => section.items)
    .map((item) => item.question)
    .find((item) => item?.id === questionId);
  return question?.marking ?? null;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const admin = await createAccount(harness.app.db, { scope: 'admin', isAdmin: true });
  const asAdmin = await authHeader(harness.app, admin, 'admin');
  platformTest = await publishedOrganizationTest(harness.app, asAdmin, 'IELTS Writing self-study', {
    essayRubric: 'ielts_writing',
    realm: 'admin',
  });
  center = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
  // A self-registered learner, in no centre, takes the platform's test.
  learner = await authHeader(harness.app, await createAccount(harness.app.db, { fullName: 'Phạm Lan' }));
  attemptId = await submitEssay(learner, `/user/tests/${platformTest.slug}/attempts`, platformTest.essayId);
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

describe('how a written answer is marked, as its learner reads it', () => {
  it('outside a centre: nobody marks it; the draft appears once the job has made it', async () => {
    const before = await markingOf(learner, attemptId, platformTest.essayId);
    expect(before).toMatchObject({ status: 'waiting', marker: 'none', centre_name: null, draft: null });
    expect(before?.rubric).toBe('ielts_writing');

    await draftWaitingEssays(harness.app.db, new Date());
    const after = await markingOf(learner, attemptId, platformTest.essayId);
    expect(after?.status).toBe('draft_ready');
    // Offline, the draft measures and proposes no band.
    expect(after?.draft?.overall).toBeNull();
    expect(after?.draft?.feedback?.word_count).toBe(29);
    // Questions that are not written or spoken answers carry no marking.
    expect(await markingOf(learner, attemptId, platformTest.questionIds[0]!)).toBeNull();
  });

  it("in a centre: the centre marks it, named; the teacher's mark makes it marked", async () => {
    const centreTest = await publishedOrganizationTest(harness.app, center.asOwner, 'Bài viết lớp 10', {
      essayRubric: 'ielts_writing',
    });
    const student = await studentOf(harness.app, center.id, { fullName: 'Vũ Hải' });
    const assigned = await call('POST', `/educator/tests/${centreTest.id}/assignments`, center.asOwner, {
      student_ids: [student.id],
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      answers_shown: 'immediately',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const id = await submitEssay(
      student.headers,
      `/user/organizations/${center.slug}/tests/${centreTest.slug}/attempts`,
      centreTest.essayId,
    );
    expect(await markingOf(student.headers, id, centreTest.essayId)).toMatchObject({
      status: 'waiting',
      marker: 'centre',
      centre_name: 'Trung tâm Sao Mai',
    });
    const marked = await call('PUT', `/educator/marking/${id}/${centreTest.essayId}`, center.asOwner, {
      criteria: { task_response: 7, coherence_cohesion: 6, lexical_resource: 6, grammatical_range: 6 },
      comment: 'Clear position.',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await markingOf(student.headers, id, centreTest.essayId))?.status).toBe('marked');
  });
});

describe('self-assessment', () => {
  const BANDS = { task_response: 6.5, coherence_cohesion: 6, lexical_resource: 7, grammatical_range: 6 };

  it('is stored on the rubric in half bands, with the overall band, and shown in the result', async () => {
    const response = await call('PUT', selfUrl(attemptId, platformTest.essayId), learner, {
      criteria: BANDS,
    });
    expect(response.statusCode, response.body).toBe(200);
    // Mean 6.375 → 6.5 by IELTS rounding.
    expect(response.json().result).toMatchObject({ rubric: 'ielts_writing', criteria: BANDS, overall: 6.5 });
    const again = await call('PUT', selfUrl(attemptId, platformTest.essayId), learner, {
      criteria: { ...BANDS, task_response: 5 },
    });
    expect(again.json().result.overall).toBe(6);
    const marking = await markingOf(learner, attemptId, platformTest.essayId);
    expect(marking?.self_assessment).toMatchObject({ criteria: { ...BANDS, task_response: 5 }, overall: 6 });
    // It grades nothing: the essay still waits, the attempt still pending a teacher's mark.
    const result = await call('GET', `/user/attempts/${attemptId}/result`, learner);
    expect(result.json().result.grading).toBe('pending_manual');
  });

  it('names each bad criterion: out of 0–9, between half bands, missing, unknown', async () => {
    const response = await call('PUT', selfUrl(attemptId, platformTest.essayId), learner, {
      criteria: { task_response: 9.5, coherence_cohesion: 6.25, lexical_resource: 6, fluency_coherence: 5 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'criteria.task_response': 'marking.band_out_of_range',
      'criteria.coherence_cohesion': 'marking.band_step',
      'criteria.grammatical_range': 'common.required_field',
      'criteria.fluency_coherence': 'marking.unknown_criterion',
    });
    const noBody = await call('PUT', selfUrl(attemptId, platformTest.essayId), learner, {});
    expect(noBody.statusCode).toBe(422);
    expect(Object.keys(noBody.json().errors)).toContain('criteria');
  });

  it('refuses a question that is not a written answer, and is the owner’s only', async () => {
    const notEssay = await call('PUT', selfUrl(attemptId, platformTest.questionIds[0]!), learner, {
      criteria: BANDS,
    });
    expect(notEssay.statusCode).toBe(422);
    expect(notEssay.json().errors).toEqual({ question_id: 'attempt.not_an_essay' });

    const stranger = await authHeader(harness.app, await createAccount(harness.app.db));
    const theirs = await call('PUT', selfUrl(attemptId, platformTest.essayId), stranger, { criteria: BANDS });
    expect(theirs.statusCode).toBe(404);
    const unknown = await call('PUT', selfUrl(crypto.randomUUID(), platformTest.essayId), learner, {
      criteria: BANDS,
    });
    expect(unknown.statusCode).toBe(404);
    const unsigned = await harness.app.inject({
      method: 'PUT',
      url: `/api${selfUrl(attemptId, platformTest.essayId)}`,
      payload: { criteria: BANDS },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

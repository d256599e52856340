import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Method } from './api-client';
import { createTestApp } from './helpers';
import { createOrganization, type TestOrganization } from './isolation/world';
import { grammarWritingStructure, studentOf } from './organization-test';

/**
 * Issue 29, "nothing leaks before release": a learner who submitted a centre's test whose answers are
 * shown after the close time reads none of its keys anywhere before the release. The first test enumerates
 * every learner GET of the OpenAPI document (and the public ones), calls each with every id the learner
 * knows, and fails when any answer carries a key planted in the test; then the teacher releases the
 * results and the keys appear where they belong. The others check each surface on its own.
 *
 * Every key is planted so that it can be told apart: the correct option is B and the learner answers A
 * everywhere (so `{"key":"B"}` is only ever a key), the explanations and the transcript carry markers.
 */

const EXPLANATION = 'ZQEXPLANATIONMARK';
const TRANSCRIPT = 'ZQTRANSCRIPTMARK';
const KEY = '{"key":"B"}';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;

const { call, ok } = apiClient(() => harness.app);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

interface World {
  test: { id: string; slug: string };
  questionIds: string[];
  groupId: string;
  assignmentId: string;
  attemptId: string;
  learner: Awaited<ReturnType<typeof studentOf>>;
}

/**
 * A centre's published test with keys planted in it (seven single-choice questions with explanations,
 * a group with a transcript and two questions, an essay), assigned to one learner with answers shown after the
 * close time; the learner takes it, answers A everywhere (every answer wrong) and submits.
 */
async function plantedWorld(title: string): Promise<World> {
  const structure = await grammarWritingStructure(harness.app);
  const post = <T>(url: string, payload: object, method: Method = 'POST') =>
    ok<T>(method, `/educator${url}`, center.asOwner, payload);
  const question = (i: number) => ({
    question_type_id: structure.singleType,
    stem: `<p>${title}: the train ___ at seven (${i}).</p>`,
    options: [
      { key: 'A', content: 'leave' },
      { key: 'B', content: 'leaves' },
    ],
    answer: { key: 'B' },
    explanation_vi: `<p>${EXPLANATION} vi ${i}</p>`,
    explanation_en: `<p>${EXPLANATION} en ${i}</p>`,
  });
  const singles: { id: string }[] = [];
  for (let i = 0; i < 7; i++)
    singles.push(
      await post<{ id: string }>('/questions', { format_id: structure.grammarPart, ...question(i) }),
    );
  const group = await post<{ id: string; questions: { id: string }[] }>('/question-groups', {
    format_id: structure.grammarPart,
    title: `${title}: a message`,
    passage: '<p>Read the message from the station.</p>',
    transcript: `<p>${TRANSCRIPT} The train leaves at seven every morning.</p>`,
    questions: [question(10), question(11)],
  });
  const test = await post<{ id: string; slug: string; sections: { id: string }[] }>('/tests', {
    exam_id: structure.examId,
    title,
    duration_minutes: 30,
  });
  await post(
    `/tests/${test.id}/sections/${test.sections[0]!.id}/items`,
    { items: [...singles.map((q) => ({ question_id: q.id })), { group_id: group.id }] },
    'PUT',
  );
  const essay = await post<{ id: string }>('/questions', {
    format_id: structure.writingPart,
    question_type_id: structure.essayType,
    stem: `<p>${title}: write about your morning.</p>`,
    answer: { guidance: 'Say when you leave home.' },
  });
  await post(
    `/tests/${test.id}/sections/${test.sections[1]!.id}/items`,
    { items: [{ question_id: essay.id }] },
    'PUT',
  );
  await post(`/tests/${test.id}/publish`, {});
  const learner = await studentOf(harness.app, center.id, { fullName: 'Học viên chờ kết quả' });
  const assignment = await post<{ id: string }>(`/tests/${test.id}/assignments`, {
    opens_at: hours(-1),
    closes_at: hours(48),
    attempts_allowed: 1,
    time_limit_minutes: null,
    answers_shown: 'after_close',
    student_ids: [learner.id],
  });
  const started = await ok<{ id: string }>(
    'POST',
    `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
    learner.headers,
    undefined,
    201,
  );
  const questionIds = [...singles.map((q) => q.id), ...group.questions.map((q) => q.id)];
  await ok('PUT', `/user/attempts/${started.id}/answers`, learner.headers, {
    answers: questionIds.map((id, i) => ({
      question_id: id,
      answer: { key: 'A' },
      flagged: false,
      seq: i + 1,
    })),
  });
  await ok('POST', `/user/attempts/${started.id}/submit`, learner.headers, {});
  return {
    test: { id: test.id, slug: test.slug },
    questionIds,
    groupId: group.id,
    assignmentId: assignment.id,
    attemptId: started.id,
    learner,
  };
}

const release = (world: World) =>
  ok(
    'POST',
    `/educator/tests/${world.test.id}/assignments/${world.assignmentId}/release`,
    center.asOwner,
    {},
  );

/** Where a body carries a key of the planted test: a marker, the key itself, or a keyed field filled in. */
function leaksIn(body: string): string[] {
  const found: string[] = [];
  if (body.includes(EXPLANATION)) found.push('explanation');
  if (body.includes(TRANSCRIPT)) found.push('transcript');
  if (body.includes(KEY)) found.push('correct answer');
  if (/"missed":\[\d/.test(body)) found.push('missed questions');
  return found;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Bình Minh' });
});
afterAll(() => harness?.close());

describe('every learner endpoint before and after the release', () => {
  it('no GET of the learner (or the public) carries a key of an unreleased test; released, the keys appear', async () => {
    const world = await plantedWorld('Kiểm tra chưa công bố');
    const document = harness.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(document.paths)
      .filter(([path, methods]) => /^\/api\/(user|public)\//.test(path) && 'get' in methods)
      .map(([path]) => path);
    // The learner paths the issue names must be among them: an empty enumeration proves nothing.
    for (const path of [
      '/api/user/attempts/{id}/result',
      '/api/user/notebook',
      '/api/user/attempts/{id}/vocabulary',
      '/api/public/dictation/{id}',
      '/api/user/test-history',
    ])
      expect(gets).toContain(path);

    // Every id the learner knows, tried for every path parameter.
    const ids = [
      world.attemptId,
      world.test.id,
      world.test.slug,
      world.groupId,
      world.assignmentId,
      center.slug,
      ...world.questionIds,
    ];
    const urlsOf = (path: string): string[] => {
      let urls = [path.replace(/^\/api/, '')];
      for (const param of path.match(/\{[^}]+\}/g) ?? [])
        urls = urls.flatMap((url) => ids.map((id) => url.replace(param, encodeURIComponent(id))));
      return urls.flatMap((url) => [url, `${url}?test_id=${world.test.id}`]);
    };
    const sweep = async () => {
      const leaks: string[] = [];
      let answered = 0;
      for (const path of gets) {
        for (const url of urlsOf(path)) {
          const response = await call('GET', url, world.learner.headers);
          expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode === 200) answered++;
          const found = leaksIn(response.body);
          if (found.length > 0) leaks.push(`GET ${url}: ${found.join(', ')}`);
        }
      }
      return { leaks, answered };
    };

    const before = await sweep();
    expect(before.leaks).toEqual([]);
    expect(before.answered).toBeGreaterThan(gets.length / 2);

    await release(world);
    const after = await sweep();
    const leaked = after.leaks.join('\n');
    // The review shows the key, the explanations and the transcript; the notebook holds the missed questions.
    expect(leaked).toContain(
      `GET /user/attempts/${world.attemptId}/result: explanation, transcript, correct answer`,
    );
    expect(leaked).toMatch(/GET \/user\/notebook(\?test_id=[^:]+)?: explanation, transcript, correct answer/);
    // Two sweeps of every learner GET: a few hundred requests, slow on a busy 2-core machine.
  }, 180_000);
});

describe('each surface on its own', () => {
  it('the result withholds the review with the close time, and shows it once the teacher releases it', async () => {
    const world = await plantedWorld('Kiểm tra kết quả');
    type Result = {
      review: unknown[];
      answers_visible: boolean;
      review_withheld: { until: string | null } | null;
      counts: { wrong: number };
    };
    const held = await ok<Result>('GET', `/user/attempts/${world.attemptId}/result`, world.learner.headers);
    expect(held).toMatchObject({ review: [], answers_visible: false, counts: { wrong: 9 } });
    expect(held.review_withheld?.until).toBeTruthy();
    await release(world);
    const shown = await ok<Result>('GET', `/user/attempts/${world.attemptId}/result`, world.learner.headers);
    expect(shown).toMatchObject({ answers_visible: true, review_withheld: null });
    expect(leaksIn(JSON.stringify(shown))).toEqual([
      'explanation',
      'transcript',
      'correct answer',
      'missed questions',
    ]);
  });

  it('the notebook leaves the mistakes out with a note of when they come, and holds them once released', async () => {
    const world = await plantedWorld('Kiểm tra sổ tay');
    type Filters = {
      tests: { id: string }[];
      counts: { to_review: number };
      awaiting_release: { count: number; until: string | null } | null;
    };
    const list = await ok<{ items: { test: { id: string } }[] }>(
      'GET',
      `/user/notebook?test_id=${world.test.id}`,
      world.learner.headers,
    );
    expect(list.items).toEqual([]);
    const filters = await ok<Filters>('GET', '/user/notebook/filters', world.learner.headers);
    expect(filters.tests.map((test) => test.id)).not.toContain(world.test.id);
    expect(filters.awaiting_release).toEqual({ count: 9, until: expect.any(String) });

    await release(world);
    const released = await ok<{
      items: { correct_answer?: unknown; question: { correct_answer: unknown; explanation_en: string } }[];
    }>('GET', `/user/notebook?test_id=${world.test.id}`, world.learner.headers);
    expect(released.items).toHaveLength(9);
    expect(released.items.every((item) => JSON.stringify(item.question.correct_answer) === KEY)).toBe(true);
    expect(released.items[0]!.question.explanation_en).toContain(EXPLANATION);
    const after = await ok<Filters>('GET', '/user/notebook/filters', world.learner.headers);
    expect(after.awaiting_release).toBeNull();
    expect(after.tests.map((test) => test.id)).toContain(world.test.id);
  });

  it('redo-mistakes and the notebook practice refuse until the release, then start', async () => {
    const world = await plantedWorld('Kiểm tra luyện lại');
    const redo = await call(
      'POST',
      `/user/attempts/${world.attemptId}/practice-mistakes`,
      world.learner.headers,
    );
    expect(redo.statusCode, redo.body).toBe(409);
    expect(redo.json().errors).toEqual({ attempt: 'attempt.keys_withheld' });
    const chosen = await call('POST', '/user/notebook/practice', world.learner.headers, {
      test_id: world.test.id,
      question_ids: [world.questionIds[0]],
    });
    expect(chosen.statusCode, chosen.body).toBe(422);
    expect(chosen.json().errors).toEqual({ 'question_ids.0': 'notebook.unknown_question' });
    const filtered = await call('POST', '/user/notebook/practice', world.learner.headers, {
      test_id: world.test.id,
    });
    expect(filtered.statusCode, filtered.body).toBe(409);

    await release(world);
    const started = await ok<{ question_count: number }>(
      'POST',
      `/user/attempts/${world.attemptId}/practice-mistakes`,
      world.learner.headers,
      undefined,
      201,
    );
    // The nine wrong answers and the essay left blank.
    expect(started.question_count).toBe(10);
  });

  it('the words of missed questions and the dictation draw nothing from an unreleased test', async () => {
    const world = await plantedWorld('Kiểm tra từ vựng');
    const words = await ok<{ items: unknown[] }>(
      'GET',
      `/user/attempts/${world.attemptId}/vocabulary`,
      world.learner.headers,
    );
    expect(words.items).toEqual([]);
    const dictation = await call('GET', `/public/dictation/${world.groupId}`, world.learner.headers);
    expect(dictation.statusCode).toBe(404);
    const list = await call('GET', '/public/dictation', {});
    expect(list.body).not.toContain(world.groupId);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createPracticeTestApp } from '../../../test/practice-test';
import { attemptAnswers, attempts, tests } from '../../db/schema';
import { revokeUserSessions } from '../auth/auth.service';
import { answerWriter } from './answer-writer';
import { DEADLINE_QUEUE } from './deadline-job';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const IELTS = 'ielts-academic-reading-de-luyen-1';
const GRAMMAR = 'grammar-writing-check-de-luyen-1';

interface PaperQuestion {
  id: string;
  number: number;
  answer_kind: string;
  options: { key: string }[];
  items: { key: string }[];
}
type PaperItem =
  | { kind: 'question'; question: PaperQuestion }
  | { kind: 'group'; group: { questions: PaperQuestion[] } };
interface PaperSection {
  id: string;
  name: string;
  audio_policy: string;
  items: PaperItem[];
}

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let asLearner: Record<string, string>;
let asOther: Record<string, string>;
let asAdmin: Record<string, string>;
let learnerId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, payload?: object, headers: Record<string, string> = asLearner) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

async function start(slug: string, body: object = {}, headers: Record<string, string> = asLearner) {
  const response = await api('POST', `/user/tests/${slug}/attempts`, body, headers);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().result as { id: string; resumed: boolean };
}

async function paper(id: string, headers: Record<string, string> = asLearner) {
  const response = await api('GET', `/user/attempts/${id}`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    attempt: { status: string; deadline_at: string | null; last_seq: number };
    sections: PaperSection[];
    answers: { question_id: string; answer: unknown; seq: number }[];
  };
}

const questionsOf = (sections: PaperSection[]) =>
  sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );

/** The correct answers of a published test, read from its frozen snapshot. */
async function correctAnswers(slug: string) {
  const [row] = await harness.database.db.select().from(tests).where(eq(tests.slug, slug));
  const result = await harness.database.executeSql(
    'select snapshot from test_versions where test_id = $1 and version = $2',
    [row!.id, row!.publishedVersion],
  );
  const snapshot = result.rows[0]!.snapshot as {
    sections: {
      items: (
        | { kind: 'question'; question: { id: string; answer: unknown } }
        | {
            kind: 'group';
            group: { questions: { id: string; answer: unknown }[] };
          }
      )[];
    }[];
  };
  const answers = new Map<string, unknown>();
  for (const section of snapshot.sections)
    for (const item of section.items)
      for (const q of item.kind === 'group' ? item.group.questions : [item.question])
        answers.set(q.id, q.answer);
  return answers;
}

/** Some well-formed answer of the kind (not necessarily right). */
function anyAnswer(kind: string): Record<string, unknown> {
  if (kind === 'true_false_not_given') return { value: 'true' };
  if (kind === 'gap_fill' || kind === 'short_answer' || kind === 'essay') return { text: 'river' };
  if (kind === 'multiple_choice') return { keys: ['A'] };
  if (kind === 'matching') return { pairs: { '1': 'A' } };
  if (kind === 'ordering') return { order: ['A', 'B'] };
  return { key: 'A' };
}

/** A learner's answer equal to the correct answer (single choice keys, accepted text, order …). */
function learnerAnswerFor(kind: string, correct: unknown): Record<string, unknown> {
  const right = correct as Record<string, unknown>;
  if (kind === 'gap_fill' || kind === 'short_answer') return { text: (right.accepted as string[])[0] };
  return right;
}

beforeAll(async () => {
  harness = await createPracticeTestApp();
  const learner = await createAccount(harness.database.db);
  learnerId = learner.id;
  asLearner = await authHeader(harness.app, learner);
  asOther = await authHeader(harness.app, await createAccount(harness.database.db));
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
}, 120_000);
afterAll(() => harness.close());

describe('starting an attempt', () => {
  it('starts a full test once, resumes it after, and refuses unknown tests and anonymous callers', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const first = await api('POST', `/user/tests/${TOEIC}/attempts`, { mode: 'full' }, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json().result.resumed).toBe(false);
    const again = await api('POST', `/user/tests/${TOEIC}/attempts`, {}, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual({ id: first.json().result.id, resumed: true });

    const view = await paper(first.json().result.id, headers);
    expect(view.sections).toHaveLength(7);
    const questions = questionsOf(view.sections);
    expect(questions).toHaveLength(200);
    expect(questions.map((q) => q.number)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(view.sections[0]!.audio_policy).toBe('play_once');
    const deadline = new Date(view.attempt.deadline_at!).getTime();
    expect(deadline - Date.now()).toBeGreaterThan(119 * 60_000);
    // The paper never carries answers, explanations or transcripts.
    expect(JSON.stringify(view.sections)).not.toMatch(
      /"(answer|explanation_vi|explanation_en|transcript|tags|source_note)"/,
    );

    expect((await api('POST', '/user/tests/no-such-test/attempts', {}, headers)).statusCode).toBe(404);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: `/api/user/tests/${TOEIC}/attempts`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const asStaff = await api('POST', `/user/tests/${TOEIC}/attempts`, {}, asAdmin);
    expect(asStaff.statusCode).toBe(403);
  });

  it('lets only one of two concurrent starts create the attempt', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const [a, b] = await Promise.all([
      api('POST', `/user/tests/${IELTS}/attempts`, {}, headers),
      api('POST', `/user/tests/${IELTS}/attempts`, {}, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().result.id).toBe(b.json().result.id);
  });

  it('submits an unfinished attempt whose time ran out and starts a new one', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const first = await start(IELTS, {}, headers);
    await harness.database.db
      .update(attempts)
      .set({ deadlineAt: sql`now() - interval '2 minutes'` })
      .where(eq(attempts.id, first.id));
    const again = await api('POST', `/user/tests/${IELTS}/attempts`, {}, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().result).toMatchObject({ resumed: false });
    expect(again.json().result.id).not.toBe(first.id);
    const [old] = await harness.database.db.select().from(attempts).where(eq(attempts.id, first.id));
    expect(old).toMatchObject({ status: 'submitted', submitReason: 'deadline' });
    const fresh = await paper(again.json().result.id, headers);
    expect(fresh.attempt.status).toBe('in_progress');
    expect(new Date(fresh.attempt.deadline_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it('validates practice sections, refuses pack tests and exhausted attempts', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const none = await api('POST', `/user/tests/${TOEIC}/attempts`, { mode: 'practice' }, headers);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toMatchObject({ section_ids: 'attempt.sections_required' });
    const unknown = await api(
      'POST',
      `/user/tests/${TOEIC}/attempts`,
      { mode: 'practice', section_ids: ['00000000-0000-4000-8000-000000000000'] },
      headers,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toMatchObject({ section_ids: 'attempt.unknown_section' });

    await harness.database.db.update(tests).set({ access: 'pack' }).where(eq(tests.slug, IELTS));
    try {
      const pack = await api('POST', `/user/tests/${IELTS}/attempts`, {}, headers);
      expect(pack.statusCode).toBe(403);
      expect(pack.json().errors).toEqual({ test: 'attempt.pack_required' });
    } finally {
      await harness.database.db.update(tests).set({ access: 'free' }).where(eq(tests.slug, IELTS));
    }

    await harness.database.db.update(tests).set({ attemptsAllowed: 1 }).where(eq(tests.slug, IELTS));
    try {
      const { id } = await start(IELTS, {}, headers);
      expect((await api('POST', `/user/attempts/${id}/submit`, {}, headers)).statusCode).toBe(200);
      const exhausted = await api('POST', `/user/tests/${IELTS}/attempts`, {}, headers);
      expect(exhausted.statusCode).toBe(409);
      expect(exhausted.json().errors).toEqual({ test: 'attempt.attempts_exhausted' });
    } finally {
      await harness.database.db.update(tests).set({ attemptsAllowed: null }).where(eq(tests.slug, IELTS));
    }
  });
});

describe('the paper', () => {
  it('is the owner’s only: another learner, an unknown or a malformed attempt id all get 404', async () => {
    const { id } = await start(IELTS);
    const foreign = await api('GET', `/user/attempts/${id}`, undefined, asOther);
    const unknown = await api(
      'GET',
      '/user/attempts/00000000-0000-4000-8000-000000000000',
      undefined,
      asOther,
    );
    // Existence does not leak: another learner's attempt answers exactly as one that does not exist.
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await api('GET', '/user/attempts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api('GET', '/user/attempts/not-an-id')).statusCode).toBe(404);
    const anonymous = await harness.app.inject({ method: 'GET', url: `/api/user/attempts/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('practises one part with the exam’s numbering, free audio and an untimed clock', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const full = await paper((await start(TOEIC, {}, asLearner)).id);
    const part3 = full.sections[2]!;
    const { id } = await start(TOEIC, { mode: 'practice', section_ids: [part3.id] }, headers);
    const view = await paper(id, headers);
    expect(view.attempt.deadline_at).toBeNull();
    expect(view.sections.map((s) => s.id)).toEqual([part3.id]);
    expect(view.sections[0]!.audio_policy).toBe('free');
    const numbers = questionsOf(view.sections).map((q) => q.number);
    expect(numbers[0]).toBe(questionsOf(full.sections.slice(0, 2)).length + 1);
    expect(numbers).toEqual(questionsOf([part3]).map((q) => q.number));

    const result = (await api('POST', `/user/attempts/${id}/submit`, {}, headers)).json().result;
    expect(result.mode).toBe('practice');
    expect(result.score_total).toBeNull();
    expect(result.sections[0]).toMatchObject({ section: 'listening', score: null, max_raw: numbers.length });
    expect(result.parts).toHaveLength(1);
    expect(result.counts).toMatchObject({ skipped: numbers.length, total: numbers.length });
  });
});

describe('saving answers', () => {
  it('keeps the greatest seq, reports stale changes, replays harmlessly and validates shapes and questions', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(TOEIC, {}, headers);
    const [q1, q2] = questionsOf((await paper(id, headers)).sections);
    const save = (answers: object[], as: Record<string, string> = headers) =>
      api('PUT', `/user/attempts/${id}/answers`, { answers }, as);

    const first = await save([{ question_id: q1!.id, answer: { key: 'B' }, seq: 5 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ accepted: [{ question_id: q1!.id, seq: 5 }], stale: [] });
    const older = await save([
      { question_id: q1!.id, answer: { key: 'C' }, seq: 3 },
      { question_id: q2!.id, answer: { key: 'A' }, flagged: true, seq: 4 },
    ]);
    expect(older.json().result.accepted).toEqual([{ question_id: q2!.id, seq: 4 }]);
    expect(older.json().result.stale).toEqual([
      { question_id: q1!.id, answer: { key: 'B' }, flagged: false, seq: 5 },
    ]);
    const replay = await save([{ question_id: q1!.id, answer: { key: 'B' }, seq: 5 }]);
    expect(replay.json().result).toMatchObject({ accepted: [{ question_id: q1!.id, seq: 5 }], stale: [] });

    const view = await paper(id, headers);
    expect(view.attempt.last_seq).toBe(5);
    expect(view.answers).toEqual(
      expect.arrayContaining([
        { question_id: q1!.id, answer: { key: 'B' }, flagged: false, seq: 5 },
        { question_id: q2!.id, answer: { key: 'A' }, flagged: true, seq: 4 },
      ]),
    );

    const wrongShape = await save([{ question_id: q1!.id, answer: { text: 'B' }, seq: 9 }]);
    expect(wrongShape.statusCode).toBe(422);
    expect(wrongShape.json().errors).toEqual({ 'answers.0.answer': 'attempt.answer_invalid' });
    const ielts = questionsOf((await paper((await start(IELTS, {}, headers)).id, headers)).sections)[0]!;
    const foreign = await save([
      { question_id: q1!.id, answer: null, seq: 10 },
      { question_id: ielts.id, answer: { key: 'A' }, seq: 11 },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'answers.1.question_id': 'attempt.question_not_in_attempt' });
    expect((await save([])).statusCode).toBe(422);

    expect((await save([{ question_id: q1!.id, answer: { key: 'D' }, seq: 20 }], asOther)).statusCode).toBe(
      404,
    );
    const missing = await api('PUT', '/user/attempts/00000000-0000-4000-8000-000000000000/answers', {
      answers: [{ question_id: q1!.id, answer: null, seq: 1 }],
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await harness.app.inject({
      method: 'PUT',
      url: `/api/user/attempts/${id}/answers`,
      payload: { answers: [{ question_id: q1!.id, answer: null, seq: 30 }] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await paper(id, headers)).answers.find((a) => a.question_id === q1!.id)?.seq).toBe(5);
  });

  it('refuses saves at once after sign-out or revoked sessions, though save checks reuse the session', async () => {
    const account = await createAccount(harness.database.db);
    const headers = await authHeader(harness.app, account);
    const { id } = await start(IELTS, {}, headers);
    const [q1] = questionsOf((await paper(id, headers)).sections);
    const save = (seq: number) =>
      api(
        'PUT',
        `/user/attempts/${id}/answers`,
        { answers: [{ question_id: q1!.id, answer: anyAnswer(q1!.answer_kind), seq }] },
        headers,
      );
    expect((await save(1)).statusCode).toBe(200);
    expect((await save(2)).statusCode).toBe(200);
    const signOut = await api('POST', '/user/auth/logout', {}, headers);
    expect(signOut.statusCode, signOut.body).toBe(200);
    const after = await save(3);
    expect(after.statusCode).toBe(401);
    expect(after.json().key).toBe('INVALID_TOKEN');

    // Another learner's session, warm in the reuse window, then all their sessions are revoked.
    const other = await createAccount(harness.database.db);
    const otherHeaders = await authHeader(harness.app, other);
    const started = await start(IELTS, {}, otherHeaders);
    const [first] = questionsOf((await paper(started.id, otherHeaders)).sections);
    const saveOther = (seq: number) =>
      api(
        'PUT',
        `/user/attempts/${started.id}/answers`,
        { answers: [{ question_id: first!.id, answer: null, seq }] },
        otherHeaders,
      );
    expect((await saveOther(1)).statusCode).toBe(200);
    await revokeUserSessions(harness.database.db, other.id, 'test');
    expect((await saveOther(2)).statusCode).toBe(401);
  });

  it('accepts saves within the grace after the deadline, then refuses them and submits the attempt', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(IELTS, {}, headers);
    const [q1] = questionsOf((await paper(id, headers)).sections);
    const moveDeadline = (secondsAgo: number) =>
      harness.database.db
        .update(attempts)
        .set({ deadlineAt: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where(eq(attempts.id, id));

    await moveDeadline(30);
    const late = await api(
      'PUT',
      `/user/attempts/${id}/answers`,
      {
        answers: [{ question_id: q1!.id, answer: anyAnswer(q1!.answer_kind), seq: 1 }],
      },
      headers,
    );
    expect(late.statusCode, late.body).toBe(200);

    await moveDeadline(61);
    const tooLate = await api(
      'PUT',
      `/user/attempts/${id}/answers`,
      {
        answers: [{ question_id: q1!.id, answer: null, seq: 2 }],
      },
      headers,
    );
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().errors).toEqual({ attempt: 'attempt.deadline_passed' });
    const [row] = await harness.database.db.select().from(attempts).where(eq(attempts.id, id));
    expect(row).toMatchObject({ status: 'submitted', submitReason: 'deadline' });
    const [saved] = await harness.database.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, id));
    expect(saved).toMatchObject({ seq: 1, answer: anyAnswer(q1!.answer_kind) });

    const closed = await api(
      'PUT',
      `/user/attempts/${id}/answers`,
      {
        answers: [{ question_id: q1!.id, answer: null, seq: 3 }],
      },
      headers,
    );
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors).toEqual({ attempt: 'attempt.closed' });
  });

  it('writes a class’s simultaneous saves together, each answered with its own outcome', async () => {
    const learners = await Promise.all(
      Array.from({ length: 8 }, async () =>
        authHeader(harness.app, await createAccount(harness.database.db)),
      ),
    );
    const started: { headers: Record<string, string>; id: string }[] = [];
    for (const headers of learners) started.push({ headers, id: (await start(TOEIC, {}, headers)).id });
    const questions = questionsOf((await paper(started[0]!.id, started[0]!.headers)).sections);
    const [q1] = questions;
    const q3 = questions[10];
    // The last learner has already submitted; the first already holds seq 50 on q1.
    const done = started.at(-1)!;
    expect((await api('POST', `/user/attempts/${done.id}/submit`, {}, done.headers)).statusCode).toBe(200);
    const first = started[0]!;
    const saveOf = ({ id, headers }: { id: string; headers: Record<string, string> }, answers: object[]) =>
      api('PUT', `/user/attempts/${id}/answers`, { answers }, headers);
    expect((await saveOf(first, [{ question_id: q1!.id, answer: { key: 'D' }, seq: 50 }])).statusCode).toBe(
      200,
    );

    const rounds = 3;
    const responses = await Promise.all(
      Array.from({ length: rounds }, (_, round) =>
        started.map((attempt, index) =>
          saveOf(attempt, [
            { question_id: questions[round * 2]!.id, answer: { key: 'ABCD'[index % 4] }, seq: round * 2 + 1 },
            {
              question_id: questions[round * 2 + 1]!.id,
              answer: { key: 'B' },
              flagged: true,
              seq: round * 2 + 2,
            },
          ]),
        ),
      ).flat(),
    );
    // Two tabs of the second learner change q3 at once: the greater seq wins, the other hears it back.
    const second = started[1]!;
    const [tabA, tabB, stale] = await Promise.all([
      saveOf(second, [{ question_id: q3!.id, answer: { key: 'A' }, seq: 40 }]),
      saveOf(second, [{ question_id: q3!.id, answer: { key: 'C' }, seq: 41 }]),
      saveOf(first, [{ question_id: q1!.id, answer: { key: 'A' }, seq: 7 }]),
    ]);

    for (const [index, response] of responses.entries()) {
      const attempt = started[index % started.length]!;
      if (attempt === done) {
        expect(response.statusCode).toBe(409);
        expect(response.json().errors).toEqual({ attempt: 'attempt.closed' });
        continue;
      }
      expect(response.statusCode, response.body).toBe(200);
      const round = Math.floor(index / started.length);
      const accepted = response.json().result.accepted;
      expect(accepted).toHaveLength(round === 0 && attempt === first ? 1 : 2);
    }
    // First round, first learner: q1 at seq 1 loses to the 50 already held and is reported back.
    expect(responses[0]!.json().result.stale).toEqual([
      { question_id: q1!.id, answer: { key: 'D' }, flagged: false, seq: 50 },
    ]);
    expect(stale.json().result.stale).toEqual([
      { question_id: q1!.id, answer: { key: 'D' }, flagged: false, seq: 50 },
    ]);
    expect(tabB.json().result.accepted).toEqual([{ question_id: q3!.id, seq: 41 }]);
    expect([[], [{ question_id: q3!.id, answer: { key: 'C' }, flagged: false, seq: 41 }]]).toContainEqual(
      tabA.json().result.stale,
    );
    for (const [index, attempt] of started.entries()) {
      const held = await harness.database.db
        .select()
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attempt.id));
      const byQuestion = new Map(held.map((row) => [row.questionId, row]));
      if (attempt === done) {
        expect(held.filter((row) => row.seq >= 1)).toEqual([]);
        continue;
      }
      for (let round = 0; round < rounds; round++) {
        const [a, b] = [questions[round * 2]!, questions[round * 2 + 1]!];
        if (!(round === 0 && attempt === first))
          expect(byQuestion.get(a.id)).toMatchObject({
            answer: { key: 'ABCD'[index % 4] },
            seq: round * 2 + 1,
          });
        expect(byQuestion.get(b.id)).toMatchObject({
          answer: { key: 'B' },
          flagged: true,
          seq: round * 2 + 2,
        });
      }
    }
    expect(
      (await paper(first.id, first.headers)).answers.find((answer) => answer.question_id === q1!.id),
    ).toMatchObject({ answer: { key: 'D' }, seq: 50 });
    expect(
      (await paper(second.id, second.headers)).answers.find((answer) => answer.question_id === q3!.id),
    ).toMatchObject({ answer: { key: 'C' }, seq: 41 });
  });

  // PGlite has one connection: nothing can hold a lock while a save waits.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'does not hold other saves back while one waits for a submit’s lock',
    async () => {
      const learners = await Promise.all(
        Array.from({ length: 2 }, async () =>
          authHeader(harness.app, await createAccount(harness.database.db)),
        ),
      );
      const [locked, free] = [
        (await start(IELTS, {}, learners[0])).id,
        (await start(IELTS, {}, learners[1])).id,
      ];
      const [question] = questionsOf((await paper(locked, learners[0])).sections);
      const change = {
        question_id: question!.id,
        answer: anyAnswer(question!.answer_kind),
        flagged: false,
        seq: 1,
      };
      const writer = answerWriter(harness.database);
      let release = () => {};
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // A submit in progress holds the attempt's row lock for a while.
      const lock = harness.database.transaction(async (executeSql) => {
        await executeSql('select id from attempts where id = $1 for update', [locked]);
        holding();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await held;
      const waiting = writer.write(locked, [change], new Date());
      let waitingDone = false;
      void waiting.then(() => {
        waitingDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Answered while the other still waits (well before the second it is given here).
      const timedOut = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000));
      await expect(Promise.race([writer.write(free, [change], new Date()), timedOut])).resolves.toEqual({
        open: true,
        written: [{ question_id: question!.id, seq: 1 }],
      });
      expect(waitingDone).toBe(false);
      release();
      await lock;
      await expect(waiting).resolves.toEqual({
        open: true,
        written: [{ question_id: question!.id, seq: 1 }],
      });
    },
  );

  it('sends saves made together as one statement and fails only the one the database refuses', async () => {
    const learners = await Promise.all(
      Array.from({ length: 5 }, async () =>
        authHeader(harness.app, await createAccount(harness.database.db)),
      ),
    );
    const ids: string[] = [];
    for (const headers of learners) ids.push((await start(IELTS, {}, headers)).id);
    const [question, other] = questionsOf((await paper(ids[0]!, learners[0])).sections);
    const change = (seq: number, q = question!) => ({
      question_id: q.id,
      answer: anyAnswer(q.answer_kind),
      flagged: false,
      seq,
    });
    const writer = answerWriter(harness.database);
    const writeAll = () =>
      Promise.allSettled([
        writer.write(ids[0]!, [change(3)], new Date()),
        writer.write(ids[1]!, [change(3), change(4, other)], new Date()),
        writer.write(ids[2]!, [change(666)], new Date()),
        writer.write(ids[3]!, [change(3)], new Date()),
        // The same question of the same attempt again: it waits for the next statement, and wins.
        writer.write(ids[3]!, [change(5)], new Date()),
        writer.write(ids[4]!, [change(3)], new Date()),
      ]);

    const before = { ...writer.stats };
    const outcomes = await writeAll();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill('fulfilled'));
    // One or two go at once (the writer was idle), the others wait and leave together.
    expect(writer.stats.saves - before.saves).toBe(6);
    expect(writer.stats.statements - before.statements).toBeLessThanOrEqual(4);
    expect(outcomes[1]).toEqual({
      status: 'fulfilled',
      value: {
        open: true,
        written: expect.arrayContaining([
          { question_id: question!.id, seq: 3 },
          { question_id: other!.id, seq: 4 },
        ]),
      },
    });
    expect(outcomes[4]).toEqual({
      status: 'fulfilled',
      value: { open: true, written: [{ question_id: question!.id, seq: 5 }] },
    });

    // A refusal by the database (here a trigger on seq 666, as a full disk or a constraint would give)
    // fails that save alone; the others in its statement are written one by one.
    await harness.database.executeSql(`
      create function refuse_seq_666() returns trigger language plpgsql as $$
      begin
        if new.seq = 666 then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_seq_666 before insert or update on attempt_answers
        for each row execute function refuse_seq_666();`);
    try {
      await harness.database.executeSql('delete from attempt_answers where attempt_id = any($1::uuid[])', [
        ids,
      ]);
      const refused = await writeAll();
      expect(refused.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
    } finally {
      await harness.database.executeSql(
        'drop trigger refuse_seq_666 on attempt_answers; drop function refuse_seq_666();',
      );
    }
    const held = await harness.database.executeSql(
      'select attempt_id, question_id, seq from attempt_answers where attempt_id = any($1::uuid[])',
      [ids],
    );
    expect(
      held.rows
        .map(
          (row) =>
            `${ids.indexOf(String(row.attempt_id))}:${row.question_id === question!.id ? 'q' : 'o'}:${row.seq}`,
        )
        .sort(),
    ).toEqual(['0:q:3', '1:o:4', '1:q:3', '3:q:5', '4:q:3']);
  });
});

describe('submitting and results', () => {
  it('scores the TOEIC test with every answer right at the tables’ maxima; a second submit changes nothing', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(TOEIC, {}, headers);
    const questions = questionsOf((await paper(id, headers)).sections);
    const correct = await correctAnswers(TOEIC);
    const answers = questions.map((q, index) => ({
      question_id: q.id,
      answer: learnerAnswerFor(q.answer_kind, correct.get(q.id)),
      seq: index + 1,
    }));
    for (let index = 0; index < answers.length; index += 100) {
      const saved = await api(
        'PUT',
        `/user/attempts/${id}/answers`,
        { answers: answers.slice(index, index + 100) },
        headers,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const pending = await api('GET', `/user/attempts/${id}/result`, undefined, headers);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors).toEqual({ attempt: 'attempt.in_progress' });

    const [first, second] = await Promise.all([
      api('POST', `/user/attempts/${id}/submit`, {}, headers),
      api('POST', `/user/attempts/${id}/submit`, {}, headers),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    const result = first.json().result;
    expect(second.json().result.submitted_at).toBe(result.submitted_at);
    expect(result).toMatchObject({
      status: 'submitted',
      submit_reason: 'learner',
      grading: 'complete',
      score_total: 990,
      max_score: 990,
      is_estimate: true,
      counts: { correct: 200, wrong: 0, skipped: 0, total: 200 },
      answers_visible: true,
    });
    expect(result.sections).toEqual([
      {
        section: 'listening',
        raw: 100,
        max_raw: 100,
        score: 495,
        max_score: 495,
        method: 'table',
        pending: 0,
      },
      { section: 'reading', raw: 100, max_raw: 100, score: 495, max_score: 495, method: 'table', pending: 0 },
    ]);
    expect(result.parts).toHaveLength(7);
    const third = await api(
      'POST',
      `/user/attempts/${id}/submit`,
      { answers: [{ question_id: questions[0]!.id, answer: null, seq: 999 }] },
      headers,
    );
    expect(third.json().result.score_total).toBe(990);
    const again = await api('GET', `/user/attempts/${id}/result`, undefined, headers);
    expect(again.json().result.score_total).toBe(990);
  });

  it('gives a realistic partial TOEIC score, stores outcomes, and keeps results to their owner and the back office', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(TOEIC, {}, headers);
    const questions = questionsOf((await paper(id, headers)).sections);
    const correct = await correctAnswers(TOEIC);
    // Right on the first 60 listening and 45 reading questions, wrong on 20, the rest skipped.
    const right = [...questions.slice(0, 60), ...questions.slice(100, 145)];
    const wrong = [...questions.slice(60, 70), ...questions.slice(145, 155)];
    const final = [
      ...right.map((q, i) => ({
        question_id: q.id,
        answer: learnerAnswerFor(q.answer_kind, correct.get(q.id)),
        seq: i + 1,
      })),
      ...wrong.map((q, i) => {
        const rightKey = (correct.get(q.id) as { key: string }).key;
        const other = q.options.find((o) => o.key !== rightKey)!.key;
        return { question_id: q.id, answer: { key: other }, seq: 500 + i };
      }),
    ];
    const submitted = await api('POST', `/user/attempts/${id}/submit`, { answers: final }, headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().result;
    expect(result.counts).toEqual({
      correct: 105,
      partial: 0,
      wrong: 20,
      skipped: 75,
      pending: 0,
      total: 200,
    });
    const [listening, reading] = result.sections;
    expect(listening).toMatchObject({ raw: 60 });
    expect(reading).toMatchObject({ raw: 45 });
    expect(listening.score).toBeGreaterThan(5);
    expect(listening.score).toBeLessThan(495);
    expect(result.score_total).toBe(listening.score + reading.score);
    const reviewed = result.review.flatMap((s: { items: PaperItem[] }) =>
      s.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
    ) as unknown as { id: string; outcome: string; correct_answer: unknown; your_answer: unknown }[];
    expect(reviewed.find((q) => q.id === wrong[0]!.id)).toMatchObject({
      outcome: 'wrong',
      correct_answer: correct.get(wrong[0]!.id),
    });
    expect(reviewed.find((q) => q.id === questions[199]!.id)).toMatchObject({
      outcome: 'skipped',
      your_answer: null,
    });
    const stored = await harness.database.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, id));
    expect(stored.filter((row) => row.outcome === 'correct')).toHaveLength(105);
    const [row] = await harness.database.db.select().from(attempts).where(eq(attempts.id, id));
    expect(row!.result).toMatchObject({
      counts: result.counts,
      sections: result.sections,
      // The English part names are read from the version at each request, not stored.
      parts: result.parts.map(({ name_en: _english, ...part }: { name_en: unknown }) => part),
    });
    expect(row).toMatchObject({ correctCount: 105, questionCount: 200, scoreTotal: result.score_total });

    expect((await api('GET', `/user/attempts/${id}/result`, undefined, asOther)).statusCode).toBe(404);
    expect((await api('POST', `/user/attempts/${id}/submit`, {}, asOther)).statusCode).toBe(404);
    expect(
      (await api('POST', '/user/attempts/00000000-0000-4000-8000-000000000000/submit', {})).statusCode,
    ).toBe(404);
    expect((await api('GET', '/user/attempts/00000000-0000-4000-8000-000000000000/result')).statusCode).toBe(
      404,
    );
    const badFinal = await api(
      'POST',
      `/user/attempts/${id}/submit`,
      { answers: [{ question_id: 'x', answer: null, seq: 1 }] },
      headers,
    );
    expect(badFinal.statusCode).toBe(422);

    const owner = row!.userId;
    const admin = await api('GET', `/admin/students/${owner}/attempts/${id}/result`, undefined, asAdmin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().result.score_total).toBe(result.score_total);
    expect(
      (await api('GET', `/admin/students/${learnerId}/attempts/${id}/result`, undefined, asAdmin)).statusCode,
    ).toBe(404);
    const staff = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect(
      (await api('GET', `/admin/students/${owner}/attempts/${id}/result`, undefined, staff)).statusCode,
    ).toBe(403);
    expect(
      (await api('GET', `/admin/students/${owner}/attempts/${id}/result`, undefined, headers)).statusCode,
    ).toBe(403);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/admin/students/${owner}/attempts/${id}/result` }))
        .statusCode,
    ).toBe(401);
  });

  it('gives partial credit for multiple choice and ordering and leaves the essay to a teacher', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(GRAMMAR, {}, headers);
    const questions = questionsOf((await paper(id, headers)).sections);
    const correct = await correctAnswers(GRAMMAR);
    const byKind = (kind: string) => questions.filter((question) => question.answer_kind === kind);
    const [twoRight, articles, threeRight] = byKind('multiple_choice');
    const [question, sentence] = byKind('ordering');
    const [essay] = byKind('essay');
    const keysOf = (q: PaperQuestion) => (correct.get(q.id) as { keys: string[] }).keys;
    const orderOf = (q: PaperQuestion) => (correct.get(q.id) as { order: string[] }).order;
    const wrongKey = (q: PaperQuestion) => q.options.find((option) => !keysOf(q).includes(option.key))!.key;
    // The paper hands out the ordering pieces shuffled, never in the correct order.
    expect(question!.items.map((item) => item.key)).not.toEqual(orderOf(question!));
    const [a, b, c, d] = orderOf(sentence!);
    const saved = await api(
      'PUT',
      `/user/attempts/${id}/answers`,
      {
        answers: [
          // One of two right keys: half a point; one right and one wrong: nothing; all three: a point.
          { question_id: twoRight!.id, answer: { keys: [keysOf(twoRight!)[0]] }, seq: 1 },
          {
            question_id: articles!.id,
            answer: { keys: [keysOf(articles!)[0], wrongKey(articles!)] },
            seq: 2,
          },
          { question_id: threeRight!.id, answer: { keys: keysOf(threeRight!) }, seq: 3 },
          { question_id: question!.id, answer: { order: orderOf(question!) }, seq: 4 },
          // First and last piece in place, the middle two swapped: half the positions.
          { question_id: sentence!.id, answer: { order: [a, c, b, d] }, seq: 5 },
          { question_id: essay!.id, answer: { text: 'Hi Sam, come to Hue first.' }, seq: 6 },
        ],
      },
      headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await api('POST', `/user/attempts/${id}/submit`, {}, headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().result;
    const reviewed = new Map(
      result.review
        .flatMap((section: { items: { question: { id: string } }[] }) => section.items)
        .map((item: { question: { id: string; outcome: string; points: number } }) => [
          item.question.id,
          item.question,
        ]),
    );
    const outcome = (q: PaperQuestion) => {
      const { outcome, points } = reviewed.get(q.id) as { outcome: string; points: number };
      return [outcome, points];
    };
    expect(outcome(twoRight!)).toEqual(['partial', 0.5]);
    expect(outcome(articles!)).toEqual(['wrong', 0]);
    expect(outcome(threeRight!)).toEqual(['correct', 1]);
    expect(outcome(question!)).toEqual(['correct', 1]);
    expect(outcome(sentence!)).toEqual(['partial', 0.5]);
    expect(outcome(essay!)).toEqual(['pending', 0]);
    expect(reviewed.get(essay!.id)).toMatchObject({
      your_answer: { text: 'Hi Sam, come to Hue first.' },
      correct_answer: { guidance: expect.stringContaining('1) Task') },
    });
    expect(result).toMatchObject({
      grading: 'pending_manual',
      score_total: null,
      counts: { correct: 2, partial: 2, wrong: 1, pending: 1, skipped: 4, total: 10 },
      sections: [
        { section: 'grammar', raw: 3, max_raw: 9, pending: 0 },
        { section: 'writing', raw: 0, max_raw: 1, pending: 1 },
      ],
    });
  });

  it('hides answers, explanations and transcripts when the test never shows them', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    await harness.database.db.update(tests).set({ answerVisibility: 'never' }).where(eq(tests.slug, IELTS));
    try {
      const { id } = await start(IELTS, {}, headers);
      const result = (await api('POST', `/user/attempts/${id}/submit`, {}, headers)).json().result;
      expect(result.answers_visible).toBe(false);
      const text = JSON.stringify(result.review);
      expect(text).not.toMatch(/"correct_answer":(?!null)/);
      expect(text).not.toMatch(/"explanation_(vi|en)":(?!null)/);
      expect(text).not.toMatch(/"transcript":(?!null)/);
    } finally {
      await harness.database.db
        .update(tests)
        .set({ answerVisibility: 'after_submit' })
        .where(eq(tests.slug, IELTS));
    }
  });
});

describe('the deadline job', () => {
  it('submits an overdue attempt through the job queue although its learner never returns', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const { id } = await start(IELTS, {}, headers);
    await harness.database.db
      .update(attempts)
      .set({ deadlineAt: sql`now() - interval '2 minutes'` })
      .where(eq(attempts.id, id));
    await harness.app.jobs.start();
    const job = await harness.app.jobs.enqueue(DEADLINE_QUEUE, {});
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = await harness.app.jobs.getJob(DEADLINE_QUEUE, job);
      if (state?.state === 'completed') break;
      if (Date.now() > deadline) throw new Error(`job state ${state?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = await harness.database.db.select().from(attempts).where(eq(attempts.id, id));
    expect(row).toMatchObject({ status: 'submitted', submitReason: 'deadline', grading: 'complete' });
    expect(row!.timeSpentSeconds).toBe(0);
  });
});

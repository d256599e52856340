import {
  type AnswerChange,
  ATTEMPT_GRACE_SECONDS,
  ATTEMPT_KEYS,
  type AttemptMode,
  type AttemptResult,
  type FieldErrors,
  learnerAnswerShapes,
  type Outcome,
  type Paper,
  type SaveAnswersResult,
  type SavedAnswer,
} from '@prepwise/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { attemptAnswers, attempts, tests, users } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { singleFlight } from '../../lib/coalesce';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { hasTestAccess } from '../payments/payments.service';
import { ownedBy, type Tenant } from '../structure/tenant';
import { answerWriter, type CheckedChange, type RunSql, writeAnswers } from './answer-writer';
import { type Counts, gradeAttempt, type PartResult, type SectionScore } from './grading';
import { getTestModel, paperQuestion, paperSections, type TestModel } from './test-model';

type AttemptRow = typeof attempts.$inferSelect;

/** What attempts.result holds (read by history and statistics). */
export interface StoredResult {
  sections: SectionScore[];
  counts: Counts;
  parts: PartResult[];
}

const GRACE_MS = ATTEMPT_GRACE_SECONDS * 1000;

const closed = () =>
  new AppError(409, 'CONFLICT', 'This attempt has been submitted', { attempt: ATTEMPT_KEYS.closed });

const isOverdue = (row: Pick<AttemptRow, 'status' | 'deadlineAt'>, now = Date.now()) =>
  row.status === 'in_progress' && row.deadlineAt !== null && row.deadlineAt.getTime() + GRACE_MS < now;

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------- start

export interface StartInput {
  mode: AttemptMode;
  section_ids: string[];
  time_limit_minutes: number | null;
}

/**
 * A published test by tenant and slug ("org-id/slug", "/slug" for the platform): a class starting the
 * same test at once shares one query.
 */
const publishedTestLookup = perDatabase((db) =>
  singleFlight(async (key) => {
    const cut = key.indexOf('/');
    const organizationId = key.slice(0, cut) || null;
    const [test] = await db
      .select({
        id: tests.id,
        organizationId: tests.organizationId,
        access: tests.access,
        attemptsAllowed: tests.attemptsAllowed,
        version: tests.publishedVersion,
        durationMinutes: tests.durationMinutes,
      })
      .from(tests)
      .where(
        and(
          eq(tests.slug, key.slice(cut + 1)),
          eq(tests.status, 'published'),
          ownedBy(tests.organizationId, { organizationId }),
        ),
      );
    return test;
  }),
);

/**
 * Starts an attempt of a published test of the tenant, or resumes the learner's unfinished one.
 * Cheap on purpose (a class starting at once): the test row, one look at the learner's attempts, one insert.
 */
export async function startAttempt(
  db: Db,
  tenant: Tenant,
  userId: string,
  slug: string,
  input: StartInput,
): Promise<{ id: string; resumed: boolean }> {
  const test = await publishedTestLookup(db)(`${tenant.organizationId ?? ''}/${slug}`);
  if (!test || test.version === null) throw notFound('Test not found');
  if (test.access === 'pack' && !(await hasTestAccess(db, userId, test.id))) {
    throw new AppError(403, 'FORBIDDEN', 'This test is part of a pack', { test: ATTEMPT_KEYS.packRequired });
  }
  const model = await getTestModel(db, test.id, test.version);

  let sectionIds: string[];
  if (input.mode === 'full') sectionIds = model.sections.map((section) => section.id);
  else {
    const errors: FieldErrors = {};
    input.section_ids.forEach((id, index) => {
      if (!model.sectionById.has(id)) errors[`section_ids.${index}`] = ATTEMPT_KEYS.unknownSection;
    });
    if (Object.keys(errors).length > 0)
      throw validationFailed({ section_ids: ATTEMPT_KEYS.unknownSection, ...errors });
    const chosen = new Set(input.section_ids);
    sectionIds = model.sections.filter((section) => chosen.has(section.id)).map((section) => section.id);
  }

  const minutes = input.mode === 'full' ? test.durationMinutes : input.time_limit_minutes;
  const questionCount = sectionIds.reduce((sum, id) => sum + model.sectionById.get(id)!.questionCount, 0);
  for (let round = 0; ; round++) {
    const now = new Date();
    const deadline = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
    // One statement: the learner's attempts of this test, and the new attempt when none is open and
    // attempts are left (a concurrent start of the same learner makes the insert do nothing).
    const [outcome] = await rows<{
      total: number;
      open_id: string | null;
      open_deadline: string | null;
      created_id: string | null;
    }>(
      db,
      sql`with mine as (
            select count(*)::int as total,
                   (array_agg(id) filter (where status = 'in_progress'))[1] as open_id,
                   (array_agg(deadline_at::text) filter (where status = 'in_progress'))[1] as open_deadline
            from attempts where user_id = ${userId} and test_id = ${test.id}
          ), created as (
            insert into attempts (user_id, test_id, test_version, organization_id, mode, section_ids,
                                  started_at, deadline_at, question_count)
            select ${userId}::uuid, ${test.id}::uuid, ${test.version}::int, ${test.organizationId}::uuid,
                   ${input.mode}::attempt_mode, ${JSON.stringify(sectionIds)}::jsonb,
                   ${now.toISOString()}::timestamptz, ${deadline?.toISOString() ?? null}::timestamptz,
                   ${questionCount}::int
            from mine
            where mine.open_id is null and (${test.attemptsAllowed}::int is null or mine.total < ${test.attemptsAllowed}::int)
            on conflict (user_id, test_id) where status = 'in_progress' do nothing
            returning id
          )
          select mine.*, (select id from created) as created_id from mine`,
    );
    if (outcome?.created_id) {
      // The learner's first saves usually come to this process: it knows the attempt already.
      rememberAttempt({
        id: outcome.created_id,
        userId,
        deadlineAt: deadline,
        testId: test.id,
        testVersion: test.version,
        sectionIds,
      });
      return { id: outcome.created_id, resumed: false };
    }
    if (outcome?.open_id) {
      const openDeadline = outcome.open_deadline ? new Date(outcome.open_deadline) : null;
      if (!isOverdue({ status: 'in_progress', deadlineAt: openDeadline }))
        return { id: outcome.open_id, resumed: true };
      // Its time ran out while the learner was away: submit it, then start anew.
      await submitAttempt(db, outcome.open_id, 'deadline');
      if (round === 0) continue;
    }
    if (test.attemptsAllowed !== null && Number(outcome?.total ?? 0) >= test.attemptsAllowed) {
      throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
        test: ATTEMPT_KEYS.attemptsExhausted,
      });
    }
    // Another start of the same learner won the race: resume that one.
    if (round === 0) continue;
    throw new AppError(409, 'CONFLICT', 'The attempt could not be started; try again');
  }
}

// ---------------------------------------------------------------- reading

async function findAttempt(db: Db, attemptId: string): Promise<AttemptRow> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  if (!row) throw notFound('Attempt not found');
  return row;
}

/** The learner's own attempt, submitted first if its deadline and grace have passed. */
async function ownAttempt(db: Db, userId: string, attemptId: string): Promise<AttemptRow> {
  const row = await findAttempt(db, attemptId);
  if (row.userId !== userId) throw notFound('Attempt not found');
  if (isOverdue(row)) {
    await submitAttempt(db, row.id, 'deadline');
    return findAttempt(db, attemptId);
  }
  return row;
}

async function savedAnswers(db: Db, attemptId: string) {
  return db
    .select({
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      flagged: attemptAnswers.flagged,
      seq: attemptAnswers.seq,
      outcome: attemptAnswers.outcome,
      points: attemptAnswers.points,
    })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(asc(attemptAnswers.questionId));
}

const testRef = (model: TestModel) => ({
  id: model.test.id,
  title: model.test.title,
  slug: model.test.slug,
  exam: { id: model.test.exam.id, name: model.test.exam.name },
});

export async function getPaper(db: Db, userId: string, attemptId: string): Promise<Paper> {
  const row = await ownAttempt(db, userId, attemptId);
  if (row.status === 'in_progress' && !isOverdue(row)) rememberAttempt(row);
  const [model, answers] = await Promise.all([
    getTestModel(db, row.testId, row.testVersion),
    savedAnswers(db, row.id),
  ]);
  return {
    attempt: {
      id: row.id,
      mode: row.mode,
      status: row.status,
      started_at: row.startedAt.toISOString(),
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: new Date().toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      last_seq: answers.reduce((max, answer) => Math.max(max, Number(answer.seq)), 0),
    },
    test: { ...testRef(model), duration_minutes: model.test.duration_minutes },
    sections: paperSections(model, row),
    answers: answers.map((answer) => ({
      question_id: answer.questionId,
      answer: answer.answer as SavedAnswer['answer'],
      flagged: answer.flagged,
      seq: Number(answer.seq),
    })),
  };
}

// ---------------------------------------------------------------- saving

/** Checks each change against the attempt's questions; keeps, per question, the change with the greatest seq. */
function checkChanges(model: TestModel, row: Pick<AttemptRow, 'sectionIds'>, changes: AnswerChange[]) {
  const errors: FieldErrors = {};
  const taken = new Set(row.sectionIds);
  const latest = new Map<string, CheckedChange>();
  changes.forEach((change, index) => {
    const question = model.questionById.get(change.question_id);
    if (!question || !taken.has(question.sectionId)) {
      errors[`answers.${index}.question_id`] = ATTEMPT_KEYS.notInAttempt;
      return;
    }
    let answer: Record<string, unknown> | null = null;
    if (change.answer !== null) {
      const parsed = learnerAnswerShapes[question.kind].safeParse(change.answer);
      if (!parsed.success) {
        errors[`answers.${index}.answer`] = ATTEMPT_KEYS.answerShape;
        return;
      }
      answer = parsed.data as Record<string, unknown>;
    }
    const previous = latest.get(change.question_id);
    if (!previous || change.seq > previous.seq)
      latest.set(change.question_id, {
        question_id: change.question_id,
        answer,
        flagged: change.flagged ?? false,
        seq: change.seq,
      });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return [...latest.values()];
}

/** A statement written with $1, $2 … as Drizzle SQL, to run it on a transaction. */
function boundSql(text: string, values: unknown[]) {
  const chunks = text.split(/\$(\d+)/);
  return sql.join(
    chunks.map((chunk, index) => (index % 2 === 0 ? sql.raw(chunk) : sql`${values[Number(chunk) - 1]}`)),
  );
}

/** Runs statements on a Drizzle database or transaction. */
const onDrizzle =
  (db: Pick<Db, 'execute'>): RunSql =>
  async (text, values) => ({ rows: await rows<Record<string, unknown>>(db, boundSql(text, values)) });

type AttemptMeta = Pick<AttemptRow, 'id' | 'userId' | 'deadlineAt' | 'testId' | 'testVersion' | 'sectionIds'>;

/**
 * What never changes about an attempt (owner, test version, parts, deadline), kept per process so a save
 * costs one statement. Status and deadline are still checked by that statement against the database.
 */
const MAX_CACHED_ATTEMPTS = 20_000;
const attemptMeta = new Map<string, AttemptMeta>();

function rememberAttempt(row: AttemptMeta) {
  const { id, userId, deadlineAt, testId, testVersion, sectionIds } = row;
  setBounded(attemptMeta, MAX_CACHED_ATTEMPTS, id, {
    id,
    userId,
    deadlineAt,
    testId,
    testVersion,
    sectionIds,
  });
}

/** An attempt's owner, state and fixed facts. */
const attemptRowQuery = perDatabase((db) =>
  db
    .select({
      id: attempts.id,
      userId: attempts.userId,
      status: attempts.status,
      deadlineAt: attempts.deadlineAt,
      testId: attempts.testId,
      testVersion: attempts.testVersion,
      sectionIds: attempts.sectionIds,
    })
    .from(attempts)
    .where(eq(attempts.id, sql.placeholder('id')))
    .prepare('attempts_row'),
);

async function loadAttemptRow(db: Db, attemptId: string) {
  const [row] = await attemptRowQuery(db).execute({ id: attemptId });
  return row;
}

/** Refuses a save to an attempt that is over: submits it first when its time has run out. */
async function refuseClosed(db: Db, row: Pick<AttemptRow, 'id' | 'status' | 'deadlineAt'>): Promise<never> {
  attemptMeta.delete(row.id);
  if (row.status === 'submitted') throw closed();
  await submitAttempt(db, row.id, 'deadline');
  throw new AppError(409, 'CONFLICT', 'The time for this attempt is over', {
    attempt: ATTEMPT_KEYS.deadlinePassed,
  });
}

export async function saveAnswers(
  database: Pick<Database, 'db' | 'prepared'>,
  userId: string,
  attemptId: string,
  changes: AnswerChange[],
): Promise<SaveAnswersResult> {
  const { db } = database;
  let meta: AttemptMeta | undefined = attemptMeta.get(attemptId);
  if (!meta) {
    const row = await loadAttemptRow(db, attemptId);
    if (!row) throw notFound('Attempt not found');
    if (row.userId !== userId) throw notFound('Attempt not found');
    if (row.status === 'submitted' || isOverdue(row)) await refuseClosed(db, row);
    meta = row;
    if (row.status === 'in_progress') rememberAttempt(row);
  }
  if (meta.userId !== userId) throw notFound('Attempt not found');
  const model = await getTestModel(db, meta.testId, meta.testVersion);
  const checked = checkChanges(model, meta, changes);
  const { open, written } = await answerWriter(database).write(meta.id, checked);
  const stale: SavedAnswer[] = [];
  if (!open) {
    // Submitted, or past its deadline and grace: a replay of what the server holds is still harmless.
    const row = await loadAttemptRow(db, meta.id);
    if (!row) throw notFound('Attempt not found');
    const held = new Map((await savedAnswers(db, row.id)).map((answer) => [answer.questionId, answer]));
    const replayed = changes.every((change) => Number(held.get(change.question_id)?.seq) >= change.seq);
    if (row.status !== 'submitted' || !replayed) await refuseClosed(db, row);
    attemptMeta.delete(row.id);
    return {
      accepted: changes.map((change) => ({ question_id: change.question_id, seq: change.seq })),
      stale,
      status: 'submitted',
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: new Date().toISOString(),
    };
  }
  const kept = new Map(written.map((entry) => [entry.question_id, Number(entry.seq)]));
  const unsettled = changes.filter((change) => kept.get(change.question_id) !== change.seq);
  const accepted = changes
    .filter((change) => kept.get(change.question_id) === change.seq)
    .map((change) => ({ question_id: change.question_id, seq: change.seq }));
  if (unsettled.length > 0) {
    // A replay of what the server holds is accepted; an older change gets the server's value back.
    const held = await savedAnswers(db, meta.id);
    const byQuestion = new Map(held.map((answer) => [answer.questionId, answer]));
    const reported = new Set<string>();
    for (const change of unsettled) {
      const server = byQuestion.get(change.question_id);
      if (server && Number(server.seq) === change.seq) {
        accepted.push({ question_id: change.question_id, seq: change.seq });
      } else if (server && !reported.has(server.questionId)) {
        reported.add(server.questionId);
        stale.push({
          question_id: server.questionId,
          answer: server.answer as SavedAnswer['answer'],
          flagged: server.flagged,
          seq: Number(server.seq),
        });
      }
    }
  }
  return {
    accepted,
    stale,
    status: 'in_progress',
    deadline_at: meta.deadlineAt?.toISOString() ?? null,
    server_now: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------- submitting and grading

/**
 * Submits and grades an attempt in one transaction with its row locked: a second submit, the deadline
 * job and a second tab all find it submitted and change nothing. Late final answers (after the grace) are
 * not taken.
 */
export async function submitAttempt(
  db: Db,
  attemptId: string,
  reason: 'learner' | 'deadline',
  options: { userId?: string; answers?: AnswerChange[] } = {},
): Promise<AttemptRow> {
  const preliminary = await findAttempt(db, attemptId);
  if (options.userId && preliminary.userId !== options.userId) throw notFound('Attempt not found');
  if (preliminary.status === 'submitted') return preliminary;
  const model = await getTestModel(db, preliminary.testId, preliminary.testVersion);
  const finalChanges = options.answers?.length ? checkChanges(model, preliminary, options.answers) : [];

  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (!row) throw notFound('Attempt not found');
    if (row.status === 'submitted') return row;
    const now = new Date();
    const late = isOverdue(row, now.getTime());
    if (finalChanges.length > 0 && !late)
      await writeAnswers(onDrizzle(tx as unknown as Db), [{ attemptId: row.id, changes: finalChanges }]);
    const held = await tx
      .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, row.id));
    const taken = new Set(row.sectionIds);
    const grade = gradeAttempt({
      mode: row.mode,
      sections: model.sections.filter((section) => taken.has(section.id)),
      questions: model.sections
        .filter((section) => taken.has(section.id))
        .flatMap((section) => section.questions),
      scoring: model.scoring,
      given: new Map(
        held.map((answer) => [answer.questionId, answer.answer as Record<string, unknown> | null]),
      ),
    });
    const outcomes = held.flatMap((answer) => {
      const graded = grade.answers.get(answer.questionId);
      return graded
        ? [{ question_id: answer.questionId, outcome: graded.outcome, points: graded.points }]
        : [];
    });
    if (outcomes.length > 0) {
      await tx.execute(sql`
        update attempt_answers a set outcome = g.outcome, points = g.points
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as g(question_id uuid, outcome text, points real)
        where a.attempt_id = ${row.id} and a.question_id = g.question_id`);
    }
    const end = row.deadlineAt && row.deadlineAt < now ? row.deadlineAt : now;
    const result: StoredResult = { sections: grade.sections, counts: grade.counts, parts: grade.parts };
    const [updated] = await tx
      .update(attempts)
      .set({
        status: 'submitted',
        submittedAt: now,
        submitReason: late ? 'deadline' : reason,
        timeSpentSeconds: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
        grading: grade.grading,
        scoreTotal: grade.scoreTotal,
        maxScore: grade.maxScore,
        correctCount: grade.counts.correct,
        questionCount: grade.counts.total,
        result,
      })
      .where(eq(attempts.id, row.id))
      .returning();
    return updated!;
  });
}

/** Submits every attempt whose deadline and grace have passed (the deadline job). Answers how many. */
export async function submitOverdueAttempts(db: Db, now = new Date(), limit = 500): Promise<number> {
  const overdue = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(
      and(eq(attempts.status, 'in_progress'), lt(attempts.deadlineAt, new Date(now.getTime() - GRACE_MS))),
    )
    .limit(limit);
  for (const { id } of overdue) await submitAttempt(db, id, 'deadline');
  return overdue.length;
}

// ---------------------------------------------------------------- results

/**
 * The result and per-question review of a submitted attempt, as the learner and the back office see it.
 * Other modules (history, statistics) may use it; it checks no ownership: callers do.
 */
export async function buildAttemptResult(db: Db, row: AttemptRow): Promise<AttemptResult> {
  if (row.status !== 'submitted') {
    throw new AppError(409, 'CONFLICT', 'This attempt is still in progress', {
      attempt: ATTEMPT_KEYS.inProgress,
    });
  }
  const [model, answers, [learner], [test]] = await Promise.all([
    getTestModel(db, row.testId, row.testVersion),
    savedAnswers(db, row.id),
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId)),
    db.select({ answerVisibility: tests.answerVisibility }).from(tests).where(eq(tests.id, row.testId)),
  ]);
  const visible = test?.answerVisibility !== 'never';
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  const stored = row.result as StoredResult | null;
  const review = (question: TestModel['sections'][number]['questions'][number]) => {
    const saved = byQuestion.get(question.id);
    return {
      ...paperQuestion(row.id, question),
      your_answer: (saved?.answer as Record<string, unknown> | null) ?? null,
      correct_answer: visible ? (question.answer ?? null) : null,
      outcome: (saved?.outcome as Outcome | null) ?? 'skipped',
      points: saved?.points ?? 0,
      max_points: 1,
      explanation_vi: visible ? question.explanationVi : null,
      explanation_en: visible ? question.explanationEn : null,
      flagged: saved?.flagged ?? false,
    };
  };
  const taken = new Set(row.sectionIds);
  const scoring = model.scoring.filter((entry) =>
    stored?.sections.some((section) => section.section === entry.section),
  );
  return {
    id: row.id,
    test: testRef(model),
    learner: { id: row.userId, full_name: learner?.fullName ?? null, email: learner?.email ?? '' },
    mode: row.mode,
    status: row.status,
    submit_reason: row.submitReason,
    started_at: row.startedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    time_spent_seconds: row.timeSpentSeconds,
    grading: row.grading ?? 'complete',
    score_total: row.scoreTotal,
    max_score: row.maxScore,
    is_estimate: row.mode === 'full' && scoring.some((entry) => entry.is_estimate),
    // Results stored before sections counted their pending answers have none recorded.
    sections: (stored?.sections ?? []).map((section) => ({ ...section, pending: section.pending ?? 0 })),
    counts: stored?.counts ?? { correct: 0, partial: 0, wrong: 0, skipped: 0, pending: 0, total: 0 },
    parts: stored?.parts ?? [],
    answers_visible: visible,
    review: model.sections
      .filter((section) => taken.has(section.id))
      .map((section) => ({
        id: section.id,
        name: section.name,
        skill: section.skill,
        items: section.items.map((item) =>
          item.kind === 'question'
            ? { kind: 'question' as const, question: review(item.question) }
            : {
                kind: 'group' as const,
                group: {
                  id: item.group.id,
                  title: item.group.title,
                  passage: item.group.passage,
                  audio: item.group.audio,
                  image: item.group.image,
                  transcript: visible ? item.group.transcript : null,
                  questions: item.group.questions.map(review),
                },
              },
        ),
      })),
  };
}

export async function getOwnResult(db: Db, userId: string, attemptId: string): Promise<AttemptResult> {
  return buildAttemptResult(db, await ownAttempt(db, userId, attemptId));
}

export async function submitOwnAttempt(
  db: Db,
  userId: string,
  attemptId: string,
  answers: AnswerChange[],
): Promise<AttemptResult> {
  return buildAttemptResult(db, await submitAttempt(db, attemptId, 'learner', { userId, answers }));
}

/** A learner's result for the back office: the attempt must be that learner's and within the tenant. */
export async function getStudentResult(
  db: Db,
  tenant: Tenant,
  studentId: string,
  attemptId: string,
): Promise<AttemptResult> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.userId, studentId),
        ownedBy(attempts.organizationId, tenant),
      ),
    );
  if (!row) throw notFound('Attempt not found');
  if (isOverdue(row)) return buildAttemptResult(db, await submitAttempt(db, row.id, 'deadline'));
  return buildAttemptResult(db, row);
}

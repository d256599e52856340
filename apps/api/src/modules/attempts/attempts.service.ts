import {
  type AnswerChange,
  ATTEMPT_GRACE_SECONDS,
  ATTEMPT_KEYS,
  type AttemptMode,
  type AttemptResult,
  type FieldErrors,
  learnerAnswerShapes,
  NOTEBOOK_KEYS,
  type Outcome,
  type Paper,
  rubricOf,
  type SaveAnswersResult,
  type SavedAnswer,
  type TeacherMark,
} from '@prepwise/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import {
  attemptAnswers,
  attemptAudioPlays,
  attempts,
  essayMarks,
  testAssignments,
  tests,
  users,
} from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { singleFlight } from '../../lib/coalesce';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { hasTestAccess } from '../payments/payments.service';
import { discardDraw, drawPaper } from '../tests/smart-tests.service';
import { answerWriter, type CheckedChange, type RunSql, writeAnswers } from './answer-writer';
import { attemptBreakdown, forgetEveryoneTallies } from './breakdown';
import { type AttemptGrade, type Counts, gradeAttempt, type PartResult, type SectionScore } from './grading';
import { recordNotebookOutcomes } from './record-mistakes';
import { getTestModel, narrowModel, paperQuestion, paperSections, type TestModel } from './test-model';

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

const isOverdue = (row: Pick<AttemptRow, 'status' | 'deadlineAt'>, now: Date) =>
  row.status === 'in_progress' &&
  row.deadlineAt !== null &&
  row.deadlineAt.getTime() + GRACE_MS < now.getTime();

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
        kind: tests.kind,
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
 * An organization's assignment the attempt is taken under (issue 15): its attempts count alone, and the
 * deadline is its time limit (else the test's duration) cut at its close time.
 */
export interface AssignedStart {
  id: string;
  attemptsAllowed: number;
  minutes: number | null;
  closesAt: Date;
}

/**
 * Starts an attempt of a published test of the tenant at `now`, or resumes the learner's unfinished one.
 * Cheap on purpose (a class starting at once): the test row, one look at the learner's attempts, one insert.
 */
export async function startAttempt(
  db: Db,
  tenant: Tenant,
  userId: string,
  slug: string,
  input: StartInput,
  now: Date,
  assigned?: AssignedStart,
): Promise<{ id: string; resumed: boolean }> {
  const test = await publishedTestLookup(db)(`${tenant.organizationId ?? ''}/${slug}`);
  if (!test || test.version === null) throw notFound('Test not found');
  if (test.access === 'pack' && !(await hasTestAccess(db, userId, test.id, now))) {
    throw new AppError(403, 'FORBIDDEN', 'This test is part of a pack', { test: ATTEMPT_KEYS.packRequired });
  }
  const attemptsAllowed = assigned ? assigned.attemptsAllowed : test.attemptsAllowed;
  const counted = assigned ? sql`assignment_id = ${assigned.id}` : sql`true`;
  // A smart test (issue 15): the learner's own paper is drawn now, unless an attempt is open to resume or
  // none is left; it becomes the attempt's version.
  let version = test.version;
  if (test.kind === 'smart') {
    const [mine] = await rows<{ total: number; open_id: string | null; open_deadline: string | null }>(
      db,
      sql`select (count(*) filter (where ${counted}))::int as total,
                 (array_agg(id) filter (where status = 'in_progress'))[1] as open_id,
                 (array_agg(deadline_at::text) filter (where status = 'in_progress'))[1] as open_deadline
          from attempts where user_id = ${userId} and test_id = ${test.id}`,
    );
    if (mine?.open_id) {
      const openDeadline = mine.open_deadline ? new Date(mine.open_deadline) : null;
      if (!isOverdue({ status: 'in_progress', deadlineAt: openDeadline }, now))
        return { id: mine.open_id, resumed: true };
      await submitAttempt(db, mine.open_id, 'deadline', now);
    } else if (attemptsAllowed !== null && Number(mine?.total ?? 0) >= attemptsAllowed) {
      throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
        test: ATTEMPT_KEYS.attemptsExhausted,
      });
    }
    version = await drawPaper(db, test as typeof test & { version: number }, userId, assigned?.id ?? null);
  }
  const model = await getTestModel(db, test.id, version);

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

  const minutes = assigned
    ? (assigned.minutes ?? test.durationMinutes)
    : input.mode === 'full'
      ? test.durationMinutes
      : input.time_limit_minutes;
  const questionCount = sectionIds.reduce((sum, id) => sum + model.sectionById.get(id)!.questionCount, 0);
  for (let round = 0; ; round++) {
    let deadline = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
    if (assigned && (deadline === null || deadline > assigned.closesAt)) deadline = assigned.closesAt;
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
            select (count(*) filter (where ${counted}))::int as total,
                   (array_agg(id) filter (where status = 'in_progress'))[1] as open_id,
                   (array_agg(deadline_at::text) filter (where status = 'in_progress'))[1] as open_deadline
            from attempts where user_id = ${userId} and test_id = ${test.id}
          ), created as (
            insert into attempts (user_id, test_id, test_version, organization_id, assignment_id, mode,
                                  section_ids, started_at, deadline_at, question_count)
            select ${userId}::uuid, ${test.id}::uuid, ${version}::int, ${test.organizationId}::uuid,
                   ${assigned?.id ?? null}::uuid,
                   ${input.mode}::attempt_mode, ${JSON.stringify(sectionIds)}::jsonb,
                   ${now.toISOString()}::timestamptz, ${deadline?.toISOString() ?? null}::timestamptz,
                   ${questionCount}::int
            from mine
            where mine.open_id is null and (${attemptsAllowed}::int is null or mine.total < ${attemptsAllowed}::int)
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
        testVersion: version,
        sectionIds,
        questionIds: null,
      });
      return { id: outcome.created_id, resumed: false };
    }
    // Not started with this paper: a drawn one goes, and a second round would need a new draw, so a
    // smart test resumes the attempt a concurrent start of the learner opened, or asks to try again.
    const drawn = version !== test.version;
    if (drawn) await discardDraw(db, test.id, version);
    if (outcome?.open_id) {
      const openDeadline = outcome.open_deadline ? new Date(outcome.open_deadline) : null;
      if (!isOverdue({ status: 'in_progress', deadlineAt: openDeadline }, now))
        return { id: outcome.open_id, resumed: true };
      // Its time ran out while the learner was away: submit it, then start anew.
      await submitAttempt(db, outcome.open_id, 'deadline', now);
      if (round === 0 && !drawn) continue;
    }
    if (attemptsAllowed !== null && Number(outcome?.total ?? 0) >= attemptsAllowed) {
      throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
        test: ATTEMPT_KEYS.attemptsExhausted,
      });
    }
    // Another start of the same learner won the race: resume that one.
    if (round === 0 && !drawn) continue;
    throw new AppError(409, 'CONFLICT', 'The attempt could not be started; try again');
  }
}

// ---------------------------------------------------------------- reading

/** The compiled version as this attempt takes it: some questions only for a practice of mistakes. */
export async function attemptModel(
  db: Db,
  row: Pick<AttemptRow, 'testId' | 'testVersion' | 'questionIds'>,
): Promise<TestModel> {
  return narrowModel(await getTestModel(db, row.testId, row.testVersion), row.questionIds);
}

async function findAttempt(db: Db, attemptId: string): Promise<AttemptRow> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  if (!row) throw notFound('Attempt not found');
  return row;
}

/** The learner's own attempt, submitted first if its deadline and grace have passed at `now`. */
async function ownAttempt(db: Db, userId: string, attemptId: string, now: Date): Promise<AttemptRow> {
  const row = await findAttempt(db, attemptId);
  if (row.userId !== userId) throw notFound('Attempt not found');
  if (isOverdue(row, now)) {
    await submitAttempt(db, row.id, 'deadline', now);
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
  title_en: model.test.title_en ?? null,
  slug: model.test.slug,
  exam: { id: model.test.exam.id, name: model.test.exam.name, name_en: model.test.exam.name_en ?? null },
});

export async function getPaper(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<Omit<Paper, 'token_expires_at'>> {
  const row = await ownAttempt(db, userId, attemptId, now);
  if (row.status === 'in_progress' && !isOverdue(row, now)) rememberAttempt(row);
  const [model, answers, played] = await Promise.all([
    attemptModel(db, row),
    savedAnswers(db, row.id),
    playedAudio(db, row.id),
  ]);
  return {
    attempt: {
      id: row.id,
      mode: row.mode,
      status: row.status,
      started_at: row.startedAt.toISOString(),
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: now.toISOString(),
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
    played_audio: played,
  };
}

// ---------------------------------------------------------------- play-once audio

async function playedAudio(db: Db, attemptId: string): Promise<string[]> {
  const rows = await db
    .select({ mediaId: attemptAudioPlays.mediaId })
    .from(attemptAudioPlays)
    .where(eq(attemptAudioPlays.attemptId, attemptId))
    .orderBy(asc(attemptAudioPlays.playedAt));
  return rows.map((row) => row.mediaId);
}

/**
 * Records that a play-once clip starts: the first request for a clip of the attempt wins (`first`), every
 * later one (another tab or device) learns it was played. Practice attempts play freely and record nothing.
 */
export async function recordAudioPlay(
  db: Db,
  userId: string,
  attemptId: string,
  mediaId: string,
  now: Date,
): Promise<{ first: boolean; played_audio: string[] }> {
  const row = await ownAttempt(db, userId, attemptId, now);
  if (row.status === 'submitted') throw closed();
  const model = await attemptModel(db, row);
  const sectionId = model.onceClips.get(mediaId);
  if (!sectionId || !row.sectionIds.includes(sectionId)) {
    throw validationFailed({ media_id: ATTEMPT_KEYS.audioNotInAttempt });
  }
  if (row.mode === 'practice') return { first: true, played_audio: await playedAudio(db, row.id) };
  const inserted = await db
    .insert(attemptAudioPlays)
    .values({ attemptId: row.id, mediaId })
    .onConflictDoNothing()
    .returning({ mediaId: attemptAudioPlays.mediaId });
  return { first: inserted.length > 0, played_audio: await playedAudio(db, row.id) };
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

type AttemptMeta = Pick<
  AttemptRow,
  'id' | 'userId' | 'deadlineAt' | 'testId' | 'testVersion' | 'sectionIds' | 'questionIds'
>;

/**
 * What never changes about an attempt (owner, test version, parts, deadline), kept per process so a save
 * costs one statement. Status and deadline are still checked by that statement against the database.
 */
const MAX_CACHED_ATTEMPTS = 20_000;
const attemptMeta = new Map<string, AttemptMeta>();

function rememberAttempt(row: AttemptMeta) {
  const { id, userId, deadlineAt, testId, testVersion, sectionIds, questionIds } = row;
  setBounded(attemptMeta, MAX_CACHED_ATTEMPTS, id, {
    id,
    userId,
    deadlineAt,
    testId,
    testVersion,
    sectionIds,
    questionIds,
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
      questionIds: attempts.questionIds,
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
async function refuseClosed(
  db: Db,
  row: Pick<AttemptRow, 'id' | 'status' | 'deadlineAt'>,
  now: Date,
): Promise<never> {
  attemptMeta.delete(row.id);
  if (row.status === 'submitted') throw closed();
  await submitAttempt(db, row.id, 'deadline', now);
  throw new AppError(409, 'CONFLICT', 'The time for this attempt is over', {
    attempt: ATTEMPT_KEYS.deadlinePassed,
  });
}

export async function saveAnswers(
  database: Pick<Database, 'db' | 'prepared'>,
  userId: string,
  attemptId: string,
  changes: AnswerChange[],
  now: Date,
): Promise<SaveAnswersResult> {
  const { db } = database;
  let meta: AttemptMeta | undefined = attemptMeta.get(attemptId);
  if (!meta) {
    const row = await loadAttemptRow(db, attemptId);
    if (!row) throw notFound('Attempt not found');
    if (row.userId !== userId) throw notFound('Attempt not found');
    if (row.status === 'submitted' || isOverdue(row, now)) await refuseClosed(db, row, now);
    meta = row;
    if (row.status === 'in_progress') rememberAttempt(row);
  }
  if (meta.userId !== userId) throw notFound('Attempt not found');
  const model = await attemptModel(db, meta);
  const checked = checkChanges(model, meta, changes);
  const { open, written } = await answerWriter(database).write(meta.id, checked, now);
  const stale: SavedAnswer[] = [];
  if (!open) {
    // Submitted, or past its deadline and grace: a replay of what the server holds is still harmless.
    const row = await loadAttemptRow(db, meta.id);
    if (!row) throw notFound('Attempt not found');
    const held = new Map((await savedAnswers(db, row.id)).map((answer) => [answer.questionId, answer]));
    const replayed = changes.every((change) => Number(held.get(change.question_id)?.seq) >= change.seq);
    if (row.status !== 'submitted' || !replayed) await refuseClosed(db, row, now);
    attemptMeta.delete(row.id);
    return {
      accepted: changes.map((change) => ({ question_id: change.question_id, seq: change.seq })),
      stale,
      status: 'submitted',
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: now.toISOString(),
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
    server_now: now.toISOString(),
  };
}

// ---------------------------------------------------------------- submitting and grading

/**
 * Submits and grades an attempt at `now` in one transaction with its row locked: a second submit, the
 * deadline job and a second tab all find it submitted and change nothing. Late final answers (after the
 * grace) are not taken.
 */
export async function submitAttempt(
  db: Db,
  attemptId: string,
  reason: 'learner' | 'deadline',
  now: Date,
  options: { userId?: string; answers?: AnswerChange[] } = {},
): Promise<AttemptRow> {
  const preliminary = await findAttempt(db, attemptId);
  if (options.userId && preliminary.userId !== options.userId) throw notFound('Attempt not found');
  if (preliminary.status === 'submitted') return preliminary;
  const model = await attemptModel(db, preliminary);
  const finalChanges = options.answers?.length ? checkChanges(model, preliminary, options.answers) : [];

  let justSubmitted = false as boolean;
  const submitted = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (!row) throw notFound('Attempt not found');
    if (row.status === 'submitted') return row;
    justSubmitted = true;
    const late = isOverdue(row, now);
    if (finalChanges.length > 0 && !late)
      await writeAnswers(onDrizzle(tx as unknown as Db), [{ attemptId: row.id, changes: finalChanges }], now);
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
    await recordNotebookOutcomes(tx as unknown as Db, row, model, grade.answers, held, now);
    await storeAnswerOutcomes(tx as unknown as Db, row.id, grade.answers, held);
    const end = row.deadlineAt && row.deadlineAt < now ? row.deadlineAt : now;
    const [updated] = await tx
      .update(attempts)
      .set({
        status: 'submitted',
        submittedAt: now,
        submitReason: late ? 'deadline' : reason,
        timeSpentSeconds: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
        ...gradeColumns(grade),
      })
      .where(eq(attempts.id, row.id))
      .returning();
    await markItemAnalysisStale(tx as unknown as Db, row);
    return updated!;
  });
  if (justSubmitted) forgetEveryoneTallies(db, submitted.testId);
  if (justSubmitted && submitted.mode === 'full') submitListeners.get(db)?.(submitted);
  return submitted;
}

/** Stores each answer's outcome and points as graded. */
export async function storeAnswerOutcomes(
  db: Db,
  attemptId: string,
  graded: AttemptGrade['answers'],
  held: { questionId: string }[],
): Promise<void> {
  const outcomes = held.flatMap((answer) => {
    const grade = graded.get(answer.questionId);
    return grade ? [{ question_id: answer.questionId, outcome: grade.outcome, points: grade.points }] : [];
  });
  if (outcomes.length === 0) return;
  await db.execute(sql`
    update attempt_answers a set outcome = g.outcome, points = g.points
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as g(question_id uuid, outcome text, points real)
    where a.attempt_id = ${attemptId} and a.question_id = g.question_id`);
}

/** The attempt's columns that hold its grade. */
export function gradeColumns(grade: AttemptGrade) {
  const result: StoredResult = { sections: grade.sections, counts: grade.counts, parts: grade.parts };
  return {
    grading: grade.grading,
    scoreTotal: grade.scoreTotal,
    maxScore: grade.maxScore,
    correctCount: grade.counts.correct,
    questionCount: grade.counts.total,
    result,
  };
}

/**
 * A full attempt was graded (submitted, or an essay marked): its version's item analysis is out of date.
 * Marked in the grading transaction, last (so the mark's row lock is held briefly), so the item-analysis
 * job finds it even if no process is woken. A smart test's drawn paper (a version below zero) is
 * analysed with the publication it was drawn from: that one is marked.
 */
export async function markItemAnalysisStale(
  db: Db,
  row: Pick<AttemptRow, 'mode' | 'testId' | 'testVersion'>,
): Promise<void> {
  if (row.mode !== 'full') return;
  const version =
    row.testVersion > 0
      ? sql`select ${row.testId}::uuid, ${row.testVersion}::integer`
      : sql`select test_id, base_version from test_draws
            where test_id = ${row.testId} and version = ${row.testVersion}`;
  await db.execute(sql`
    insert into item_analysis_pending (test_id, test_version) ${version}
    on conflict (test_id, test_version)
    do update set generation = item_analysis_pending.generation + 1, marked_at = now()`);
}

/** Called after a full attempt is submitted, per database (the item-analysis job's wake-up). */
export type SubmitListener = (attempt: AttemptRow) => void;
const submitListeners = new WeakMap<Db, SubmitListener>();

/** Sets what runs after each full attempt submitted on this database (one listener per database). */
export function onFullAttemptSubmitted(db: Db, listener: SubmitListener): void {
  submitListeners.set(db, listener);
}

/** Submits every attempt whose deadline and grace have passed (the deadline job). Answers how many. */
export async function submitOverdueAttempts(db: Db, now: Date, limit = 500): Promise<number> {
  const overdue = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(
      and(eq(attempts.status, 'in_progress'), lt(attempts.deadlineAt, new Date(now.getTime() - GRACE_MS))),
    )
    .limit(limit);
  for (const { id } of overdue) await submitAttempt(db, id, 'deadline', now);
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
  const [model, answers, [learner], [test], marks] = await Promise.all([
    attemptModel(db, row),
    savedAnswers(db, row.id),
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId)),
    db.select({ answerVisibility: tests.answerVisibility }).from(tests).where(eq(tests.id, row.testId)),
    teacherMarks(db, row.id),
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
      teacher_mark: marks.get(question.id) ?? null,
    };
  };
  const taken = new Set(row.sectionIds);
  const breakdown = await attemptBreakdown(
    db,
    model,
    row.sectionIds,
    new Map(
      answers.flatMap((answer) => (answer.outcome ? [[answer.questionId, answer.outcome as Outcome]] : [])),
    ),
  );
  const scoring = model.scoring.filter((entry) =>
    stored?.sections.some((section) => section.section === entry.section),
  );
  return {
    id: row.id,
    test: testRef(model),
    learner: { id: row.userId, full_name: learner?.fullName ?? null, email: learner?.email ?? '' },
    mode: row.mode,
    source_attempt_id: row.sourceAttemptId,
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
    // The English part names come from the version (results store the names of the day).
    parts: (stored?.parts ?? []).map((part) => ({
      ...part,
      name_en: model.sectionById.get(part.section_id)?.nameEn ?? null,
    })),
    answers_visible: visible,
    review: model.sections
      .filter((section) => taken.has(section.id))
      .map((section) => ({
        id: section.id,
        name: section.name,
        name_en: section.nameEn,
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
    breakdown,
  };
}

/** Teachers' final marks of the attempt's essays, by question id, as a result shows them (not drafts). */
async function teacherMarks(db: Db, attemptId: string): Promise<Map<string, TeacherMark>> {
  const rows = await db
    .select({
      questionId: essayMarks.questionId,
      rubric: essayMarks.rubric,
      criteria: essayMarks.criteria,
      overall: essayMarks.overall,
      comment: essayMarks.comment,
      comments: essayMarks.comments,
      markedAt: essayMarks.markedAt,
      markerName: users.fullName,
      markerEmail: users.email,
    })
    .from(essayMarks)
    .leftJoin(users, eq(users.id, essayMarks.markedBy))
    .where(and(eq(essayMarks.attemptId, attemptId), eq(essayMarks.kind, 'final')));
  return new Map(
    rows.map((row) => {
      const rubric = rubricOf(row.rubric);
      return [
        row.questionId,
        {
          criteria: row.criteria,
          score: row.overall ?? 0,
          rubric: rubric.id,
          max_score: rubric.max,
          comment: row.comment,
          comments: row.comments,
          marked_by: row.markerName ?? row.markerEmail ?? null,
          marked_at: row.markedAt.toISOString(),
        },
      ];
    }),
  );
}

/**
 * What an organization's assignment lets its learner read (issue 15): the score always; the per-question
 * review only once released (at once, after the close time, or never).
 */
async function learnerResult(db: Db, row: AttemptRow, now: Date): Promise<AttemptResult> {
  const result = await buildAttemptResult(db, row);
  if (!row.assignmentId) return result;
  const [assignment] = await db
    .select({
      answersShown: testAssignments.answersShown,
      closesAt: testAssignments.closesAt,
      releasedAt: testAssignments.resultsReleasedAt,
    })
    .from(testAssignments)
    .where(eq(testAssignments.id, row.assignmentId));
  if (!assignment || assignment.answersShown === 'immediately') return { ...result, review_withheld: null };
  // "After the close time", or earlier when a teacher released the results.
  if (
    assignment.answersShown === 'after_close' &&
    (assignment.releasedAt || now.getTime() >= assignment.closesAt.getTime())
  )
    return { ...result, review_withheld: null };
  return {
    ...result,
    answers_visible: false,
    review: [],
    // Which questions were missed is per-question too: the breakdown keeps its shares only.
    breakdown: result.breakdown.map((row) => ({ ...row, missed: [] })),
    review_withheld: {
      until: assignment.answersShown === 'after_close' ? assignment.closesAt.toISOString() : null,
    },
  };
}

export async function getOwnResult(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<AttemptResult> {
  return learnerResult(db, await ownAttempt(db, userId, attemptId, now), now);
}

export async function submitOwnAttempt(
  db: Db,
  userId: string,
  attemptId: string,
  answers: AnswerChange[],
  now: Date,
): Promise<AttemptResult> {
  return learnerResult(db, await submitAttempt(db, attemptId, 'learner', now, { userId, answers }), now);
}

/** A learner's result for the back office: the attempt must be that learner's and within the tenant. */
export async function getStudentResult(
  db: Db,
  tenant: Tenant,
  studentId: string,
  attemptId: string,
  now: Date,
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
  if (isOverdue(row, now)) return buildAttemptResult(db, await submitAttempt(db, row.id, 'deadline', now));
  return buildAttemptResult(db, row);
}

// ---------------------------------------------------------------- practising some questions

export interface QuestionPracticeInput {
  testId: string;
  testVersion: number;
  questionIds: string[];
  sourceAttemptId: string | null;
}

/**
 * Starts an untimed practice of some questions of one test version, taken with the exam runner like any
 * attempt (issue 14). The test must still be published and open to the learner (pack, attempts left). A
 * practice of the same questions already open is resumed; another open attempt of the test is a 409.
 */
export async function startQuestionPractice(
  db: Db,
  userId: string,
  input: QuestionPracticeInput,
  now: Date,
): Promise<{ id: string; resumed: boolean; test_slug: string; question_count: number }> {
  const [test] = await db
    .select({
      id: tests.id,
      slug: tests.slug,
      status: tests.status,
      organizationId: tests.organizationId,
      access: tests.access,
      attemptsAllowed: tests.attemptsAllowed,
    })
    .from(tests)
    .where(eq(tests.id, input.testId));
  if (!test) throw notFound('Test not found');
  if (test.status !== 'published') {
    throw new AppError(409, 'CONFLICT', 'This test is no longer published', {
      test: ATTEMPT_KEYS.notPublished,
    });
  }
  if (test.access === 'pack' && !(await hasTestAccess(db, userId, test.id, now))) {
    throw new AppError(403, 'FORBIDDEN', 'This test is part of a pack', { test: ATTEMPT_KEYS.packRequired });
  }
  const model = narrowModel(await getTestModel(db, test.id, input.testVersion), input.questionIds);
  const questionIds = model.sections.flatMap((section) => section.questions.map((question) => question.id));
  if (questionIds.length === 0) {
    throw new AppError(409, 'CONFLICT', 'Nothing to practise', {
      question_ids: NOTEBOOK_KEYS.nothingToPractise,
    });
  }
  const sectionIds = model.sections.map((section) => section.id);
  for (let round = 0; round < 2; round++) {
    const [open] = await db
      .select()
      .from(attempts)
      .where(
        and(eq(attempts.userId, userId), eq(attempts.testId, test.id), eq(attempts.status, 'in_progress')),
      );
    if (open) {
      if (isOverdue(open, now)) {
        await submitAttempt(db, open.id, 'deadline', now);
        continue;
      }
      const same =
        open.questionIds !== null &&
        open.testVersion === input.testVersion &&
        open.questionIds.length === questionIds.length &&
        open.questionIds.every((id, index) => id === questionIds[index]);
      if (same)
        return { id: open.id, resumed: true, test_slug: test.slug, question_count: questionIds.length };
      throw new AppError(409, 'CONFLICT', 'Another attempt of this test is open', {
        test: NOTEBOOK_KEYS.openAttempt,
      });
    }
    if (test.attemptsAllowed !== null) {
      const [{ total } = { total: 0 }] = await rows<{ total: number }>(
        db,
        sql`select count(*)::int as total from attempts where user_id = ${userId} and test_id = ${test.id}`,
      );
      if (total >= test.attemptsAllowed) {
        throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
          test: ATTEMPT_KEYS.attemptsExhausted,
        });
      }
    }
    const [created] = await db
      .insert(attempts)
      .values({
        userId,
        testId: test.id,
        testVersion: input.testVersion,
        organizationId: test.organizationId,
        mode: 'practice',
        sectionIds,
        questionIds,
        sourceAttemptId: input.sourceAttemptId,
        questionCount: questionIds.length,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      rememberAttempt(created);
      return { id: created.id, resumed: false, test_slug: test.slug, question_count: questionIds.length };
    }
  }
  throw new AppError(409, 'CONFLICT', 'The attempt could not be started; try again');
}

/**
 * "Practise my mistakes": a new practice of the questions of a submitted attempt that were answered
 * wrong or partly right, left unanswered or flagged, on the same test version, with their groups.
 */
export async function practiseMistakes(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<{ id: string; resumed: boolean; test_slug: string; question_count: number }> {
  const row = await ownAttempt(db, userId, attemptId, now);
  if (row.status !== 'submitted') {
    throw new AppError(409, 'CONFLICT', 'This attempt is still in progress', {
      attempt: ATTEMPT_KEYS.inProgress,
    });
  }
  const [model, answers] = await Promise.all([attemptModel(db, row), savedAnswers(db, row.id)]);
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  const taken = new Set(row.sectionIds);
  const questionIds = model.sections
    .filter((section) => taken.has(section.id))
    .flatMap((section) => section.questions)
    .filter((question) => {
      const saved = byQuestion.get(question.id);
      const outcome = saved?.outcome ?? 'skipped';
      return saved?.flagged || outcome === 'wrong' || outcome === 'partial' || outcome === 'skipped';
    })
    .map((question) => question.id);
  if (questionIds.length === 0) {
    throw new AppError(409, 'CONFLICT', 'No mistakes to practise', {
      attempt: NOTEBOOK_KEYS.nothingToPractise,
    });
  }
  return startQuestionPractice(
    db,
    userId,
    { testId: row.testId, testVersion: row.testVersion, questionIds, sourceAttemptId: row.id },
    now,
  );
}

/** A learner's own attempt with the model it was taken on (another learner's attempt is a 404). */
export async function getOwnAttemptModel(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<{ row: AttemptRow; model: TestModel }> {
  const row = await ownAttempt(db, userId, attemptId, now);
  return { row, model: await attemptModel(db, row) };
}

/**
 * Submitting and grading an attempt: by the learner, on reading an attempt whose time has run out, and by
 * the deadline job; the grade's columns and the item analysis marked stale.
 */
import type { AnswerChange } from '@prepwise/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type RunSql, writeAnswers } from './answer-writer';
import {
  type AttemptRow,
  attemptModel,
  checkChanges,
  findAttempt,
  GRACE_MS,
  isOverdue,
  rows,
  type StoredResult,
} from './attempt-rows';
import { forgetEveryoneTallies } from './breakdown';
import { type AttemptGrade, gradeAttempt } from './grading';
import { recordNotebookOutcomes } from './record-mistakes';

/** The learner's own attempt, submitted first if its deadline and grace have passed at `now`. */
export async function ownAttempt(db: Db, userId: string, attemptId: string, now: Date): Promise<AttemptRow> {
  const row = await findAttempt(db, attemptId);
  if (row.userId !== userId) throw notFound('Attempt not found');
  if (isOverdue(row, now)) {
    await submitAttempt(db, row.id, 'deadline', now);
    return findAttempt(db, attemptId);
  }
  return row;
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

/**
 * A transaction as the answer and integrity statements take a database (`prepared` runs on it, in it), so
 * a seed step or a job saves events and devices in its own transaction.
 */
export const onTransaction = (tx: Db): Pick<Database, 'db' | 'prepared'> => ({
  db: tx,
  prepared: (_name, text, values) => onDrizzle(tx)(text, values),
});

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
      mini: model.mini,
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

/**
 * A submitted attempt graded again with its answers and teachers' final marks as they now are (a mark
 * made or changed, a recording finished after the submission), in the caller's transaction: the answers'
 * outcomes, the attempt's grade columns and its item analysis marked stale. Answers the updated row.
 */
export async function regradeAttempt(tx: Db, row: AttemptRow): Promise<AttemptRow> {
  const model = await attemptModel(tx, row);
  const held = await tx
    .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, row.id));
  const marks = await tx
    .select({ questionId: essayMarks.questionId, share: essayMarks.share })
    .from(essayMarks)
    .where(and(eq(essayMarks.attemptId, row.id), eq(essayMarks.kind, 'final')));
  const taken = new Set(row.sectionIds);
  const sections = model.sections.filter((section) => taken.has(section.id));
  const grade = gradeAttempt({
    mode: row.mode,
    sections,
    questions: sections.flatMap((section) => section.questions),
    scoring: model.scoring,
    mini: model.mini,
    given: new Map(
      held.map((answer) => [answer.questionId, answer.answer as Record<string, unknown> | null]),
    ),
    marks: new Map(marks.map((mark) => [mark.questionId, mark.share ?? 0])),
  });
  await storeAnswerOutcomes(tx, row.id, grade.answers, held);
  const [updated] = await tx
    .update(attempts)
    .set(gradeColumns(grade))
    .where(eq(attempts.id, row.id))
    .returning();
  await markItemAnalysisStale(tx, row);
  return updated!;
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

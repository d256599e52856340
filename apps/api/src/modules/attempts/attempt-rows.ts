/**
 * What the parts of an attempt's life share (start, paper, saving, submitting, results): its row, the
 * time rules, its saved answers, the check of answer changes and the per-process cache of its fixed facts.
 */
import {
  type AnswerChange,
  ATTEMPT_GRACE_SECONDS,
  ATTEMPT_KEYS,
  type FieldErrors,
  learnerAnswerShapes,
} from '@prepwise/contract';
import { asc, eq, type sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import type { CheckedChange } from './answer-writer';
import type { Counts, PartResult, SectionScore } from './grading';
import { arrangeForAttempt } from './shuffle';
import { getTestModel, narrowModel, type TestModel } from './test-model';

export type AttemptRow = typeof attempts.$inferSelect;

/** What attempts.result holds (read by history and statistics). */
export interface StoredResult {
  sections: SectionScore[];
  counts: Counts;
  parts: PartResult[];
}

export const GRACE_MS = ATTEMPT_GRACE_SECONDS * 1000;

export const closed = () =>
  new AppError(409, 'CONFLICT', 'This attempt has been submitted', { attempt: ATTEMPT_KEYS.closed });

export const isOverdue = (row: Pick<AttemptRow, 'status' | 'deadlineAt'>, now: Date) =>
  row.status === 'in_progress' &&
  row.deadlineAt !== null &&
  row.deadlineAt.getTime() + GRACE_MS < now.getTime();

export async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
/** The compiled version as this attempt takes it: some questions only for a practice of mistakes. */
export async function attemptModel(
  db: Db,
  row: Pick<AttemptRow, 'testId' | 'testVersion' | 'questionIds'>,
): Promise<TestModel> {
  return narrowModel(await getTestModel(db, row.testId, row.testVersion), row.questionIds);
}

/** The version as this attempt shows it: in its own order when its assignment shuffles (issue 29). */
export async function shownModel(
  db: Db,
  row: Pick<
    AttemptRow,
    'id' | 'testId' | 'testVersion' | 'questionIds' | 'shuffleQuestions' | 'shuffleOptions'
  >,
): Promise<TestModel> {
  return arrangeForAttempt(await attemptModel(db, row), row.id, {
    questions: row.shuffleQuestions,
    options: row.shuffleOptions,
  });
}

export async function findAttempt(db: Db, attemptId: string): Promise<AttemptRow> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  if (!row) throw notFound('Attempt not found');
  return row;
}

export async function savedAnswers(db: Db, attemptId: string) {
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

export const testRef = (model: TestModel) => ({
  id: model.test.id,
  title: model.test.title,
  title_en: model.test.title_en ?? null,
  slug: model.test.slug,
  exam: { id: model.test.exam.id, name: model.test.exam.name, name_en: model.test.exam.name_en ?? null },
});

/** Checks each change against the attempt's questions; keeps, per question, the change with the greatest seq. */
export function checkChanges(model: TestModel, row: Pick<AttemptRow, 'sectionIds'>, changes: AnswerChange[]) {
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

export type AttemptMeta = Pick<
  AttemptRow,
  'id' | 'userId' | 'deadlineAt' | 'testId' | 'testVersion' | 'sectionIds' | 'questionIds'
>;

/**
 * What never changes about an attempt (owner, test version, parts, deadline), kept per process so a save
 * costs one statement. Status and deadline are still checked by that statement against the database.
 */
const MAX_CACHED_ATTEMPTS = 20_000;
const attemptMeta = new Map<string, AttemptMeta>();

export function rememberAttempt(row: AttemptMeta) {
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

/** The cached facts of an attempt, if this process knows it. */
export function cachedAttempt(attemptId: string): AttemptMeta | undefined {
  return attemptMeta.get(attemptId);
}

/** Forgets an attempt that is over. */
export function forgetAttempt(attemptId: string): void {
  attemptMeta.delete(attemptId);
}

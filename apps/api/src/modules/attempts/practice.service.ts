/** Practising some questions of a test: the notebook's picks and "practise my mistakes". */
import { ATTEMPT_KEYS, NOTEBOOK_KEYS } from '@prepwise/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, tests } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { hasTestAccess } from '../payments/payments.service';
import { attemptModel, isOverdue, rememberAttempt, rows, savedAnswers } from './attempt-rows';
import { keysRelease } from './release';
import { ownAttempt, submitAttempt } from './submission.service';
import { getTestModel, narrowModel } from './test-model';

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
  // A practice's review shows the keys: none while an assignment of the test holds them back (issue 29).
  if ((await keysRelease(db, userId, test.id, now)).withheld) {
    throw new AppError(409, 'CONFLICT', 'The results of this test are not released yet', {
      test: ATTEMPT_KEYS.keysWithheld,
    });
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
  // Which questions were missed comes from the keys: not before the results are released (issue 29).
  if ((await keysRelease(db, userId, row.testId, now)).withheld) {
    throw new AppError(409, 'CONFLICT', 'The results of this test are not released yet', {
      attempt: ATTEMPT_KEYS.keysWithheld,
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

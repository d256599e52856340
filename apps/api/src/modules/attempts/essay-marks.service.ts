import {
  ATTEMPT_KEYS,
  type AttemptResult,
  commentRangeErrors,
  criteriaErrors,
  type EssayMarkBody,
  essayMarkBodySchema,
  overallScore,
  rubricOf,
  shareOf,
} from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { attemptModel, buildAttemptResult, regradeAttempt } from './attempts.service';
import { forgetEveryoneTallies } from './breakdown';
import { isBlank } from './grading';

/** The rubric an essay question is marked on: the one its author chose, else the generic rubric. */
export const rubricOfQuestion = (answer: unknown) =>
  rubricOf((answer as { rubric?: string } | null | undefined)?.rubric);

/**
 * A teacher marks an essay of a submitted attempt (issues 15, 28): a score per criterion of the rubric the
 * author chose, a comment and comments anchored to the essay's text. The overall score follows the rubric
 * (IELTS: the mean to the nearest half band, .25 and .75 up) and the answer earns it over the scale's
 * maximum (a 6.5 essay earns 6.5/9 of its point); the whole attempt is graded again in the same
 * transaction (its row locked), so its score, parts and "to grade" state never disagree with its marks.
 * Marking again replaces the teacher's mark (a machine's draft stays beside it). Without a test id (the
 * marking queue) the attempt is found by its id in the tenant alone. Answers the attempt's result.
 */
export async function markEssay(
  db: Db,
  tenant: Tenant,
  ids: { testId?: string; attemptId: string; questionId: string },
  input: EssayMarkBody,
  markerId: string,
  now: Date,
): Promise<AttemptResult> {
  const body = essayMarkBodySchema.parse(input);
  const [found] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, ids.attemptId),
        ids.testId ? eq(attempts.testId, ids.testId) : undefined,
        ownedBy(attempts.organizationId, tenant),
      ),
    );
  if (!found) throw notFound('Attempt not found');
  if (found.status !== 'submitted') {
    throw new AppError(409, 'CONFLICT', 'This attempt is still in progress', {
      attempt: ATTEMPT_KEYS.inProgress,
    });
  }
  const model = await attemptModel(db, found);
  const question = model.questionById.get(ids.questionId);
  if (!question || !found.sectionIds.includes(question.sectionId)) throw notFound('Question not found');
  const notAnEssay = () =>
    validationFailed({ question_id: ATTEMPT_KEYS.notAnEssay }, 'Only an essay that was answered is marked');
  if (question.rule !== 'manual') throw notAnEssay();

  const rubric = rubricOfQuestion(question.answer);
  const invalid = criteriaErrors(rubric, body.criteria);
  if (Object.keys(invalid).length > 0) throw validationFailed(invalid);
  const overall = overallScore(rubric, body.criteria)!;
  const share = shareOf(rubric, overall);

  const graded = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(attempts).where(eq(attempts.id, found.id)).for('update');
    if (!row) throw notFound('Attempt not found');
    const held = await tx
      .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, row.id));
    const given = new Map(
      held.map((answer) => [answer.questionId, answer.answer as Record<string, unknown> | null]),
    );
    const answer = given.get(question.id) ?? null;
    if (isBlank(question.kind, answer)) throw notAnEssay();
    const text = typeof answer?.text === 'string' ? answer.text : '';
    const outside = commentRangeErrors(body.comments, text.length);
    if (Object.keys(outside).length > 0) throw validationFailed(outside);

    const values = {
      rubric: rubric.id,
      criteria: Object.fromEntries(
        rubric.criteria.map((criterion) => [criterion, body.criteria[criterion]!]),
      ),
      overall,
      comment: body.comment,
      comments: body.comments,
      share,
      markedBy: markerId,
      markedAt: now,
    };
    await tx
      .insert(essayMarks)
      .values({ attemptId: row.id, questionId: question.id, kind: 'final', ...values })
      .onConflictDoUpdate({
        target: [essayMarks.attemptId, essayMarks.questionId, essayMarks.kind],
        set: values,
      });
    return regradeAttempt(tx as unknown as Db, row);
  });
  forgetEveryoneTallies(db, graded.testId);
  return buildAttemptResult(db, graded);
}

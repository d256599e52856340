/** A learner's self-assessment of a written or spoken answer against the band descriptors (issue 28). */
import {
  ATTEMPT_KEYS,
  criteriaErrors,
  overallScore,
  rubricOf,
  type SelfAssessment,
  type SelfAssessmentBody,
  selfAssessmentBodySchema,
} from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptAnswers, selfAssessments } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { attemptModel } from './attempt-rows';
import { isBlank } from './grading';
import { selfAssessmentOf } from './results.service';
import { ownAttempt } from './submission.service';

/**
 * The learner assesses their own answer of a submitted attempt: a band per criterion of the rubric the
 * author chose (each on its scale, in half bands, named `criteria.<key>`). Only the attempt's
 * owner (another's attempt is a 404), only an answered essay or spoken answer. Assessing again replaces
 * it. It grades nothing.
 */
export async function saveSelfAssessment(
  db: Db,
  userId: string,
  ids: { attemptId: string; questionId: string },
  input: SelfAssessmentBody,
  now: Date,
): Promise<SelfAssessment> {
  const body = selfAssessmentBodySchema.parse(input);
  const row = await ownAttempt(db, userId, ids.attemptId, now);
  if (row.status !== 'submitted') {
    throw new AppError(409, 'CONFLICT', 'This attempt is still in progress', {
      attempt: ATTEMPT_KEYS.inProgress,
    });
  }
  const model = await attemptModel(db, row);
  const question = model.questionById.get(ids.questionId);
  if (!question || !row.sectionIds.includes(question.sectionId)) throw notFound('Question not found');
  const notAnEssay = () =>
    validationFailed(
      { question_id: ATTEMPT_KEYS.notAnEssay },
      'Only an essay or a spoken answer that was answered is self-assessed',
    );
  if (question.rule !== 'manual') throw notAnEssay();
  const [saved] = await db
    .select({ answer: attemptAnswers.answer })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, row.id), eq(attemptAnswers.questionId, question.id)));
  if (isBlank(question.kind, (saved?.answer as Record<string, unknown> | null) ?? null)) throw notAnEssay();

  // A learner's estimate may fall between whole bands: any criterion moves in half bands at least.
  const authored = rubricOf((question.answer as { rubric?: string } | null)?.rubric);
  const rubric = { ...authored, step: Math.min(authored.step, 0.5) };
  const invalid = criteriaErrors(rubric, body.criteria);
  if (Object.keys(invalid).length > 0) throw validationFailed(invalid);
  const values = {
    rubric: rubric.id,
    criteria: Object.fromEntries(rubric.criteria.map((criterion) => [criterion, body.criteria[criterion]!])),
    overall: overallScore(rubric, body.criteria),
    assessedAt: now,
  };
  const [stored] = await db
    .insert(selfAssessments)
    .values({ attemptId: row.id, questionId: question.id, ...values })
    .onConflictDoUpdate({ target: [selfAssessments.attemptId, selfAssessments.questionId], set: values })
    .returning();
  return selfAssessmentOf(stored!);
}

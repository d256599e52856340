import {
  ATTEMPT_KEYS,
  type AttemptResult,
  ESSAY_CRITERIA,
  ESSAY_CRITERION_MAX,
  type EssayMarkBody,
  essayMarkBodySchema,
} from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import {
  attemptModel,
  buildAttemptResult,
  gradeColumns,
  markItemAnalysisStale,
  storeAnswerOutcomes,
} from './attempts.service';
import { forgetEveryoneTallies } from './breakdown';
import { gradeAttempt, isBlank } from './grading';

/**
 * A teacher marks an essay of a submitted attempt (issue 15): a score per criterion and a comment. The
 * answer earns the criteria's mean over 10 of its point, and the whole attempt is graded again in the same
 * transaction (its row locked), so its score, parts and "to grade" state never disagree with its marks.
 * Marking again replaces the mark. Answers the attempt's result as the teacher reads it.
 */
export async function markEssay(
  db: Db,
  tenant: Tenant,
  ids: { testId: string; attemptId: string; questionId: string },
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
        eq(attempts.testId, ids.testId),
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

  const scores = ESSAY_CRITERIA.map((criterion) => body.criteria[criterion]);
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  const share = mean / ESSAY_CRITERION_MAX;

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
    if (isBlank(question.kind, given.get(question.id) ?? null)) throw notAnEssay();

    const values = {
      criteria: Object.fromEntries(ESSAY_CRITERIA.map((criterion) => [criterion, body.criteria[criterion]])),
      comment: body.comment,
      share,
      markedBy: markerId,
      markedAt: now,
    };
    await tx
      .insert(essayMarks)
      .values({ attemptId: row.id, questionId: question.id, ...values })
      .onConflictDoUpdate({ target: [essayMarks.attemptId, essayMarks.questionId], set: values });
    const marks = await tx
      .select({ questionId: essayMarks.questionId, share: essayMarks.share })
      .from(essayMarks)
      .where(eq(essayMarks.attemptId, row.id));

    const taken = new Set(row.sectionIds);
    const sections = model.sections.filter((section) => taken.has(section.id));
    const grade = gradeAttempt({
      mode: row.mode,
      sections,
      questions: sections.flatMap((section) => section.questions),
      scoring: model.scoring,
      given,
      marks: new Map(marks.map((mark) => [mark.questionId, mark.share])),
    });
    await storeAnswerOutcomes(tx as unknown as Db, row.id, grade.answers, held);
    const [updated] = await tx
      .update(attempts)
      .set(gradeColumns(grade))
      .where(eq(attempts.id, row.id))
      .returning();
    await markItemAnalysisStale(tx as unknown as Db, row);
    return updated!;
  });
  forgetEveryoneTallies(db, graded.testId);
  return buildAttemptResult(db, graded);
}

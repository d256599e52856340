/** Results of submitted attempts: the learner's own (with an assignment's review rules) and the back office's. */
import {
  type AnswerChange,
  type AnswerMarking,
  ATTEMPT_KEYS,
  type AttemptResult,
  type Outcome,
  readDraftFeedback,
  rubricOf,
  type SelfAssessment,
  type TeacherMark,
} from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, essayMarks, organizations, selfAssessments, tests, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import {
  type AttemptRow,
  attemptModel,
  isOverdue,
  type StoredResult,
  savedAnswers,
  shownModel,
  testRef,
} from './attempt-rows';
import { attemptBreakdown } from './breakdown';
import { isBlank } from './grading';
import { ieltsBands } from './ielts-bands';
import { keysRelease } from './release';
import { ownAttempt, submitAttempt } from './submission.service';
import { paperQuestion, type TestModel } from './test-model';

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
    // The learner's own order (issue 29): the review and the teacher's view show what the learner saw.
    shownModel(db, row),
    savedAnswers(db, row.id),
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId)),
    db.select({ answerVisibility: tests.answerVisibility }).from(tests).where(eq(tests.id, row.testId)),
    teacherMarks(db, row.id),
  ]);
  const marking = await answerMarkings(db, row, marks);
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
      marking:
        question.rule === 'manual' &&
        !isBlank(question.kind, (saved?.answer as Record<string, unknown> | null) ?? null)
          ? marking(question.id, rubricOf((question.answer as { rubric?: string } | null)?.rubric).id)
          : null,
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
  const outcomes = new Map(
    answers.flatMap((answer) => (answer.outcome ? [[answer.questionId, answer.outcome as Outcome]] : [])),
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
    is_estimate: row.mode === 'full' && (model.mini || scoring.some((entry) => entry.is_estimate)),
    mini: model.mini,
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
    ielts_bands: ieltsBands({
      mode: row.mode,
      sections: model.sections.filter((section) => taken.has(section.id)),
      scoring: model.scoring,
      scores: stored?.sections ?? [],
      outcomes,
      marks: new Map([...marks].map(([questionId, mark]) => [questionId, mark.score])),
    }),
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
 * How the attempt's written and spoken answers are being marked (issue 28): who marks them (the centre
 * whose test it is; an attempt outside a centre has no teacher), the machine's draft and the learner's
 * self-assessment. Answers a function of the question id and its rubric.
 */
async function answerMarkings(db: Db, row: AttemptRow, finals: Map<string, TeacherMark>) {
  const [drafts, selves, [centre]] = await Promise.all([
    db
      .select({
        questionId: essayMarks.questionId,
        criteria: essayMarks.criteria,
        overall: essayMarks.overall,
        feedback: essayMarks.feedback,
        markedAt: essayMarks.markedAt,
      })
      .from(essayMarks)
      .where(and(eq(essayMarks.attemptId, row.id), eq(essayMarks.kind, 'draft'))),
    db.select().from(selfAssessments).where(eq(selfAssessments.attemptId, row.id)),
    row.organizationId
      ? db
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, row.organizationId))
      : Promise.resolve([]),
  ]);
  const draftOf = new Map(drafts.map((draft) => [draft.questionId, draft]));
  const selfOf = new Map(selves.map((self) => [self.questionId, selfAssessmentOf(self)]));
  return (questionId: string, rubric: AnswerMarking['rubric']): AnswerMarking => {
    const draft = draftOf.get(questionId);
    return {
      status: finals.has(questionId) ? 'marked' : draft ? 'draft_ready' : 'waiting',
      rubric,
      marker: row.organizationId ? 'centre' : 'none',
      centre_name: centre?.name ?? null,
      draft: draft
        ? {
            criteria: draft.criteria,
            overall: draft.overall,
            feedback: readDraftFeedback(draft.feedback),
            drafted_at: draft.markedAt.toISOString(),
          }
        : null,
      self_assessment: selfOf.get(questionId) ?? null,
    };
  };
}

/** A stored self-assessment as the API shows it. */
export function selfAssessmentOf(row: typeof selfAssessments.$inferSelect): SelfAssessment {
  return {
    rubric: rubricOf(row.rubric).id,
    criteria: row.criteria,
    overall: row.overall,
    assessed_at: row.assessedAt.toISOString(),
  };
}

/**
 * What a learner reads of their own result: the score always; the per-question review only once the
 * release rule (`release.ts`) lets them see the test's keys (an assignment's policy, its close time or the
 * teacher's release). Before that the review, and which questions were missed, are withheld.
 */
async function learnerResult(db: Db, row: AttemptRow, now: Date): Promise<AttemptResult> {
  const [result, release] = await Promise.all([
    buildAttemptResult(db, row),
    keysRelease(db, row.userId, row.testId, now),
  ]);
  if (!release.withheld) return { ...result, review_withheld: null };
  return {
    ...result,
    answers_visible: false,
    review: [],
    // Which questions were missed is per-question too: the breakdown keeps its shares only.
    breakdown: result.breakdown.map((row) => ({ ...row, missed: [] })),
    review_withheld: release.withheld,
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

import { z } from 'zod';
import { learnerAssignmentSchema } from './assignments';
import { ATTEMPT_MODES, testRefSchema } from './attempts';
import { VALIDATION_KEYS } from './validation';

/*
 * The learner home (issue 14): the goal, progress across tests, the study streak and what to do next.
 *
 * API (learners):
 *   GET /api/user/dashboard               everything the home shows, for the signed-in learner only
 *   PUT /api/user/dashboard/goal          the exam, target score and exam date
 *   POST /api/user/dictation/:id/checks   a dictation sentence checked (counts today as a day of study)
 */

/** The study day is the calendar day in Vietnam. */
export const LEARNER_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export const GOAL_EXAMS = ['toeic', 'ielts'] as const;
export type GoalExam = (typeof GOAL_EXAMS)[number];

/** The scale of each exam's score: lowest, highest, step. */
export const GOAL_SCALES: Record<GoalExam, { min: number; max: number; step: number }> = {
  toeic: { min: 10, max: 990, step: 5 },
  ielts: { min: 1, max: 9, step: 0.5 },
};

/** Days of the streak strip on the home. */
export const STREAK_STRIP_DAYS = 14;

const isoDay = z
  .string({ error: VALIDATION_KEYS.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION_KEYS.invalid })
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(day.getTime()) &&
        day.toISOString().slice(0, 10) === value &&
        value >= '2000-01-01' &&
        value <= '2100-12-31'
      );
    },
    { error: VALIDATION_KEYS.invalid },
  );

export const learnerGoalBodySchema = z
  .object({
    exam: z.enum(GOAL_EXAMS, { error: VALIDATION_KEYS.invalid }).nullable(),
    target_score: z.number({ error: VALIDATION_KEYS.invalid }).finite().nullable(),
    exam_date: isoDay.nullable(),
  })
  .superRefine((body, ctx) => {
    if (body.target_score === null) return;
    if (body.exam === null) {
      ctx.addIssue({ code: 'custom', path: ['exam'], message: VALIDATION_KEYS.required });
      return;
    }
    const scale = GOAL_SCALES[body.exam];
    const steps = (body.target_score - scale.min) / scale.step;
    if (
      body.target_score < scale.min ||
      body.target_score > scale.max ||
      Math.abs(steps - Math.round(steps)) > 1e-9
    ) {
      ctx.addIssue({ code: 'custom', path: ['target_score'], message: VALIDATION_KEYS.invalid });
    }
  })
  .meta({ id: 'LearnerGoalBody' });
export type LearnerGoalBody = z.infer<typeof learnerGoalBodySchema>;

export const learnerGoalSchema = z
  .object({
    exam: z.enum(GOAL_EXAMS).nullable(),
    target_score: z.number().nullable(),
    exam_date: z.string().nullable(),
    /** Days from today (Vietnam) to the exam date; negative once it has passed; null without a date. */
    days_left: z.number().int().nullable(),
  })
  .meta({ id: 'LearnerGoal' });
export type LearnerGoal = z.infer<typeof learnerGoalSchema>;

export const studyStreakSchema = z.object({
  /** Days in a row with study, ending today or (before today's first study) yesterday. */
  current: z.number().int(),
  /** The longest run within the last year. */
  longest: z.number().int(),
  studied_today: z.boolean(),
  /** The last STREAK_STRIP_DAYS days, oldest first: what was studied each day. */
  days: z.array(
    z.object({
      date: z.string(),
      attempts: z.number().int(),
      reviews: z.number().int(),
      dictation: z.number().int(),
    }),
  ),
});
export type StudyStreak = z.infer<typeof studyStreakSchema>;

export const dashboardAttemptSchema = z.object({
  id: z.string(),
  test: testRefSchema,
  mode: z.enum(ATTEMPT_MODES),
  /** The organization whose assignment it was taken under (its result lives on the organization's page). */
  organization_slug: z.string().nullable(),
  submitted_at: z.string(),
  score_total: z.number().nullable(),
  max_score: z.number().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
});
export type DashboardAttempt = z.infer<typeof dashboardAttemptSchema>;

export const weakSpotSchema = z.object({
  dimension: z.enum(['question_type', 'skill']),
  key: z.string(),
  name: z.string(),
  /** The question type's English name (null: none, or a skill). */
  name_en: z.string().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
  accuracy: z.number(),
  /** The test where this was missed most recently (to practise it). */
  test: z.object({ title: z.string(), title_en: z.string().nullable(), slug: z.string() }),
});
export type WeakSpot = z.infer<typeof weakSpotSchema>;

export const learnerDashboardSchema = z
  .object({
    /** Today in Vietnam (YYYY-MM-DD). */
    today: z.string(),
    goal: learnerGoalSchema,
    streak: studyStreakSchema,
    progress: z.object({
      /** Submitted attempts, oldest first (the chart reads left to right), at most 12. */
      recent: z.array(dashboardAttemptSchema),
      submitted_count: z.number().int(),
      tests_taken: z.number().int(),
    }),
    next: z.object({
      /** Vocabulary cards due now. */
      due_reviews: z.number().int(),
      /** The most recently started unfinished attempt, to resume. */
      resume: z
        .object({
          id: z.string(),
          test: testRefSchema,
          mode: z.enum(ATTEMPT_MODES),
          organization_slug: z.string().nullable(),
          started_at: z.string(),
          deadline_at: z.string().nullable(),
          answered: z.number().int(),
          total: z.number().int(),
        })
        .nullable(),
      /** Question types and skills answered worst over the recent attempts (at least 3 questions). */
      weak_spots: z.array(weakSpotSchema),
      /** Open and upcoming organization assignments still to take. */
      assignments: z.array(learnerAssignmentSchema),
      /** Questions waiting in the mistake notebook. */
      mistakes_to_review: z.number().int(),
    }),
  })
  .meta({ id: 'LearnerDashboard' });
export type LearnerDashboard = z.infer<typeof learnerDashboardSchema>;

export const dictationCheckedSchema = z.object({ day: z.string(), sentences_checked: z.number().int() });

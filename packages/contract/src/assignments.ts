import { z } from 'zod';
import { integrityCountsSchema } from './attempts';
import { isoDateTime } from './fields';
import { VALIDATION_KEYS } from './validation';

/*
 * Assignments of an organization's tests (issue 15): to classes and/or chosen students, for a window of
 * time, with attempts allowed, an optional time limit and when answers are shown.
 *
 * API:
 *   GET    /api/educator/tests/:id/assignments                               (view_test)
 *   POST   /api/educator/tests/:id/assignments                               (update_test)
 *   PUT    /api/educator/tests/:id/assignments/:assignmentId                 (update_test)
 *   POST   /api/educator/tests/:id/assignments/:assignmentId/cancel          (update_test)
 *   POST   /api/educator/tests/:id/assignments/:assignmentId/release         (update_test) review now
 *   GET    /api/educator/tests/:id/assignments/:assignmentId/results         (view_test)
 *   GET    /api/educator/tests/:id/assignments/:assignmentId/results/export?format=csv|xlsx
 *   GET    /api/educator/tests/:id/assignments/:assignmentId/attempts/:attemptId/integrity   (view_student)
 *          one attempt's integrity timeline (issue 29)
 *   GET    /api/user/assignments?organization=slug      the learner's assigned tests
 *   GET    /api/user/organizations/:slug/tests/:testSlug            one assigned test and my attempts
 *   POST   /api/user/organizations/:slug/tests/:testSlug/attempts   start (201) or resume (200),
 *          with `{ access_code }` when the assignment asks for one
 * Delivery rules (issue 29): an access code to start, allowed IP ranges (CIDRs) for the start and every
 * save, and one active device per attempt (`x-device-id`; POST /api/user/attempts/:id/release-device
 * signs the device out so another takes over). Staff read the code; learners only learn one is asked.
 * The paper, saves, submit and result are the attempts' own (`/api/user/attempts/:id…`); the result
 * withholds answers and explanations until the assignment's policy releases them.
 */

export const ASSIGNMENT_KEYS = {
  targetsRequired: 'assignment.targets_required',
  closesBeforeOpens: 'assignment.closes_before_opens',
  testNotPublished: 'assignment.test_not_published',
  cancelled: 'assignment.cancelled',
  notOpenYet: 'assignment.not_open_yet',
  closed: 'assignment.closed',
  notAssigned: 'assignment.not_assigned',
  /** Releasing results early is for answers shown "after the close time" only. */
  releaseNotApplicable: 'assignment.release_not_applicable',
  /** Starting needs the assignment's access code (issue 29). */
  accessCodeRequired: 'assignment.access_code_required',
  accessCodeWrong: 'assignment.access_code_wrong',
  /** An access code of 4 to 32 letters, digits, `-` or `_`. */
  accessCodeFormat: 'assignment.access_code_format',
  /** An allowed IP range that is not an IPv4 or IPv6 address or CIDR. */
  ipRangeInvalid: 'assignment.ip_range_invalid',
} as const;

/** At most this many allowed IP ranges per assignment. */
export const MAX_IP_RANGES = 50;

export const ANSWERS_SHOWN = ['immediately', 'after_close', 'never'] as const;
export type AnswersShown = (typeof ANSWERS_SHOWN)[number];

/** What a learner's state is for an assigned test (teachers' results table). */
export const ASSIGNMENT_RESULT_STATUSES = [
  'not_started',
  'in_progress',
  'submitted',
  'to_grade',
  'graded',
] as const;
export type AssignmentResultStatus = (typeof ASSIGNMENT_RESULT_STATUSES)[number];

/** The window an assignment is in at a moment. */
export const ASSIGNMENT_STATES = ['upcoming', 'open', 'closed', 'cancelled'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

const dateTime = isoDateTime('common.invalid_date');

export const assignmentBodySchema = z
  .object({
    class_ids: z
      .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
      .max(100)
      .default([]),
    student_ids: z
      .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
      .max(1000)
      .default([]),
    opens_at: dateTime,
    closes_at: dateTime,
    attempts_allowed: z
      .number({ error: VALIDATION_KEYS.required })
      .int({ error: VALIDATION_KEYS.invalid })
      .min(1, { error: VALIDATION_KEYS.invalid })
      .max(20, { error: VALIDATION_KEYS.invalid }),
    time_limit_minutes: z
      .number({ error: VALIDATION_KEYS.invalid })
      .int({ error: VALIDATION_KEYS.invalid })
      .min(1, { error: VALIDATION_KEYS.invalid })
      .max(600, { error: VALIDATION_KEYS.invalid })
      .nullish()
      .transform((value) => value ?? null),
    answers_shown: z.enum(ANSWERS_SHOWN, { error: VALIDATION_KEYS.required }),
    /** null or empty: no code. Checked trimmed; compared as typed (case-sensitive). */
    access_code: z
      .string({ error: VALIDATION_KEYS.invalid })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || /^[\p{L}\p{N}_-]{4,32}$/u.test(value), {
        error: ASSIGNMENT_KEYS.accessCodeFormat,
      }),
    /**
     * IPv4/IPv6 addresses or CIDRs (`203.0.113.0/24`, `2001:db8::/32`) the learners start and save from;
     * empty: anywhere. The API checks each with Node's `net.BlockList` (`allowed_ip_ranges.N`).
     */
    allowed_ip_ranges: z
      .array(
        z
          .string({ error: VALIDATION_KEYS.invalid })
          .trim()
          .max(64, { error: ASSIGNMENT_KEYS.ipRangeInvalid }),
      )
      .max(MAX_IP_RANGES, { error: VALIDATION_KEYS.invalid })
      .nullish()
      .transform((value) => (value ?? []).filter((range) => range !== '')),
    /** One active device per attempt. */
    single_device: z.boolean({ error: VALIDATION_KEYS.invalid }).default(false),
    /**
     * Each attempt takes the questions of a part, and the questions of a group, in its own order (seeded by
     * the attempt, the same on every reload); a group's questions keep theirs when its passage numbers them.
     */
    shuffle_questions: z.boolean({ error: VALIDATION_KEYS.invalid }).default(false),
    /**
     * Each attempt shows a choice question's options in its own order, lettered A, B, C… as shown; never
     * in parts heard only (the recording reads the letters), nor where the author keeps the order.
     */
    shuffle_options: z.boolean({ error: VALIDATION_KEYS.invalid }).default(false),
  })
  .superRefine((body, ctx) => {
    if (body.class_ids.length === 0 && body.student_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['class_ids'], message: ASSIGNMENT_KEYS.targetsRequired });
    if (Date.parse(body.closes_at) <= Date.parse(body.opens_at))
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: ASSIGNMENT_KEYS.closesBeforeOpens });
  });
export type AssignmentBody = z.input<typeof assignmentBodySchema>;

export const assignmentParamsSchema = z.object({
  id: z.uuid({ error: 'common.not_found' }),
  assignmentId: z.uuid({ error: 'common.not_found' }),
});

/** One attempt under an assignment (its integrity timeline, issue 29). */
export const assignmentAttemptParamsSchema = assignmentParamsSchema.extend({
  attemptId: z.uuid({ error: 'common.not_found' }),
});

const refSchema = z.object({ id: z.string(), name: z.string() });

export const assignmentSchema = z
  .object({
    id: z.string(),
    test_id: z.string(),
    opens_at: z.string(),
    closes_at: z.string(),
    attempts_allowed: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    answers_shown: z.enum(ANSWERS_SHOWN),
    /** Staff only (issue 29): never in a learner's answer. */
    access_code: z.string().nullable(),
    allowed_ip_ranges: z.array(z.string()),
    single_device: z.boolean(),
    shuffle_questions: z.boolean(),
    shuffle_options: z.boolean(),
    state: z.enum(ASSIGNMENT_STATES),
    classes: z.array(refSchema),
    students: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
    /** Students it reaches (classes' active members and the chosen students, counted once). */
    student_count: z.number().int(),
    submitted_count: z.number().int(),
    /** When a teacher released the per-question review before the close time. */
    results_released_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentResultRowSchema = z
  .object({
    student: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }),
    status: z.enum(ASSIGNMENT_RESULT_STATUSES),
    /** The attempt shown: the latest submitted one, else the one in progress. */
    attempt_id: z.string().nullable(),
    attempts_used: z.number().int(),
    score: z.number().nullable(),
    max_score: z.number().nullable(),
    correct_count: z.number().int().nullable(),
    question_count: z.number().int().nullable(),
    time_spent_seconds: z.number().int().nullable(),
    started_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    /** The shown attempt's integrity events by kind (issue 29): evidence for the teacher, not a verdict. */
    integrity: integrityCountsSchema,
  })
  .meta({ id: 'AssignmentResultRow' });
export type AssignmentResultRow = z.infer<typeof assignmentResultRowSchema>;

export const assignmentResultsSchema = z
  .object({ assignment: assignmentSchema, rows: z.array(assignmentResultRowSchema) })
  .meta({ id: 'AssignmentResults' });
export type AssignmentResults = z.infer<typeof assignmentResultsSchema>;

const similarLearnerSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  /** The attempt compared: the learner's latest submitted one under the assignment. */
  attempt_id: z.string(),
});

/**
 * The answer-similarity index of an assignment (issue 29, decision 029): pairs whose identical wrong
 * answers are improbable for learners working alone — evidence to look into, never a verdict.
 */
export const assignmentSimilaritySchema = z
  .object({
    learners: z.number().int(),
    /** The objective questions compared (essays and spoken answers are not). */
    questions: z.number().int(),
    /** False below `min_learners` submitted learners: the wrong answers' spread cannot be estimated. */
    enough: z.boolean(),
    min_learners: z.number().int(),
    /** A pair is listed when its probability times the number of pairs is below this. */
    alpha: z.number(),
    pairs: z.array(
      z.object({
        first: similarLearnerSchema,
        second: similarLearnerSchema,
        /** Questions both answered wrong. */
        compared: z.number().int(),
        /** Of those, answered wrong the same way. */
        identical: z.number().int(),
        /** Identical wrong answers expected for learners working alone. */
        expected: z.number(),
        /** The chance of at least `identical` for learners working alone. */
        probability: z.number(),
        evidence: z.array(
          z.object({ question_id: z.string(), number: z.number().int(), answer: z.string() }),
        ),
      }),
    ),
  })
  .meta({ id: 'AssignmentSimilarity' });
export type AssignmentSimilarity = z.infer<typeof assignmentSimilaritySchema>;

export const assignmentExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: VALIDATION_KEYS.invalid }).default('csv'),
});

// ---------------------------------------------------------------- the learner's side

export const learnerAssignmentSchema = z
  .object({
    id: z.string(),
    organization: z.object({ name: z.string(), slug: z.string() }),
    test: z.object({
      title: z.string(),
      /** The English title learners read in English mode (null: none). */
      title_en: z.string().nullable(),
      slug: z.string(),
      duration_minutes: z.number().int(),
      question_count: z.number().int(),
    }),
    opens_at: z.string(),
    closes_at: z.string(),
    state: z.enum(ASSIGNMENT_STATES),
    attempts_allowed: z.number().int(),
    attempts_used: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    answers_shown: z.enum(ANSWERS_SHOWN),
    /** Starting asks for the assignment's access code (the code itself is never sent). */
    access_code_required: z.boolean(),
    /** One active device per attempt. */
    single_device: z.boolean(),
    /** The attempt still open, to resume. */
    open_attempt_id: z.string().nullable(),
    /** The latest submitted attempt, its result and score. */
    last_result: z
      .object({
        id: z.string(),
        score: z.number().nullable(),
        max_score: z.number().nullable(),
        submitted_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'LearnerAssignment' });
export type LearnerAssignment = z.infer<typeof learnerAssignmentSchema>;

export const learnerAssignmentQuerySchema = z.object({
  organization: z.string().min(1).max(200).optional(),
});

/** The learner's start: the access code when the assignment asks for one. */
export const startAssignedAttemptBodySchema = z
  .object({ access_code: z.string({ error: VALIDATION_KEYS.invalid }).trim().max(64).optional() })
  .nullish()
  .transform((body) => body ?? {});
export type StartAssignedAttemptBody = z.input<typeof startAssignedAttemptBodySchema>;

export const learnerAssignmentParamsSchema = z.object({
  slug: z.string().min(1).max(200),
  testSlug: z.string().min(1).max(200),
});

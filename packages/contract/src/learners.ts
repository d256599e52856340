import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { isoDate, requiredText } from './fields';
import { ORDER_KINDS, ORDER_METHODS, ORDER_STATUSES } from './payments';
import { studentAttemptSchema } from './students';
import { VALIDATION_KEYS } from './validation';

/**
 * Learners in the admin (issue 15: /admin/students), a learner's attempts of one test in both back
 * offices, and the analytics of both (/admin/analytics, /organization/analytics).
 */

export const PEOPLE_KEYS = {
  /** `to` before `from`, or a range longer than ANALYTICS_MAX_DAYS. */
  rangeInvalid: 'analytics.range_invalid',
  /** A class filter in the admin without an organization, or one not of the organization. */
  classUnknown: 'class.unknown',
  /** A test filter naming a test the view may not see. */
  testUnknown: 'analytics.test_unknown',
} as const;

/** The longest date range one analytics request may cover. */
export const ANALYTICS_MAX_DAYS = 366;
/** The default range: the last 8 weeks. */
export const ANALYTICS_DEFAULT_DAYS = 56;

// ---------------------------------------------------------------- learners (admin)

export const LEARNER_STATUSES = ['active', 'disabled', 'pending'] as const;

export const learnerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    status: z.enum(LEARNER_STATUSES),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
    organization_count: z.number().int(),
    attempt_count: z.number().int(),
    last_attempt_at: z.string().nullable(),
  })
  .meta({ id: 'Learner' });
export type Learner = z.infer<typeof learnerSchema>;

export const learnerListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(LEARNER_STATUSES, { error: VALIDATION_KEYS.invalid }).optional(),
  organization_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  /** Learners with at least one attempt (`yes`) or none (`no`). */
  has_attempts: z.enum(['yes', 'no'], { error: VALIDATION_KEYS.invalid }).optional(),
});
export type LearnerListQuery = z.input<typeof learnerListQuerySchema>;

export const learnerOrganizationMembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  membership: z.enum(['active', 'removed']),
  student_code: z.string().nullable(),
  joined_at: z.string(),
});

export const learnerPurchaseSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(ORDER_KINDS),
  description: z.string(),
  amount_vnd: z.number().int(),
  method: z.enum(ORDER_METHODS),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

export const learnerDetailSchema = learnerSchema
  .extend({
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    locale: z.string(),
    google_linked: z.boolean(),
    wallet_balance_vnd: z.number().int(),
    organizations: z.array(learnerOrganizationMembershipSchema),
    attempts: z.array(studentAttemptSchema),
    purchases: z.array(learnerPurchaseSchema),
  })
  .meta({ id: 'LearnerDetail' });
export type LearnerDetail = z.infer<typeof learnerDetailSchema>;

export const learnerUpdateBodySchema = z.object({
  full_name: requiredText(120),
  status: z.enum(['active', 'disabled'], { error: VALIDATION_KEYS.invalid }),
});
export type LearnerUpdateBody = z.input<typeof learnerUpdateBodySchema>;

/** A learner's attempts of one test, as one back office sees them. */
export const learnerTestAttemptsSchema = z
  .object({
    learner: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
    test: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
    attempts: z.array(studentAttemptSchema),
  })
  .meta({ id: 'LearnerTestAttempts' });
export type LearnerTestAttempts = z.infer<typeof learnerTestAttemptsSchema>;

// ---------------------------------------------------------------- analytics

const day = isoDate(VALIDATION_KEYS.invalid);

export const analyticsQuerySchema = z.object({
  /** First day (inclusive, UTC); default: ANALYTICS_DEFAULT_DAYS before `to`. */
  from: day.optional(),
  /** Last day (inclusive, UTC); default: today. */
  to: day.optional(),
  class_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  test_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  /** The admin only: one organization's students. */
  organization_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const seriesRef = z.object({ id: z.string(), name: z.string() });

export const analyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object({
      attempts: z.number().int(),
      submitted: z.number().int(),
      learners: z.number().int(),
      /** Mean share of correct answers of the submitted attempts, in percent; null without any. */
      average_percent: z.number().nullable(),
    }),
    /** Every day of the range (zeros included). */
    attempts_per_day: z.array(
      z.object({ date: z.string(), attempts: z.number().int(), submitted: z.number().int() }),
    ),
    /** Distinct learners who started an attempt, per ISO week (Monday). */
    active_learners: z.array(z.object({ week: z.string(), learners: z.number().int() })),
    /** Correct-answer percent buckets 0–9 … 90–100 of the selected test, or of the most attempted one. */
    score_distribution: z.object({
      test: seriesRef.nullable(),
      buckets: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
    }),
    /** Mean correct-answer percent per week and class (the classes with the most attempts, or the selected one). */
    class_progress: z.object({
      series: z.array(seriesRef),
      weeks: z.array(z.object({ week: z.string(), values: z.record(z.string(), z.number().nullable()) })),
    }),
    /** Parts with the lowest share of correct answers (at least one graded answer). */
    weakest_parts: z.array(
      z.object({
        name: z.string(),
        /** The part's English name (the exam structure's), null when it has none. */
        name_en: z.string().nullable(),
        correct: z.number().int(),
        total: z.number().int(),
        percent: z.number(),
      }),
    ),
    weakest_question_types: z.array(
      z.object({
        name: z.string(),
        name_en: z.string().nullable(),
        correct: z.number().int(),
        total: z.number().int(),
        percent: z.number(),
      }),
    ),
    /** The admin only (null in an organization). */
    platform: z
      .object({
        organizations: z.object({
          approved: z.number().int(),
          pending: z.number().int(),
          suspended: z.number().int(),
          new_per_week: z.array(z.object({ week: z.string(), count: z.number().int() })),
          /** The organizations whose students made the most attempts in the range. */
          most_active: z.array(seriesRef.extend({ attempts: z.number().int() })),
        }),
        revenue: z.object({
          total_vnd: z.number().int(),
          orders: z.number().int(),
          per_day: z.array(
            z.object({ date: z.string(), amount_vnd: z.number().int(), orders: z.number().int() }),
          ),
        }),
      })
      .nullable(),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;

/** What the filters offer: the scope's classes and the tests attempted by its learners. */
export const analyticsOptionsSchema = z
  .object({
    classes: z.array(seriesRef),
    tests: z.array(seriesRef),
    organizations: z.array(seriesRef),
  })
  .meta({ id: 'AnalyticsOptions' });
export type AnalyticsOptions = z.infer<typeof analyticsOptionsSchema>;

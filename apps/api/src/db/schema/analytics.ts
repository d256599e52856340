import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Daily rollups of attempts for the platform-wide analytics (issue 15, decision 022): one row set per UTC
 * day (of the attempt's start) and test, recomputed from `attempts` and `attempt_answers` whenever a
 * trigger on `attempts` (migration 0033) marks the day and test in `analytics_pending`. Derived data only:
 * no foreign keys (a deleted test's or learner's rows go at the recompute its cascade marks).
 */

/**
 * Days and tests whose rollups are out of date: a row appended at the commit of any change to one of their
 * attempts. Appended, never upserted, so concurrent submits of one test never wait on one row; a refresh
 * deletes the marks it saw and recomputes their days, and a mark committed meanwhile stays for the next.
 */
export const analyticsPending = pgTable(
  'analytics_pending',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Only the rows derived from the learner rows are out of date (`analytics_learner_returns`,
     * `analytics_organization_days`), recomputed from `analytics_learner_days` without reading an attempt: a
     * learner of the day joined or left an organization (migration 0035's trigger on
     * `organization_students`), or their previous active day changed, or the day's learner rows were
     * recomputed (the refresh marks those itself).
     */
    derived: boolean('derived').notNull().default(false),
  },
  (table) => [index('analytics_pending_day_idx').on(table.day, table.testId)],
);

/**
 * Per day and test: attempts started, submitted, scored (submitted with questions), the sum of their
 * correct-answer percentages (numeric, so a range's mean is exactly the mean of the attempts) and the
 * ten-point histogram of those percentages (`buckets[1]` = 0–9 %, … `buckets[10]` = 90–100 %).
 */
export const analyticsTestDays = pgTable(
  'analytics_test_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    attempts: integer('attempts').notNull(),
    submitted: integer('submitted').notNull(),
    scored: integer('scored').notNull(),
    percentSum: numeric('percent_sum'),
    buckets: integer('buckets').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.testId] }),
    index('analytics_test_days_test_idx').on(table.testId, table.day),
  ],
);

/**
 * Per day, test and learner: how many attempts they started (with the attempt's organization, the test's
 * owner), and as `analytics_test_days` their submitted and scored attempts, percentages and histogram.
 * Distinct learners over a range are counted here: daily distinct counts cannot be summed. An
 * organization's view sums its students' rows (today's membership, joined when read: decision 022,
 * second amendment).
 */
export const analyticsLearnerDays = pgTable(
  'analytics_learner_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id'),
    attempts: integer('attempts').notNull(),
    submitted: integer('submitted').notNull().default(0),
    scored: integer('scored').notNull().default(0),
    percentSum: numeric('percent_sum'),
    buckets: integer('buckets').array().notNull().default(sql`'{0,0,0,0,0,0,0,0,0,0}'::integer[]`),
  },
  (table) => [
    index('analytics_learner_days_day_idx').on(table.day, table.userId),
    index('analytics_learner_days_test_idx').on(table.testId, table.day, table.userId),
    // A learner's days in order: the day before or after one (analytics_learner_returns), their days.
    index('analytics_learner_days_user_idx').on(table.userId, table.day, table.testId),
  ],
);

/**
 * Learners of a day by the day each was last active before it (decision 022, amended): per day, and per
 * day and test (`test_id` null: any test), how many learners started an attempt that day whose previous
 * active day was `previous_day` (at that test, for a test's rows; null: none in the 365 days before, the
 * longest range's reach). The learners active over days `a`…`b` are then the rows of those days whose
 * previous day is before `a` (each such learner's first day of the range, and only that one), so distinct
 * learners over any range and per week are sums of a few hundred rows instead of a scan of every learner.
 * Recomputed whole per day (and day and test) from `analytics_learner_days`, with the next active day of
 * every learner whose rows of a recomputed day changed.
 */
export const analyticsLearnerReturns = pgTable(
  'analytics_learner_returns',
  {
    day: date('day').notNull(),
    testId: uuid('test_id'),
    previousDay: date('previous_day'),
    learners: integer('learners').notNull(),
  },
  (table) => [index('analytics_learner_returns_day_idx').on(table.testId, table.day)],
);

/**
 * Per day, test and organization: the attempts of the organization's students (today's
 * `organization_students`) at the platform's tests or its own, as the most active organizations count
 * them. Recomputed from `analytics_learner_days` with its day and test, and when a learner joins or
 * leaves an organization (a `membership` mark of each of their days and tests).
 */
export const analyticsOrganizationDays = pgTable(
  'analytics_organization_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    attempts: integer('attempts').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.testId, table.organizationId] }),
    index('analytics_organization_days_test_idx').on(table.testId, table.day),
  ],
);

/**
 * Per day and test: the parts of submitted attempts' stored results (the part's name of the day and its
 * exam-structure section), with correct and graded answers summed.
 */
export const analyticsPartDays = pgTable(
  'analytics_part_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    name: text('name'),
    sectionId: uuid('section_id'),
    correct: integer('correct'),
    graded: integer('graded'),
  },
  (table) => [index('analytics_part_days_day_idx').on(table.day, table.testId)],
);

/**
 * Per day, test and question: graded answers of submitted attempts and the correct ones. Keyed by the
 * question (not its type) so the question type is read at query time, as a direct count would.
 */
export const analyticsQuestionDays = pgTable(
  'analytics_question_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    questionId: uuid('question_id').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.testId, table.questionId] })],
);

/**
 * Per day, test and learner (with the attempt's organization): the parts of their submitted attempts, as
 * `analytics_part_days`. An organization's weakest parts sum its students' rows.
 */
export const analyticsLearnerPartDays = pgTable(
  'analytics_learner_part_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id'),
    name: text('name'),
    sectionId: uuid('section_id'),
    correct: integer('correct'),
    graded: integer('graded'),
  },
  (table) => [
    index('analytics_learner_part_days_user_idx').on(table.userId, table.day),
    index('analytics_learner_part_days_day_idx').on(table.day, table.testId),
  ],
);

/**
 * Per day, test and learner (with the attempt's organization): graded and correct answers of their
 * submitted attempts per question type. The type is the question's at the recompute; changing a question's
 * type marks the days it was answered on (migration 0036), so the rows follow it as a direct count would.
 */
export const analyticsLearnerTypeDays = pgTable(
  'analytics_learner_type_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id'),
    questionTypeId: uuid('question_type_id').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [
    index('analytics_learner_type_days_user_idx').on(table.userId, table.day),
    index('analytics_learner_type_days_day_idx').on(table.day, table.testId),
  ],
);

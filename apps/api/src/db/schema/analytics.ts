import {
  bigint,
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
 * owner). Distinct learners over a range are counted here: daily distinct counts cannot be summed.
 */
export const analyticsLearnerDays = pgTable(
  'analytics_learner_days',
  {
    day: date('day').notNull(),
    testId: uuid('test_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id'),
    attempts: integer('attempts').notNull(),
  },
  (table) => [
    index('analytics_learner_days_day_idx').on(table.day, table.userId),
    index('analytics_learner_days_test_idx').on(table.testId, table.day, table.userId),
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

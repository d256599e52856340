import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { tests, testVersions } from './tests';

export const attemptModeEnum = pgEnum('attempt_mode', ['full', 'practice']);
export const attemptStatusEnum = pgEnum('attempt_status', ['in_progress', 'submitted']);
export const submitReasonEnum = pgEnum('submit_reason', ['learner', 'deadline']);
export const gradingStatusEnum = pgEnum('grading_status', ['complete', 'pending_manual']);

/**
 * One sitting of a test by a learner, always on a frozen version of the test (test_versions), so
 * editing a published test never changes what an attempt shows or how it was graded.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    testVersion: integer('test_version').notNull(),
    /** The tenant of the test (null: platform), copied for organization isolation of results. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    mode: attemptModeEnum('mode').notNull(),
    /** Ids of the snapshot sections taken: every section for a full test. */
    sectionIds: jsonb('section_ids').$type<string[]>().notNull(),
    status: attemptStatusEnum('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for untimed practice. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submitReason: submitReasonEnum('submit_reason'),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    grading: gradingStatusEnum('grading'),
    scoreTotal: real('score_total'),
    maxScore: real('max_score'),
    correctCount: integer('correct_count').notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    /** Section scores, counts and per-part results as computed at submission. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.testId, table.testVersion],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
    index('attempts_user_test_idx').on(table.userId, table.testId, table.startedAt),
    index('attempts_test_idx').on(table.testId, table.status),
    /** At most one unfinished attempt per learner and test: starting twice resumes it. */
    uniqueIndex('attempts_one_open_key')
      .on(table.userId, table.testId)
      .where(sql`${table.status} = 'in_progress'`),
    /** The deadline sweeper's scan. */
    index('attempts_open_deadline_idx').on(table.deadlineAt).where(sql`${table.status} = 'in_progress'`),
  ],
);

/** The latest answer of an attempt to one question; the greatest client seq wins. */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** A question id of the attempt's snapshot (no foreign key: the bank may change later). */
    questionId: uuid('question_id').notNull(),
    answer: jsonb('answer'),
    flagged: boolean('flagged').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Filled at grading. */
    outcome: text('outcome'),
    points: real('points'),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

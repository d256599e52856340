import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { testAssignments } from './assignments';
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
    /** The organization's assignment this attempt was taken under (issue 15), if any. */
    assignmentId: uuid('assignment_id').references((): AnyPgColumn => testAssignments.id, {
      onDelete: 'set null',
    }),
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
    /**
     * A practice of some questions only (issue 14: "practise my mistakes", the mistake notebook): the
     * question ids taken, within section_ids; null for every question of those sections.
     */
    questionIds: jsonb('question_ids').$type<string[]>(),
    /** The attempt whose mistakes this practice redoes. */
    sourceAttemptId: uuid('source_attempt_id').references((): AnyPgColumn => attempts.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.testId, table.testVersion],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
    index('attempts_user_test_idx').on(table.userId, table.testId, table.startedAt),
    index('attempts_test_idx').on(table.testId, table.status),
    index('attempts_source_idx').on(table.sourceAttemptId).where(sql`${table.sourceAttemptId} is not null`),
    /** Analytics (issue 15): a range of days over everyone (admin) or per student (an organization). */
    index('attempts_started_idx').on(table.startedAt),
    index('attempts_user_started_idx').on(table.userId, table.startedAt),
    /** An assignment's results and a learner's attempts under it. */
    index('attempts_assignment_idx')
      .on(table.assignmentId, table.userId)
      .where(sql`${table.assignmentId} is not null`),
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

/**
 * Play-once audio already started in an attempt, per clip: the
 * server's record, so opening the attempt on another device does not offer the clip again.
 */
export const attemptAudioPlays = pgTable(
  'attempt_audio_plays',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** The clip's media id, as the attempt's paper names it. */
    mediaId: uuid('media_id').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.mediaId] })],
);

/** One highlight on a reading passage of an attempt, with the learner's note (issue 14). */
export interface StoredHighlight {
  id: string;
  group_id: string;
  /** Character offsets in the passage's text. */
  start: number;
  end: number;
  text: string;
  note: string | null;
}

/**
 * The learner's highlights and notes on an attempt's passages, as one set (the runner saves it whole; the
 * newer `updated_at`, the device's clock when it changed the set, wins).
 */
export const attemptHighlights = pgTable('attempt_highlights', {
  attemptId: uuid('attempt_id')
    .primaryKey()
    .references(() => attempts.id, { onDelete: 'cascade' }),
  highlights: jsonb('highlights').$type<StoredHighlight[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A teacher's mark of an essay answer (issue 15): a score per criterion (0–10 in steps of 0.5), a comment,
 * and who marked it when. The answer earns the mean of the criteria over 10 of its point; re-marking
 * replaces the mark and grades the attempt again.
 */
export const essayMarks = pgTable(
  'essay_marks',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** A question id of the attempt's paper. */
    questionId: uuid('question_id').notNull(),
    /** Scores by criterion key (ESSAY_CRITERIA). */
    criteria: jsonb('criteria').$type<Record<string, number>>().notNull(),
    comment: text('comment').notNull().default(''),
    /** The share of the question earned, 0 … 1. */
    share: real('share').notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

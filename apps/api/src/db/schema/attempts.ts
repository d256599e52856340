import type { InlineComment } from '@prepwise/contract';
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
    /**
     * The browser of the last save (the runner's `x-device-id` header, a random id kept in that browser's
     * storage; issue 29): a save from another one records a `device_changed` integrity event.
     */
    deviceId: text('device_id'),
    /**
     * The device that holds the attempt under an assignment with one active device (issue 29): the first
     * device to open it claims it; another is refused until the holder signs out of the attempt
     * (release-device sets it back to null). Null when none holds it, and always without that rule.
     */
    holderDeviceId: text('holder_device_id'),
    /**
     * The assignment's shuffling as it was when the attempt started (issue 29): the order is seeded by the
     * attempt's id, so the paper, the review and the teacher's view show the same order every time.
     */
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
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
  (table) => [
    primaryKey({ columns: [table.attemptId, table.questionId] }),
    /**
     * The draft-feedback job's scan (issue 28): written answers (the essay's `{ text }` shape) still
     * waiting for a teacher. Spoken answers never match, so they cannot crowd essays out of its batch.
     */
    index('attempt_answers_pending_essays_idx')
      .on(table.attemptId, table.questionId)
      .where(sql`${table.outcome} = 'pending' and jsonb_typeof(${table.answer} -> 'text') = 'string'`),
  ],
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

/**
 * What happened around an attempt while it was taken (issue 29): the tab or window lost and regained focus,
 * full screen left, a paste into an answer (its length only, never the text), the device changed, the
 * connection lost and back. Evidence for a teacher, never a verdict. The runner journals each event with a
 * uuid of its own (`client_id`) and sends it with the next answer save, so a replay is stored once.
 */
export const attemptIntegrityEvents = pgTable(
  'attempt_integrity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** The runner's id of the event (the server's own for `device_changed`). */
    clientId: uuid('client_id').notNull(),
    /** INTEGRITY_EVENT_KINDS of the contract. */
    kind: text('kind').notNull(),
    /** The question the learner was on (a paste: the question pasted into). */
    questionId: uuid('question_id'),
    /** e.g. `{ length }` of a paste. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** When it happened, on the learner's clock. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** When the server received it. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attempt_integrity_events_client_idx').on(table.attemptId, table.clientId),
    index('attempt_integrity_events_time_idx').on(table.attemptId, table.occurredAt),
  ],
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
 * A mark of an essay (or other manually marked) answer: a teacher's final mark (issue 15) or a machine's
 * draft (issue 28), at most one of each per answer. A mark is on the rubric the author chose (RUBRICS of
 * the contract): a score per criterion, the overall score (IELTS half-band rounding or the generic mean)
 * and the share of the question it earns (overall over the scale's maximum); a comment and inline
 * comments anchored to character ranges of the answer's text. A machine draft without a configured model
 * has measurements (`feedback`) and no bands. Re-marking replaces the mark; a final mark grades the
 * attempt again.
 */
export const essayMarks = pgTable(
  'essay_marks',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** A question id of the attempt's paper. */
    questionId: uuid('question_id').notNull(),
    /** `final` (a teacher's mark, the one that grades) or `draft` (a machine's, always labelled so). */
    kind: text('kind').$type<EssayMarkKind>().notNull().default('final'),
    /** RUBRIC_IDS of the contract. */
    rubric: text('rubric').notNull().default('generic'),
    /** Scores by criterion key of the rubric; empty for a draft without bands. */
    criteria: jsonb('criteria').$type<Record<string, number>>().notNull(),
    /** The overall score on the rubric's scale (a band for IELTS); null for a draft without bands. */
    overall: real('overall'),
    comment: text('comment').notNull().default(''),
    /** Comments anchored to `[start, end)` character ranges of the answer's text. */
    comments: jsonb('comments').$type<InlineComment[]>().notNull().default([]),
    /** A machine draft's measurements of the text (word count, spelling and grammar issues …). */
    feedback: jsonb('feedback').$type<Record<string, unknown>>(),
    /** The share of the question earned, 0 … 1; null for a draft without bands. */
    share: real('share'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId, table.kind] })],
);

export type EssayMarkKind = 'final' | 'draft';

/**
 * A learner's self-assessment of a written or spoken answer against the public band descriptors (issue
 * 28): a band per criterion of the answer's rubric and their overall by the rubric's rule. One per answer,
 * replaced when assessed again; it grades nothing (a teacher's final mark does).
 */
export const selfAssessments = pgTable(
  'self_assessments',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** A question id of the attempt's paper. */
    questionId: uuid('question_id').notNull(),
    /** RUBRIC_IDS of the contract. */
    rubric: text('rubric').notNull(),
    criteria: jsonb('criteria').$type<Record<string, number>>().notNull(),
    overall: real('overall'),
    assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

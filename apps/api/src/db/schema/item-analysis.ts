import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { testVersions } from './tests';

/*
 * Item analysis (issue 15): precomputed by the `item-analysis.refresh` job, read by the test detail page.
 * `scope` is 'first' (each learner's first submitted full attempt of the version) or 'all'.
 */

/**
 * Test versions with attempts submitted since their analysis was computed: written in the submit's own
 * transaction, so the job finds them even if the process stopped before it could be woken.
 */
export const itemAnalysisPending = pgTable(
  'item_analysis_pending',
  {
    testId: uuid('test_id').notNull(),
    testVersion: integer('test_version').notNull(),
    /** Bumped by every submit: the job clears the mark only if no submit came after its read. */
    generation: integer('generation').notNull().default(1),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.testVersion] }),
    foreignKey({
      columns: [table.testId, table.testVersion],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
  ],
);

/** The test's figures per version and scope. */
export const itemAnalyses = pgTable(
  'item_analyses',
  {
    testId: uuid('test_id').notNull(),
    testVersion: integer('test_version').notNull(),
    scope: text('scope', { enum: ['first', 'all'] }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull(),
    questionCount: integer('question_count').notNull(),
    mean: real('mean'),
    median: real('median'),
    sd: real('sd'),
    maxScore: real('max_score').notNull(),
    alpha: real('alpha'),
    sem: real('sem'),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.testVersion, table.scope] }),
    foreignKey({
      columns: [table.testId, table.testVersion],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
  ],
);

export interface StoredOptionShare {
  key: string;
  label: string;
  is_key: boolean;
  share: number;
  count: number;
  strong_share: number;
}

/** One question's figures per version and scope, in paper order (`number`). */
export const itemAnalysisQuestions = pgTable(
  'item_analysis_questions',
  {
    testId: uuid('test_id').notNull(),
    testVersion: integer('test_version').notNull(),
    scope: text('scope', { enum: ['first', 'all'] }).notNull(),
    /** A question id of the version's snapshot (the bank's id when it was frozen). */
    questionId: uuid('question_id').notNull(),
    number: integer('number').notNull(),
    sectionName: text('section_name').notNull(),
    answerKind: text('answer_kind').notNull(),
    stem: text('stem').notNull(),
    groupId: uuid('group_id'),
    attempts: integer('attempts').notNull(),
    facility: real('facility'),
    sd: real('sd'),
    discrimination: real('discrimination'),
    efficiency: real('efficiency'),
    skippedShare: real('skipped_share').notNull(),
    options: jsonb('options').$type<StoredOptionShare[]>().notNull(),
    flags: jsonb('flags').$type<string[]>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.testVersion, table.scope, table.questionId] }),
    index('item_analysis_questions_order_idx').on(table.testId, table.testVersion, table.scope, table.number),
    foreignKey({
      columns: [table.testId, table.testVersion],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
  ],
);

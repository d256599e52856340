import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { attempts } from './attempts';
import { tests } from './tests';

/**
 * The learner's mistake notebook (issue 14): one row per learner and question, written when a graded
 * answer is wrong (or partly right), when the learner bookmarks the question or writes a note. A later
 * right answer marks the row learned; a new wrong answer opens it again (docs/decisions/019-mistake-notebook.md).
 */
export const notebookItems = pgTable(
  'notebook_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A question id of the test version's snapshot (no foreign key: the bank may change later). */
    questionId: uuid('question_id').notNull(),
    /** Where the question was last met: its content is read from this frozen version. */
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    testVersion: integer('test_version').notNull(),
    sectionId: text('section_id').notNull(),
    partName: text('part_name').notNull(),
    typeId: text('type_id').notNull(),
    typeName: text('type_name').notNull(),
    attemptId: uuid('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    wrongCount: integer('wrong_count').notNull().default(0),
    lastOutcome: text('last_outcome'),
    /** The learner's last wrong answer. */
    lastAnswer: jsonb('last_answer'),
    lastWrongAt: timestamp('last_wrong_at', { withTimezone: true }),
    /** Answered right after the last mistake (or marked so by the learner); null: still to review. */
    learnedAt: timestamp('learned_at', { withTimezone: true }),
    bookmarked: boolean('bookmarked').notNull().default(false),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    /** The notebook's list: newest mistakes first, per learner (and per test when filtered). */
    index('notebook_items_user_recent_idx').on(table.userId, table.updatedAt),
    index('notebook_items_user_test_idx').on(table.userId, table.testId),
    index('notebook_items_user_bookmarked_idx').on(table.userId).where(sql`${table.bookmarked}`),
  ],
);

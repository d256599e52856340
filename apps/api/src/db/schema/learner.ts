import { date, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A learner's goal (issue 14, the learner home): the exam they prepare for, the score they aim at and
 * the day of the exam. One row per learner, written when they first save it.
 */
export const learnerGoals = pgTable('learner_goals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `toeic` or `ielts` (the scale of the target score); null: not chosen yet. */
  exam: text('exam'),
  targetScore: real('target_score'),
  /** The exam's calendar day (no time of day, no time zone). */
  examDate: date('exam_date', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Dictation sentences a signed-in learner checked, per exercise and Vietnamese calendar day: the study
 * streak counts a day with a dictation as a day of study (exercises themselves need no account).
 */
export const dictationDays = pgTable(
  'dictation_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in Asia/Ho_Chi_Minh. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The exercise (a listening group's id, as /api/public/dictation/:id names it). */
    exerciseId: uuid('exercise_id').notNull(),
    sentencesChecked: integer('sentences_checked').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The streak reads a learner's days: a range of the primary key.
  (table) => [primaryKey({ columns: [table.userId, table.day, table.exerciseId] })],
);

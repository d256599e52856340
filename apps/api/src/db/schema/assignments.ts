import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { classes, organizations, users } from './accounts';
import { tests } from './tests';

/** When an assigned test's per-question answers and explanations are shown to its students. */
export const answersShownEnum = pgEnum('assignment_answers_shown', ['immediately', 'after_close', 'never']);

/**
 * An organization's test given to some of its classes and/or students for a window of time (issue 15).
 * Its attempts carry `attempts.assignment_id`; cancelling keeps the row and the attempts already made.
 */
export const testAssignments = pgTable(
  'test_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    /** Overrides the test's duration when set. */
    timeLimitMinutes: integer('time_limit_minutes'),
    answersShown: answersShownEnum('answers_shown').notNull().default('after_close'),
    /** A code learners type to start an attempt (issue 29); staff read it, learners never do. */
    accessCode: text('access_code'),
    /** CIDRs (IPv4 and IPv6) an attempt is started and saved from; null: anywhere. */
    allowedIpRanges: jsonb('allowed_ip_ranges').$type<string[]>(),
    /** One active device per attempt: another takes over only once the holder signs out of it. */
    singleDevice: boolean('single_device').notNull().default(false),
    /** Each attempt takes the parts' questions (and groups) in its own seeded order (issue 29). */
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    /** Each attempt shows a choice question's options in its own seeded order, unless its author keeps them. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When a teacher released the per-question review before the close time (answers shown "after the
     * close time"): from then on students read it, with their essays' marks and comments.
     */
    resultsReleasedAt: timestamp('results_released_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('test_assignments_test_idx').on(table.testId, table.opensAt),
    index('test_assignments_organization_idx').on(table.organizationId, table.closesAt),
    check('test_assignments_window', sql`${table.closesAt} > ${table.opensAt}`),
  ],
);

export const testAssignmentClasses = pgTable(
  'test_assignment_classes',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => testAssignments.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.assignmentId, table.classId] }),
    index('test_assignment_classes_class_idx').on(table.classId),
  ],
);

export const testAssignmentStudents = pgTable(
  'test_assignment_students',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => testAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.assignmentId, table.userId] }),
    index('test_assignment_students_user_idx').on(table.userId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { examFormats, exams, levels, questionTypes } from './exams';
import { media, questionGroups, questions } from './question-bank';

export const testStatusEnum = pgEnum('test_status', ['draft', 'published', 'archived']);
export const testAccessEnum = pgEnum('test_access', ['free', 'pack']);
export const answerVisibilityEnum = pgEnum('answer_visibility', ['after_submit', 'never']);
/**
 * How a test's questions are chosen (issue 15): picked by hand (`manual`), or drawn for each learner from
 * the bank by a blueprint when the attempt starts (`smart`).
 */
export const testKindEnum = pgEnum('test_kind', ['manual', 'smart']);

const NIL_UUID = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** A practice test built on an exam: one section per part of the exam, filled from the question bank. */
export const tests = pgTable(
  'tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** The title in English mode (null: the Vietnamese title is shown). */
    titleEn: text('title_en'),
    slug: text('slug').notNull(),
    description: text('description'),
    /** The description in English mode, sanitized rich text (null: the Vietnamese one is shown). */
    descriptionEn: text('description_en'),
    coverId: uuid('cover_id').references(() => media.id, { onDelete: 'set null' }),
    /** The level the test targets (catalogue filter). */
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes').notNull(),
    status: testStatusEnum('status').notNull().default('draft'),
    kind: testKindEnum('kind').notNull().default('manual'),
    access: testAccessEnum('access').notNull().default('free'),
    attemptsAllowed: integer('attempts_allowed'),
    answerVisibility: answerVisibilityEnum('answer_visibility').notNull().default('after_submit'),
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tests_owner_slug_key').on(sql`coalesce(${table.organizationId}, ${NIL_UUID})`, table.slug),
    index('tests_owner_status_idx').on(table.organizationId, table.status, table.createdAt),
    index('tests_exam_idx').on(table.examId),
    // The public catalogue: published platform tests, newest first, and accent-insensitive title search
    // (fold_text() is defined in migrations 0009 and 0010; the search needs pg_trgm).
    index('tests_catalogue_idx')
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.organizationId} is null and ${table.status} = 'published'`),
    index('tests_title_fold_trgm_idx')
      .using('gin', sql`fold_text(${table.title}) gin_trgm_ops`)
      .where(sql`${table.organizationId} is null and ${table.status} = 'published'`),
    index('tests_title_en_fold_trgm_idx')
      .using('gin', sql`fold_text(${table.titleEn}) gin_trgm_ops`)
      .where(sql`${table.organizationId} is null and ${table.status} = 'published'`),
  ],
);

export const testSections = pgTable(
  'test_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    formatId: uuid('format_id')
      .notNull()
      .references(() => examFormats.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('test_sections_test_format_key').on(table.testId, table.formatId)],
);

/** One entry of a section: a single question or a whole group. */
export const testItems = pgTable(
  'test_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => testSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'restrict' }),
    groupId: uuid('group_id').references(() => questionGroups.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('test_items_section_idx').on(table.sectionId, table.position),
    index('test_items_question_idx').on(table.questionId),
    index('test_items_group_idx').on(table.groupId),
    check('test_items_one_target', sql`(${table.questionId} is null) <> (${table.groupId} is null)`),
  ],
);

/**
 * A smart test's blueprint (issue 15): per section, rows of "N questions of this level, question type and
 * tag" (each filter optional). Every learner's paper is drawn from the bank by these rows when they start.
 */
export const testBlueprintRows = pgTable(
  'test_blueprint_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => testSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    count: integer('count').notNull(),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    questionTypeId: uuid('question_type_id').references(() => questionTypes.id, { onDelete: 'set null' }),
    tag: text('tag'),
  },
  (table) => [
    index('test_blueprint_rows_section_idx').on(table.sectionId, table.position),
    check('test_blueprint_rows_count_positive', sql`${table.count} > 0`),
  ],
);

/**
 * The frozen content of a test at each publication. Attempts point at a version, so editing a
 * published test never changes results already recorded.
 */
export const testVersions = pgTable(
  'test_versions',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    questionCount: integer('question_count').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.testId, table.version] })],
);

/** Tests sold together. Buying comes with payments; here they are authored and shown. */
export const packs = pgTable(
  'packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    priceVnd: integer('price_vnd').notNull(),
    validityDays: integer('validity_days').notNull(),
    status: testStatusEnum('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('packs_owner_slug_key').on(sql`coalesce(${table.organizationId}, ${NIL_UUID})`, table.slug),
  ],
);

export const packTests = pgTable(
  'pack_tests',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packId, table.testId] }),
    index('pack_tests_test_idx').on(table.testId),
  ],
);

/**
 * A learner's own paper of a smart test (issue 15): the questions drawn when the attempt started, frozen as
 * a version of the test numbered below zero (publications count up from 1), so the runner, grading and
 * results read it like any version. `question_ids` feeds "least used first" for the next draws.
 */
export const testDraws = pgTable(
  'test_draws',
  {
    testId: uuid('test_id').notNull(),
    version: integer('version').notNull(),
    /** The publication whose blueprint was drawn. */
    baseVersion: integer('base_version').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The assignment (a class's window) the paper was drawn under: usage is counted within it. */
    assignmentId: uuid('assignment_id'),
    questionIds: uuid('question_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.version] }),
    foreignKey({
      columns: [table.testId, table.version],
      foreignColumns: [testVersions.testId, testVersions.version],
    }).onDelete('cascade'),
    index('test_draws_usage_idx').on(table.testId, table.assignmentId),
  ],
);

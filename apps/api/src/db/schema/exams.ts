import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';

/**
 * Exam structure, shared by the platform (organization_id null) and each organization's private content.
 * Uniqueness is per owner: `coalesce(organization_id, nil uuid)` makes the platform one owner among others.
 */
const NIL_UUID = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
const owner = (column: { name: string }) => sql`coalesce(${sql.identifier(column.name)}, ${NIL_UUID})`;

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const organizationId = () =>
  uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' });

export const skillEnum = pgEnum('skill', ['listening', 'reading', 'writing', 'speaking']);
export const answerKindEnum = pgEnum('answer_kind', [
  'single_choice',
  'multiple_choice',
  'true_false_not_given',
  'gap_fill',
  'matching',
  'ordering',
  'short_answer',
  'essay',
  'speaking',
]);
export const scoringRuleEnum = pgEnum('scoring_rule', ['all_or_nothing', 'partial', 'manual']);
export const audioPolicyEnum = pgEnum('audio_policy', ['none', 'play_once', 'free']);
export const pointMethodEnum = pgEnum('point_method', ['table', 'per_question']);

/** Ordered difficulty levels (CEFR A1–C2 by default). */
export const levels = pgTable(
  'levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The name in English mode (null: the Vietnamese name is shown). */
    nameEn: text('name_en'),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('levels_owner_code_key').on(owner(table.organizationId), table.code)],
);

/** A named configuration over one of the answer kinds the test runner supports. */
export const questionTypes = pgTable(
  'question_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** The name in English mode (null: the Vietnamese name is shown). */
    nameEn: text('name_en'),
    answerKind: answerKindEnum('answer_kind').notNull(),
    scoringRule: scoringRuleEnum('scoring_rule').notNull().default('all_or_nothing'),
    description: text('description'),
    ...timestamps,
  },
  (table) => [uniqueIndex('question_types_owner_name_key').on(owner(table.organizationId), table.name)],
);

/** An exam family: TOEIC, IELTS, VSTEP … */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    slug: text('slug').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('categories_owner_slug_key').on(owner(table.organizationId), table.slug)],
);

/** A test type inside a category, e.g. TOEIC Listening & Reading. */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    slug: text('slug').notNull(),
    description: text('description'),
    durationMinutes: integer('duration_minutes'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('exams_category_slug_key').on(table.categoryId, table.slug)],
);

/** One part or section of an exam (TOEIC Part 5, IELTS Reading Passage 2 …). */
export const examFormats = pgTable(
  'exam_formats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    position: integer('position').notNull().default(0),
    skill: skillEnum('skill').notNull(),
    instructionsVi: text('instructions_vi'),
    instructionsEn: text('instructions_en'),
    questionCount: integer('question_count').notNull(),
    timeLimitMinutes: integer('time_limit_minutes'),
    allowedQuestionTypeIds: uuid('allowed_question_type_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audioPolicy: audioPolicyEnum('audio_policy').notNull().default('none'),
    /**
     * The stem and option texts are heard only (TOEIC Parts 1–2): a learner's paper shows the letters
     * (and the picture); the texts appear in the review.
     */
    heardOnly: boolean('heard_only').notNull().default(false),
    scoreSection: text('score_section').notNull(),
    ...timestamps,
  },
  (table) => [index('exam_formats_exam_idx').on(table.examId, table.position)],
);

/**
 * Raw correct answers of one score section → scaled score, or fixed points per question.
 * `table` holds `[{ raw, score }]` sorted by raw; `isEstimate` marks published approximations.
 */
export const pointConfigs = pgTable(
  'point_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    section: text('section').notNull(),
    method: pointMethodEnum('method').notNull(),
    pointsPerQuestion: real('points_per_question'),
    table: jsonb('table').$type<{ raw: number; score: number }[]>(),
    isEstimate: boolean('is_estimate').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('point_configs_exam_idx').on(table.examId, table.section)],
);

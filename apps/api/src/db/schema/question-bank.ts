import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { examFormats, levels, questionTypes } from './exams';

export const mediaKindEnum = pgEnum('media_kind', ['audio', 'image']);

/** An uploaded file: content-addressed in storage, typed by its bytes. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: mediaKindEnum('kind').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_organization_idx').on(table.organizationId, table.createdAt)],
);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A shared passage, audio, image and/or transcript with several sub-questions. */
export const questionGroups = pgTable(
  'question_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    formatId: uuid('format_id')
      .notNull()
      .references(() => examFormats.id, { onDelete: 'restrict' }),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    passage: text('passage'),
    transcript: text('transcript'),
    audioId: uuid('audio_id').references(() => media.id, { onDelete: 'set null' }),
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    sourceNote: text('source_note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('question_groups_owner_format_idx').on(table.organizationId, table.formatId, table.createdAt),
  ],
);

export interface QuestionOption {
  key: string;
  content: string;
}

/** One question: alone (group_id null) or a sub-question of a group. */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => questionGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    formatId: uuid('format_id')
      .notNull()
      .references(() => examFormats.id, { onDelete: 'restrict' }),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    questionTypeId: uuid('question_type_id')
      .notNull()
      .references(() => questionTypes.id, { onDelete: 'restrict' }),
    stem: text('stem').notNull(),
    stemText: text('stem_text').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default(sql`'[]'::jsonb`),
    items: jsonb('items').$type<QuestionOption[]>().notNull().default(sql`'[]'::jsonb`),
    answer: jsonb('answer').$type<unknown>(),
    explanationVi: text('explanation_vi'),
    explanationEn: text('explanation_en'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    sourceNote: text('source_note'),
    audioId: uuid('audio_id').references(() => media.id, { onDelete: 'set null' }),
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    // The bank list (single questions, newest first) straight from an index. `organization_id IS NULL`
    // is no equality for the planner, so the platform's list has an index of its own.
    index('questions_platform_list_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.groupId} is null and ${table.organizationId} is null`),
    index('questions_owner_list_idx')
      .on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.groupId} is null`),
    index('questions_format_list_idx')
      .on(table.formatId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.groupId} is null`),
    // Substring search in the bank (ILIKE '%…%'), needs the pg_trgm extension.
    index('questions_stem_trgm_idx').using('gin', sql`${table.stemText} gin_trgm_ops`),
    index('questions_level_idx').on(table.levelId),
    index('questions_type_idx').on(table.questionTypeId),
    index('questions_group_idx').on(table.groupId, table.position),
    index('questions_tags_idx').using('gin', table.tags),
    uniqueIndex('questions_group_position_key')
      .on(table.groupId, table.position)
      .where(sql`${table.groupId} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { media } from './question-bank';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A vocabulary topic (e.g. "TOEIC: office"), in both languages. */
export const vocabularyTopics = pgTable(
  'vocabulary_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionVi: text('description_vi').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** CEFR code: A1 … C2. */
    level: text('level').notNull(),
    /** toeic | ielts | general */
    exam: text('exam').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('vocabulary_topics_slug_key').on(table.slug),
    index('vocabulary_topics_public_idx').on(table.published, table.position),
  ],
);

export interface VocabularyExample {
  en: string;
  vi: string;
}

/** A word; it may belong to several topics. */
export const vocabularyWords = pgTable(
  'vocabulary_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    headword: text('headword').notNull(),
    partOfSpeech: text('part_of_speech').notNull(),
    ipa: text('ipa').notNull().default(''),
    meaningVi: text('meaning_vi').notNull(),
    definitionEn: text('definition_en').notNull(),
    examples: jsonb('examples').$type<VocabularyExample[]>().notNull().default([]),
    level: text('level').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The author's picture of the word (platform media). */
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    /** The author's recording of the word: played instead of the synthesized audio. */
    audioId: uuid('audio_id').references(() => media.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('vocabulary_words_headword_pos_key').on(sql`lower(${table.headword})`, table.partOfSpeech),
  ],
);

export const vocabularyTopicWords = pgTable(
  'vocabulary_topic_words',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => vocabularyTopics.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => vocabularyWords.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.wordId] }),
    index('vocabulary_topic_words_word_idx').on(table.wordId),
  ],
);

/**
 * A learner's flashcard: the FSRS memory state of one word for one learner (ts-fsrs `Card`).
 * state: 0 new, 1 learning, 2 review, 3 relearning.
 */
export const vocabularyCards = pgTable(
  'vocabulary_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => vocabularyWords.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(0),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vocabulary_cards_user_word_key').on(table.userId, table.wordId),
    // "Next due cards": the learner's cards already seen, by due date.
    index('vocabulary_cards_due_idx').on(table.userId, table.due).where(sql`${table.state} <> 0`),
    // New cards in the order they were added.
    index('vocabulary_cards_new_idx').on(table.userId, table.createdAt).where(sql`${table.state} = 0`),
  ],
);

/** The card's FSRS fields as they were, kept in each review log so a rating can be undone. */
export interface CardSnapshot {
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
}

/** One rating: enough to replay the schedule or optimise a learner's FSRS parameters later. */
export const vocabularyReviewLogs = pgTable(
  'vocabulary_review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => vocabularyCards.id, { onDelete: 'cascade' }),
    /** 1 again, 2 hard, 3 good, 4 easy */
    rating: smallint('rating').notNull(),
    stateBefore: smallint('state_before').notNull(),
    stateAfter: smallint('state_after').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    dueAfter: timestamp('due_after', { withTimezone: true }).notNull(),
    desiredRetention: real('desired_retention').notNull(),
    cardBefore: jsonb('card_before').$type<CardSnapshot>().notNull(),
    /** The client's id for the rating (offline journal): the same id twice is recorded once. */
    clientId: uuid('client_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vocabulary_review_logs_user_idx').on(table.userId, table.reviewedAt),
    index('vocabulary_review_logs_card_idx').on(table.cardId, table.reviewedAt),
    uniqueIndex('vocabulary_review_logs_client_key').on(table.userId, table.clientId),
  ],
);

/** A learner's review settings. */
export const vocabularySettings = pgTable('vocabulary_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  desiredRetention: real('desired_retention').notNull().default(0.9),
  newCardsPerDay: integer('new_cards_per_day').notNull().default(20),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

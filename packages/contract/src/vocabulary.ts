import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { isoDateTime, optionalSlug, requiredText } from './fields';
import { VALIDATION_KEYS } from './validation';
import { CEFR_LEVELS, VOCABULARY_EXAMS } from './vocabulary-constants';

const cefr = z.enum(CEFR_LEVELS, { error: VALIDATION_KEYS.invalid });

// ---------------------------------------------------------------- topics

export const vocabularyTopicBodySchema = z.object({
  name_vi: requiredText(120),
  name_en: requiredText(120),
  slug: optionalSlug(80),
  description_vi: z.string().trim().max(1000, { error: VALIDATION_KEYS.maxLength }).default(''),
  description_en: z.string().trim().max(1000, { error: VALIDATION_KEYS.maxLength }).default(''),
  level: cefr,
  exam: z.enum(VOCABULARY_EXAMS, { error: VALIDATION_KEYS.invalid }),
  position: z.coerce.number().int().min(0).max(10_000).default(0),
  published: z.boolean().default(false),
});

export const vocabularyTopicSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name_vi: z.string(),
  name_en: z.string(),
  description_vi: z.string(),
  description_en: z.string(),
  level: z.string(),
  exam: z.string(),
  position: z.number(),
  published: z.boolean(),
  word_count: z.number(),
});

export const vocabularyTopicListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  level: z.enum(CEFR_LEVELS).optional(),
  exam: z.enum(VOCABULARY_EXAMS).optional(),
});

// ---------------------------------------------------------------- words

export const vocabularyExampleSchema = z.object({
  en: requiredText(300),
  vi: requiredText(300),
});

export const vocabularyWordBodySchema = z.object({
  headword: requiredText(80),
  part_of_speech: requiredText(30),
  ipa: z.string().trim().max(80, { error: VALIDATION_KEYS.maxLength }).default(''),
  meaning_vi: requiredText(300),
  definition_en: requiredText(500),
  examples: z.array(vocabularyExampleSchema).max(5, { error: VALIDATION_KEYS.invalid }).default([]),
  level: cefr,
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  topic_ids: z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
    .max(50)
    .default([]),
  /** The author's picture (an image uploaded to the platform's media); none when absent. */
  image_id: z
    .uuid({ error: VALIDATION_KEYS.invalid })
    .nullish()
    .transform((value) => value ?? null),
  /** The author's recording of the word (platform audio): played instead of the synthesized voice. */
  audio_id: z
    .uuid({ error: VALIDATION_KEYS.invalid })
    .nullish()
    .transform((value) => value ?? null),
});

export const vocabularyWordSchema = z.object({
  id: z.string(),
  headword: z.string(),
  part_of_speech: z.string(),
  ipa: z.string(),
  meaning_vi: z.string(),
  definition_en: z.string(),
  examples: z.array(z.object({ en: z.string(), vi: z.string() })),
  level: z.string(),
  tags: z.array(z.string()),
  image_id: z.string().nullable(),
  /** `/api/media/{id}`; null without a picture. */
  image_url: z.string().nullable(),
  audio_id: z.string().nullable(),
  /** The author's recording (`/api/media/{id}`); null when the word is spoken by the synthesizer. */
  audio_url: z.string().nullable(),
  topic_ids: z.array(z.string()),
});

export const vocabularyWordListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  level: z.enum(CEFR_LEVELS).optional(),
  topic_id: z.uuid().optional(),
});

/** GET /admin/vocabulary-suggestions: what WordNet and eSpeak NG offer for a headword (issue 17). */
export const wordSuggestionQuerySchema = z.object({ headword: requiredText(80) });
export const wordSuggestionSchema = z.object({
  headword: z.string(),
  /** eSpeak NG's American pronunciation, between slashes; empty when it has none. */
  ipa: z.string(),
  senses: z.array(
    z.object({
      part_of_speech: z.string(),
      definition: z.string(),
      examples: z.array(z.string()),
      synonyms: z.array(z.string()),
    }),
  ),
});
export type WordSuggestion = z.infer<typeof wordSuggestionSchema>;

/** GET /admin/vocabulary-speech: an author hears a headword or a sentence before saving it. */
export const speechQuerySchema = z.object({ text: requiredText(300) });
/** GET /public/vocabulary/words/{id}/audio: the headword, or one of its example sentences. */
export const wordAudioQuerySchema = z.object({
  example: z.coerce.number().int().min(0).max(4).optional(),
});

// ---------------------------------------------------------------- public

export const publicVocabularyTopicSchema = vocabularyTopicSchema.omit({ published: true, position: true });
export const publicVocabularyTopicDetailSchema = publicVocabularyTopicSchema.extend({
  words: z.array(vocabularyWordSchema.omit({ topic_ids: true })),
});

// ---------------------------------------------------------------- learner cards and reviews

export const reviewIntervalSchema = z.object({
  rating: z.number(),
  due: z.string(),
  /** Minutes until the card is due again if given this rating. */
  interval_minutes: z.number(),
});

export const vocabularyCardSchema = z.object({
  id: z.string(),
  word: vocabularyWordSchema.omit({ topic_ids: true }),
  state: z.number(),
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number(),
  lapses: z.number(),
  last_review: z.string().nullable(),
  created_at: z.string(),
});

export const reviewCardSchema = vocabularyCardSchema.extend({ intervals: z.array(reviewIntervalSchema) });

export const reviewQueueSchema = z.object({
  /** Cards already seen and due now. */
  due_count: z.number(),
  /** New cards the learner may still start today (daily limit minus new cards started today). */
  new_available: z.number(),
  new_studied_today: z.number(),
  new_cards_per_day: z.number(),
  cards: z.array(reviewCardSchema),
});

export const reviewBodySchema = z.object({
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: VALIDATION_KEYS.invalid,
  }),
  /** The client's id for this rating (offline journal): sending it again records nothing new. */
  client_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  /** When the learner rated offline; the server's time when missing. Never after the server's now. */
  reviewed_at: isoDateTime(VALIDATION_KEYS.invalid).optional(),
});

export const reviewResultSchema = z.object({
  card: vocabularyCardSchema,
  log_id: z.string(),
  duplicate: z.boolean(),
});

export const addCardBodySchema = z.object({ word_id: z.uuid({ error: VALIDATION_KEYS.invalid }) });

export const myCardsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  state: z.enum(['new', 'learning', 'review', 'relearning']).optional(),
  /** Only the cards of words in this topic (by slug). */
  topic: z.string().trim().max(200).optional(),
});

export const vocabularySettingsSchema = z.object({
  desired_retention: z.number(),
  new_cards_per_day: z.number(),
});

export const vocabularySettingsBodySchema = z.object({
  desired_retention: z.coerce
    .number({ error: VALIDATION_KEYS.invalid })
    .min(0.7, { error: 'vocabulary.retention_range' })
    .max(0.97, { error: 'vocabulary.retention_range' }),
  new_cards_per_day: z.coerce
    .number({ error: VALIDATION_KEYS.invalid })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(0, { error: 'vocabulary.new_cards_range' })
    .max(200, { error: 'vocabulary.new_cards_range' }),
});

export const vocabularyStatsSchema = z.object({
  total_cards: z.number(),
  due_today: z.number(),
  learnt: z.number(),
  reviews_today: z.number(),
  streak_days: z.number(),
  /** Share of reviews of cards already in review that were not "again", over the last 30 days. */
  retention_30d: z.number().nullable(),
  desired_retention: z.number(),
  /** Cards due on each of the next 14 days (Vietnam calendar dates; today includes overdue ones). */
  forecast: z.array(z.object({ date: z.string(), count: z.number() })),
});

export type VocabularyTopic = z.infer<typeof vocabularyTopicSchema>;
export type VocabularyTopicBody = z.input<typeof vocabularyTopicBodySchema>;
export type VocabularyWord = z.infer<typeof vocabularyWordSchema>;
export type VocabularyWordBody = z.input<typeof vocabularyWordBodySchema>;
export type PublicVocabularyTopic = z.infer<typeof publicVocabularyTopicSchema>;
export type PublicVocabularyTopicDetail = z.infer<typeof publicVocabularyTopicDetailSchema>;
export type VocabularyCard = z.infer<typeof vocabularyCardSchema>;
export type ReviewCard = z.infer<typeof reviewCardSchema>;
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
export type VocabularySettings = z.infer<typeof vocabularySettingsSchema>;
export type VocabularyStats = z.infer<typeof vocabularyStatsSchema>;

// ---------------------------------------------------------------- import and export

/** The columns of the word file (import, export and template share them). */
export const WORD_FILE_COLUMNS = [
  'headword',
  'part_of_speech',
  'ipa',
  'meaning_vi',
  'definition_en',
  'example_en',
  'example_vi',
  'level',
  'tags',
  'topics',
] as const;
export const WORD_IMPORT_MAX_ROWS = 2000;

export const VOCABULARY_IMPORT_KEYS = {
  unreadable: 'vocabulary.import_unreadable',
  header: 'vocabulary.import_header',
  empty: 'vocabulary.import_empty',
  tooMany: 'vocabulary.import_too_many',
  duplicate: 'vocabulary.import_duplicate',
} as const;

export const wordImportRowSchema = z.object({
  row: z.number(),
  headword: z.string(),
  part_of_speech: z.string(),
  meaning_vi: z.string(),
  level: z.string(),
  topics: z.array(z.string()),
  /** `create` a new word or `update` the existing one with the same headword and part of speech. */
  action: z.enum(['create', 'update']),
  /** Column → message key. */
  errors: z.record(z.string(), z.string()),
});

export const wordImportPreviewSchema = z.object({
  rows: z.array(wordImportRowSchema),
  valid_count: z.number(),
  error_count: z.number(),
});

export const wordImportResultSchema = z.object({ created: z.number(), updated: z.number() });

export type WordImportRow = z.infer<typeof wordImportRowSchema>;
export type WordImportPreview = z.infer<typeof wordImportPreviewSchema>;
export type WordImportResult = z.infer<typeof wordImportResultSchema>;

/** A word of the vocabulary found in the questions a learner missed in one result ("add to my words"). */
export const resultWordSchema = z.object({
  word: vocabularyWordSchema.pick({
    id: true,
    headword: true,
    part_of_speech: true,
    ipa: true,
    meaning_vi: true,
    definition_en: true,
    level: true,
  }),
  /** The numbers of the missed questions (or of their passage's questions) that use it. */
  questions: z.array(z.number().int()),
  in_my_words: z.boolean(),
});
export type ResultWord = z.infer<typeof resultWordSchema>;

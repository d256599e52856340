/** Vocabulary constants without zod: public pages import these without bringing the schemas. */
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const VOCABULARY_EXAMS = ['toeic', 'ielts', 'general'] as const;
/** FSRS ratings as ts-fsrs numbers them. */
export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export const RATING_NAMES = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' } as const;
/** FSRS card states as ts-fsrs numbers them. */
export const CARD_STATES = { 0: 'new', 1: 'learning', 2: 'review', 3: 'relearning' } as const;

export type CefrLevel = (typeof CEFR_LEVELS)[number];
export type VocabularyExam = (typeof VOCABULARY_EXAMS)[number];
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

export const VOCABULARY_KEYS = {
  slugTaken: 'vocabulary.slug_taken',
  wordTaken: 'vocabulary.word_taken',
  unknownTopic: 'vocabulary.unknown_topic',
  nothingToUndo: 'vocabulary.nothing_to_undo',
  mediaNotImage: 'vocabulary.media_not_image',
  mediaNotAudio: 'vocabulary.media_not_audio',
  mediaUnknown: 'vocabulary.media_unknown',
} as const;

import { z } from 'zod';
import { IMAGE_WIDTHS } from './constants';
import { pageQuerySchema } from './envelope';
import { ANSWER_KINDS, type AnswerKind } from './exam-structure';
import { optionalText as optionalRichText, requiredText as richText } from './fields';
import { RUBRIC_IDS } from './rubrics';
import { VALIDATION_KEYS } from './validation';

export const QUESTION_KEYS = {
  answerShape: 'question.answer_invalid',
  answerUnknownOption: 'question.answer_unknown_option',
  optionsRequired: 'question.options_required',
  optionKeysUnique: 'question.option_keys_unique',
  itemsRequired: 'question.items_required',
  typeNotAllowed: 'question.type_not_allowed',
  unknownMedia: 'question.unknown_media',
  wrongMediaKind: 'question.wrong_media_kind',
  questionsRequired: 'question.group_needs_questions',
  mediaTooLarge: 'media.too_large',
  mediaUnsupported: 'media.unsupported_type',
  usedInTests: 'question.used_in_tests',
  editThroughGroup: 'question.edit_through_group',
} as const;

/**
 * A picture of another site in an organization's rich text is fetched into its media when saved (issue 26);
 * when it cannot be, the field is refused with one of these.
 */
export const REMOTE_IMAGE_KEYS = {
  /** Not https, or a private or reserved address. */
  refused: 'media.remote_image_refused',
  /** The site did not give the picture (error, redirect, timeout). */
  unavailable: 'media.remote_image_unavailable',
  tooLarge: 'media.remote_image_too_large',
  notAnImage: 'media.remote_image_not_image',
} as const;

export const optionSchema = z.object({
  key: z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(8, { error: VALIDATION_KEYS.maxLength }),
  content: z.string().trim().max(5000, { error: VALIDATION_KEYS.maxLength }),
});

const tags = z
  .array(z.string().trim().min(1).max(40))
  .max(20)
  .default([])
  .transform((list) => [...new Set(list.map((tag) => tag.toLowerCase()))]);

/** How the prompt of a speaking question reaches the learner: read aloud (its audio) or shown as text. */
export const SPEAKING_PROMPT_MODES = ['audio', 'text'] as const;
export const SPEAKING_LIMITS = {
  /** Preparation before recording, in seconds (IELTS Part 2: 60). */
  maxPreparationSeconds: 600,
  minSpeakingSeconds: 5,
  /** Speaking time, in seconds (IELTS Part 2: up to 120). */
  maxSpeakingSeconds: 600,
  maxCueCard: 2000,
} as const;

export const SPEAKING_KEYS = {
  /** Read aloud needs the question's audio. */
  audioRequired: 'question.speaking_audio_required',
  preparationRange: 'question.speaking_preparation_range',
  speakingRange: 'question.speaking_time_range',
} as const;

/**
 * How much an essay's or a spoken answer's band counts in its skill's band (issue 28): IELTS Writing Task 2
 * counts twice as much as Task 1. A whole number from 1 to 3; none is 1.
 */
export const BAND_WEIGHT = { min: 1, max: 3, default: 1 } as const;
export const BAND_WEIGHT_KEY = 'question.band_weight_range';
const bandWeight = z
  .number({ error: BAND_WEIGHT_KEY })
  .int({ error: BAND_WEIGHT_KEY })
  .min(BAND_WEIGHT.min, { error: BAND_WEIGHT_KEY })
  .max(BAND_WEIGHT.max, { error: BAND_WEIGHT_KEY })
  .optional();

/** The band weight of an essay's or spoken answer's settings (its `answer`): 1 when none is set. */
export function bandWeightOf(answer: unknown): number {
  const weight = (answer as { band_weight?: unknown } | null | undefined)?.band_weight;
  return bandWeight.safeParse(weight).data ?? BAND_WEIGHT.default;
}

/**
 * A speaking question's settings, stored as its `answer` (a spoken response has no correct answer): the
 * preparation and speaking times and how the prompt is given, with an optional cue card (IELTS Part 2).
 * Frozen with a test's version like any answer, and shown to the learner in the paper (`speaking`).
 */
export const speakingSettingsSchema = z.object({
  preparation_seconds: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: SPEAKING_KEYS.preparationRange })
    .min(0, { error: SPEAKING_KEYS.preparationRange })
    .max(SPEAKING_LIMITS.maxPreparationSeconds, { error: SPEAKING_KEYS.preparationRange }),
  speaking_seconds: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: SPEAKING_KEYS.speakingRange })
    .min(SPEAKING_LIMITS.minSpeakingSeconds, { error: SPEAKING_KEYS.speakingRange })
    .max(SPEAKING_LIMITS.maxSpeakingSeconds, { error: SPEAKING_KEYS.speakingRange }),
  prompt_mode: z.enum(SPEAKING_PROMPT_MODES, { error: VALIDATION_KEYS.required }),
  cue_card: z
    .string({ error: VALIDATION_KEYS.invalid })
    .trim()
    .max(SPEAKING_LIMITS.maxCueCard, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => (value ? value : null)),
  // The rubric a teacher marks the recording on (issue 28), as an essay's; none is the generic rubric.
  rubric: z.enum(RUBRIC_IDS, { error: VALIDATION_KEYS.invalid }).optional(),
  band_weight: bandWeight,
});
export type SpeakingSettings = z.infer<typeof speakingSettingsSchema>;
/** The settings as the paper shows them (the stored, parsed form). */
export const paperSpeakingSchema = z
  .object({
    preparation_seconds: z.number().int(),
    speaking_seconds: z.number().int(),
    prompt_mode: z.enum(SPEAKING_PROMPT_MODES),
    cue_card: z.string().nullable(),
  })
  .meta({ id: 'SpeakingSettings' });

/** The correct answer of each answer kind. */
export const answerShapes = {
  // `keep_order`: the options stay in the author's order when an assignment shuffles options (issue 29),
  // e.g. numbers, dates or "All of the above" (which also stays last by itself).
  single_choice: z.object({ key: z.string().min(1), keep_order: z.boolean().optional() }),
  multiple_choice: z.object({ keys: z.array(z.string().min(1)).min(1), keep_order: z.boolean().optional() }),
  true_false_not_given: z.object({ value: z.enum(['true', 'false', 'not_given']) }),
  gap_fill: z.object({ accepted: z.array(z.string().trim().min(1).max(200)).min(1).max(20) }),
  short_answer: z.object({ accepted: z.array(z.string().trim().min(1).max(200)).min(1).max(20) }),
  matching: z.object({ pairs: z.record(z.string(), z.string()) }),
  ordering: z.object({ order: z.array(z.string().min(1)).min(2) }),
  // The rubric the author marks the essay on (issue 28; none is the generic rubric of issue 15) and the
  // minimum word count the runner shows (IELTS Writing: 150 for Task 1, 250 for Task 2), and how much its
  // band counts in the Writing band (`band_weight`: IELTS Task 2 counts twice as much as Task 1).
  essay: z
    .object({
      guidance: z.string().max(5000).optional(),
      rubric: z.enum(RUBRIC_IDS).optional(),
      min_words: z.number().int().min(1).max(5000).optional(),
      band_weight: bandWeight,
    })
    .nullable(),
  speaking: speakingSettingsSchema,
} satisfies Record<AnswerKind, z.ZodType>;

export type AnswerOf<K extends AnswerKind> = z.infer<(typeof answerShapes)[K]>;

const mediaId = z
  .uuid({ error: QUESTION_KEYS.unknownMedia })
  .nullish()
  .transform((value) => value ?? null);

const questionFields = {
  level_id: z
    .uuid({ error: VALIDATION_KEYS.invalid })
    .nullish()
    .transform((value) => value ?? null),
  question_type_id: z.uuid({ error: VALIDATION_KEYS.required }),
  stem: richText(20_000),
  options: z.array(optionSchema).max(12).default([]),
  items: z.array(optionSchema).max(30).default([]),
  answer: z.unknown(),
  explanation_vi: optionalRichText(20_000),
  explanation_en: optionalRichText(20_000),
  tags,
  source_note: optionalRichText(500),
  audio_id: mediaId,
  image_id: mediaId,
};

export const questionBodySchema = z.object({
  format_id: z.uuid({ error: VALIDATION_KEYS.required }),
  ...questionFields,
});
export const groupQuestionBodySchema = z.object({ id: z.uuid().optional(), ...questionFields });

export const questionGroupBodySchema = z.object({
  format_id: z.uuid({ error: VALIDATION_KEYS.required }),
  level_id: questionFields.level_id,
  title: richText(300),
  passage: optionalRichText(100_000),
  transcript: optionalRichText(100_000),
  audio_id: mediaId,
  image_id: mediaId,
  tags,
  source_note: questionFields.source_note,
  questions: z.array(groupQuestionBodySchema).min(1, { error: QUESTION_KEYS.questionsRequired }).max(30),
});

export const mediaSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['audio', 'image']),
    mime: z.string(),
    size_bytes: z.number().int(),
    url: z.string(),
    original_name: z.string().nullable(),
  })
  .meta({ id: 'Media' });

export const mediaQuerySchema = z.object({
  /** One of IMAGE_WIDTHS: the picture resized to it (never enlarged) as WebP; ignored for audio. */
  w: z.coerce.number().pipe(z.literal(IMAGE_WIDTHS)).optional(),
});

export const questionSchema = z
  .object({
    id: z.string(),
    group_id: z.string().nullable(),
    position: z.number().int(),
    format: z.object({ id: z.string(), name: z.string(), exam_name: z.string() }),
    level: z.object({ id: z.string(), code: z.string() }).nullable(),
    question_type: z.object({ id: z.string(), name: z.string(), answer_kind: z.enum(ANSWER_KINDS) }),
    stem: z.string(),
    options: z.array(optionSchema),
    items: z.array(optionSchema),
    answer: z.unknown(),
    explanation_vi: z.string().nullable(),
    explanation_en: z.string().nullable(),
    tags: z.array(z.string()),
    source_note: z.string().nullable(),
    audio: mediaSchema.nullable(),
    image: mediaSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Question' });

export const questionGroupSchema = z
  .object({
    id: z.string(),
    format: questionSchema.shape.format,
    level: questionSchema.shape.level,
    title: z.string(),
    passage: z.string().nullable(),
    transcript: z.string().nullable(),
    audio: mediaSchema.nullable(),
    image: mediaSchema.nullable(),
    tags: z.array(z.string()),
    source_note: z.string().nullable(),
    questions: z.array(questionSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'QuestionGroup' });

export const questionListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  format_id: z.uuid().optional(),
  exam_id: z.uuid().optional(),
  level_id: z.uuid().optional(),
  question_type_id: z.uuid().optional(),
  tag: z.string().trim().max(40).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});

export const questionGroupListItemSchema = questionGroupSchema
  .omit({ questions: true, passage: true, transcript: true })
  .extend({ question_count: z.number().int() });

export type Question = z.infer<typeof questionSchema>;
export type QuestionGroup = z.infer<typeof questionGroupSchema>;
export type QuestionBody = z.input<typeof questionBodySchema>;
export type QuestionGroupBody = z.input<typeof questionGroupBodySchema>;
export type Media = z.infer<typeof mediaSchema>;

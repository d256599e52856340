import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import type { AnswerKind } from './exam-structure';
import { optionalText, requiredText } from './fields';
import { questionBodySchema, questionSchema } from './question-bank';
import { VALIDATION_KEYS } from './validation';

/** What a generation job writes; each task gives questions of one answer kind. */
export const AI_TASKS = [
  'word_form',
  'vocabulary',
  'synonym',
  'antonym',
  'sentence_order',
  'reading',
  'collocation',
  'cloze',
  'listening',
] as const;
export type AiTask = (typeof AI_TASKS)[number];
export const AI_TASK_KINDS: Record<AiTask, AnswerKind> = {
  word_form: 'single_choice',
  vocabulary: 'single_choice',
  synonym: 'single_choice',
  antonym: 'single_choice',
  sentence_order: 'ordering',
  reading: 'single_choice',
  collocation: 'single_choice',
  cloze: 'single_choice',
  listening: 'single_choice',
};
/**
 * Tasks whose questions share a passage, approved together as one group (passage + questions): reading
 * (about the job's source text), cloze (the passage with numbered gaps, one question per gap) and
 * listening (a conversation or talk script the provider writes first, then its questions).
 */
export const AI_GROUP_TASKS: readonly AiTask[] = ['reading', 'cloze', 'listening'];
/** A listening script carries at most this many questions (TOEIC Parts 3 and 4 ask three). */
export const AI_LISTENING_QUESTIONS_MAX = 4;

/** One line of a listening script: who speaks ("Woman", "Man", "Speaker") and what they say. */
export const aiScriptLineSchema = z.object({ speaker: z.string(), text: z.string() });
export type AiScriptLine = z.infer<typeof aiScriptLineSchema>;
/** A cloze passage has at most this many gaps (TOEIC Part 6 has four per text). */
export const AI_CLOZE_GAPS_MAX = 12;

export const AI_PROVIDERS = ['builtin', 'openai_compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const AI_JOB_STATUSES = ['queued', 'running', 'finished', 'cancelled'] as const;
export const AI_DRAFT_STATUSES = [
  'queued',
  'failed',
  'cancelled',
  'pending_review',
  'approved',
  'rejected',
] as const;
export type AiDraftStatus = (typeof AI_DRAFT_STATUSES)[number];

export const AI_KEYS = {
  providerNotConfigured: 'ai.provider_not_configured',
  notReviewable: 'ai.draft_not_reviewable',
  notCancellable: 'ai.job_not_cancellable',
  nothingToRetry: 'ai.nothing_to_retry',
  taskNotAllowed: 'ai.task_not_allowed',
  sourceTextRequired: 'ai.source_text_required',
  nothingToGroup: 'ai.nothing_to_group',
  notAGroupTask: 'ai.not_a_group_task',
  vocabularyTopicUnavailable: 'ai.vocabulary_topic_unavailable',
  clozeTooManyGaps: 'ai.cloze_too_many_gaps',
  clozeNotEnoughGaps: 'ai.cloze_not_enough_gaps',
  listeningTooManyQuestions: 'ai.listening_too_many_questions',
  listeningWritesItsScript: 'ai.listening_writes_its_script',
} as const;

export const AI_JOB_COUNT_MAX = 50;

export const aiJobBodySchema = z
  .object({
    format_id: z.uuid({ error: VALIDATION_KEYS.required }),
    level_id: z
      .uuid({ error: VALIDATION_KEYS.invalid })
      .nullish()
      .transform((value) => value ?? null),
    task: z.enum(AI_TASKS, { error: VALIDATION_KEYS.required }),
    count: z.coerce
      .number({ error: VALIDATION_KEYS.required })
      .int({ error: VALIDATION_KEYS.invalid })
      .min(1, { error: VALIDATION_KEYS.invalid })
      .max(AI_JOB_COUNT_MAX, { error: 'ai.count_too_large' }),
    topic: optionalText(200),
    source_text: optionalText(20_000),
    /** A published vocabulary topic: its words are the word list the questions are written from. */
    vocabulary_topic_id: z
      .uuid({ error: VALIDATION_KEYS.invalid })
      .nullish()
      .transform((value) => value ?? null),
    explanation_language: z.enum(['vi', 'en']).default('vi'),
    provider: z.enum(AI_PROVIDERS, { error: VALIDATION_KEYS.required }),
    /** The built-in generator's seed: the same seed gives the same questions. Random when absent. */
    seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  })
  .superRefine((body, context) => {
    // Reading questions are about a text: the author gives it.
    if (body.task === 'reading' && !body.source_text)
      context.addIssue({ code: 'custom', path: ['source_text'], message: AI_KEYS.sourceTextRequired });
    if (body.task === 'cloze' && body.count > AI_CLOZE_GAPS_MAX)
      context.addIssue({ code: 'custom', path: ['count'], message: AI_KEYS.clozeTooManyGaps });
    if (body.task === 'listening' && body.count > AI_LISTENING_QUESTIONS_MAX)
      context.addIssue({ code: 'custom', path: ['count'], message: AI_KEYS.listeningTooManyQuestions });
    // The script is the provider's first step; a listening job takes no text.
    if (body.task === 'listening' && body.source_text)
      context.addIssue({ code: 'custom', path: ['source_text'], message: AI_KEYS.listeningWritesItsScript });
  });
export type AiJobBody = z.input<typeof aiJobBodySchema>;
export type AiJobInput = z.output<typeof aiJobBodySchema>;

const person = z.object({ id: z.string(), full_name: z.string() }).nullable();

export const aiProgressSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

export const aiJobSchema = z
  .object({
    id: z.string(),
    format: z.object({ id: z.string(), name: z.string(), exam_name: z.string() }),
    level: z.object({ id: z.string(), code: z.string() }).nullable(),
    task: z.enum(AI_TASKS),
    count: z.number().int(),
    topic: z.string().nullable(),
    source_text: z.string().nullable(),
    vocabulary_topic: z.object({ id: z.string(), name_vi: z.string(), name_en: z.string() }).nullable(),
    /** A cloze job's passage with its numbered gaps. */
    cloze_passage: z.string().nullable(),
    /** A listening job's script, once written (the first step of the job). */
    listening_script: z
      .object({
        kind: z.enum(['conversation', 'talk']),
        lines: z.array(aiScriptLineSchema),
        /** The script spoken by the offline synthesizer, when it could be made (it becomes the group's audio). */
        audio_url: z.string().nullable(),
      })
      .nullable(),
    explanation_language: z.enum(['vi', 'en']),
    provider: z.enum(AI_PROVIDERS),
    model: z.string(),
    seed: z.number().int(),
    status: z.enum(AI_JOB_STATUSES),
    progress: aiProgressSchema,
    created_by: person,
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'AiGenerationJob' });
export type AiJob = z.infer<typeof aiJobSchema>;

export const aiJobListQuerySchema = pageQuerySchema.extend({
  /** In the topic. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(AI_JOB_STATUSES).optional(),
});

/** The checks shown before approval; `ok: false` is a warning to the reviewer, not a refusal. */
export const aiCheckSchema = z.object({
  code: z.enum(['single_key', 'key_not_in_stem', 'no_duplicate', 'option_lengths', 'readability']),
  ok: z.boolean(),
  /** Extra figures for the message (e.g. the similar bank question's text, a similarity). */
  detail: z.string().nullable(),
  /** Values the message names (readability: `ease`, `level`, `min`, `max`). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** A draft's question as the API answers it: {@link questionBodySchema}'s saved (parsed) form. */
const draftQuestionSchema = z.object({
  format_id: z.string(),
  level_id: z.string().nullable(),
  question_type_id: z.string(),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), content: z.string() })),
  items: z.array(z.object({ key: z.string(), content: z.string() })),
  answer: z.unknown(),
  explanation_vi: z.string().nullable(),
  explanation_en: z.string().nullable(),
  tags: z.array(z.string()),
  source_note: z.string().nullable(),
  audio_id: z.string().nullable(),
  image_id: z.string().nullable(),
});

export const aiDraftSchema = z
  .object({
    id: z.string(),
    job_id: z.string(),
    position: z.number().int(),
    status: z.enum(AI_DRAFT_STATUSES),
    task: z.enum(AI_TASKS),
    /** The question as the bank's form edits it (null while queued or after a failure). */
    question: draftQuestionSchema.nullable(),
    answer_kind: z.string().nullable(),
    format: questionSchema.shape.format,
    level: questionSchema.shape.level,
    error: z.string().nullable(),
    attempts: z.number().int(),
    prompt: z.string().nullable(),
    provider: z.enum(AI_PROVIDERS),
    model: z.string(),
    reject_reason: z.string().nullable(),
    question_id: z.string().nullable(),
    generated_by: person,
    edited_by: person,
    edited_at: z.string().nullable(),
    reviewed_by: person,
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
    checks: z.array(aiCheckSchema),
  })
  .meta({ id: 'AiDraft' });
export type AiDraft = z.infer<typeof aiDraftSchema>;

export const aiDraftListQuerySchema = pageQuerySchema.extend({
  /** In the question's text. */
  search: z.string().trim().max(200).optional(),
  job_id: z.uuid().optional(),
  status: z.enum(AI_DRAFT_STATUSES).optional(),
  task: z.enum(AI_TASKS).optional(),
  level_id: z.uuid().optional(),
});

export const aiDraftBodySchema = questionBodySchema.omit({ format_id: true });
export const aiRejectBodySchema = z.object({ reason: requiredText(500) });
/** Approve or reject several drafts at once (1–100, all the caller's; the reason is needed to reject). */
export const aiDraftBulkBodySchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(100),
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'reject' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: VALIDATION_KEYS.required });
  });
export type AiDraftBulkBody = z.infer<typeof aiDraftBulkBodySchema>;
/** How many drafts changed; `skipped` were no longer waiting for review. */
export const aiDraftBulkResultSchema = z.object({
  action: z.enum(['approve', 'reject']),
  changed: z.number().int(),
  skipped: z.number().int(),
});
/** A reading job's drafts waiting for review become one question group under this title. */
export const aiGroupBodySchema = z.object({ title: requiredText(300) });
export const aiGroupResultSchema = z.object({ group_id: z.string(), questions: z.number().int() });
export type AiGroupResult = z.infer<typeof aiGroupResultSchema>;

export const aiStatusSchema = z.object({
  /** The provider a new job uses when configured; the built-in generator is always there. */
  providers: z.array(z.object({ provider: z.enum(AI_PROVIDERS), model: z.string(), offline: z.boolean() })),
  /** Questions generated for the caller's organization (the platform's for admins). */
  usage: z.object({ generated: z.number().int(), this_month: z.number().int() }),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** A published vocabulary topic a job can take its word list from. */
export const aiVocabularyTopicSchema = z.object({
  id: z.string(),
  name_vi: z.string(),
  name_en: z.string(),
  level: z.string(),
  words: z.number().int(),
});
export type AiVocabularyTopic = z.infer<typeof aiVocabularyTopicSchema>;

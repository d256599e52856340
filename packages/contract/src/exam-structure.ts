import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { optionalSlug, optionalText, requiredText } from './fields';
import { VALIDATION_KEYS } from './validation';

const slug = optionalSlug(80);
const position = z.coerce.number().int().min(0).max(10_000).default(0);
const positiveInt = (max: number) =>
  z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(max, { error: VALIDATION_KEYS.invalid });

export const SKILLS = ['listening', 'reading', 'writing', 'speaking'] as const;
export const ANSWER_KINDS = [
  'single_choice',
  'multiple_choice',
  'true_false_not_given',
  'gap_fill',
  'matching',
  'ordering',
  'short_answer',
  'essay',
  /** A spoken response, recorded in the runner (issue 28); marked by a teacher like an essay. */
  'speaking',
] as const;
export const SCORING_RULES = ['all_or_nothing', 'partial', 'manual'] as const;
export const AUDIO_POLICIES = ['none', 'play_once', 'free'] as const;
export const POINT_METHODS = ['table', 'per_question'] as const;

export type Skill = (typeof SKILLS)[number];
export type AnswerKind = (typeof ANSWER_KINDS)[number];
/** The answer kinds a teacher marks (scoring rule `manual`). */
export const MANUAL_KINDS: readonly AnswerKind[] = ['essay', 'speaking'];

export const STRUCTURE_KEYS = {
  slugTaken: 'structure.slug_taken',
  codeTaken: 'structure.code_taken',
  nameTaken: 'structure.name_taken',
  essayIsManual: 'structure.essay_is_manual',
  tableRequired: 'structure.table_required',
  tableNotIncreasing: 'structure.table_not_increasing',
  /** The table lacks a row for 0 or for the section's question count, or has one above that count. */
  tableIncomplete: 'structure.table_incomplete',
  pointsRequired: 'structure.points_required',
  unknownQuestionType: 'structure.unknown_question_type',
  categoryHasExams: 'structure.category_has_exams',
  examHasParts: 'structure.exam_has_parts',
  partInUse: 'structure.part_in_use',
  levelInUse: 'structure.level_in_use',
  questionTypeInUse: 'structure.question_type_in_use',
  /** Params: `count`, the questions of that type. */
  answerKindInUse: 'structure.answer_kind_in_use',
  pointConfigInUse: 'structure.point_config_in_use',
} as const;

export const listQuerySchema = pageQuerySchema.extend({ search: z.string().trim().max(100).optional() });
/**
 * Levels and question types: `usable=true` (the pickers of an organization's portal) lists the
 * platform's rows next to the organization's own, as its questions and tests may use both; the
 * settings lists leave it out and show the organization's own. No effect in the admin.
 */
export const usableListQuerySchema = listQuerySchema.extend({
  usable: z
    .enum(['true', 'false'], { error: VALIDATION_KEYS.invalid })
    .optional()
    .transform((value) => value === 'true'),
});

// ---------------------------------------------------------------- levels

export const levelSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    /** The name shown in English mode; null: the Vietnamese name is shown there too. */
    name_en: z.string().nullable(),
    description: z.string().nullable(),
    position: z.number().int(),
  })
  .meta({ id: 'Level' });

export const levelBodySchema = z.object({
  code: z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(16, { error: VALIDATION_KEYS.maxLength })
    .regex(/^[A-Za-z0-9.+-]+$/, { error: VALIDATION_KEYS.invalid }),
  name: requiredText(80),
  name_en: optionalText(80),
  description: optionalText(500),
  position,
});

// ---------------------------------------------------------------- question types

export const questionTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The name shown in English mode; null: the Vietnamese name is shown there too. */
    name_en: z.string().nullable(),
    answer_kind: z.enum(ANSWER_KINDS),
    scoring_rule: z.enum(SCORING_RULES),
    description: z.string().nullable(),
    format_count: z.number().int(),
    /** An organization's own type: offered in every part its questions are written for. */
    own: z.boolean(),
  })
  .meta({ id: 'QuestionType' });

/**
 * The types a question of a part may have: the part's allow-list (all when empty) and, for an
 * organization, every type of its own (a part's allow-list names the platform's types).
 */
export function typesAllowedInPart<T extends { id: string; own: boolean }>(
  types: readonly T[],
  part: { allowed_question_type_ids: readonly string[] } | undefined,
): T[] {
  if (!part?.allowed_question_type_ids.length) return [...types];
  return types.filter((type) => type.own || part.allowed_question_type_ids.includes(type.id));
}

export const questionTypeBodySchema = z
  .object({
    name: requiredText(80),
    name_en: optionalText(80),
    answer_kind: z.enum(ANSWER_KINDS, { error: VALIDATION_KEYS.required }),
    scoring_rule: z.enum(SCORING_RULES, { error: VALIDATION_KEYS.required }),
    description: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (MANUAL_KINDS.includes(value.answer_kind) !== (value.scoring_rule === 'manual')) {
      ctx.addIssue({ code: 'custom', path: ['scoring_rule'], message: STRUCTURE_KEYS.essayIsManual });
    }
  });

// ---------------------------------------------------------------- categories, exams, formats

export const categorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    name_en: z.string().nullable(),
    slug: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    exam_count: z.number().int(),
    /** The caller may read but not change it: a platform category seen from an organization's portal. */
    read_only: z.boolean(),
  })
  .meta({ id: 'Category' });

export const categoryBodySchema = z.object({
  name: requiredText(120),
  name_en: optionalText(120),
  slug,
  description: optionalText(2000),
  position,
});

export const examFormatSchema = z
  .object({
    id: z.string(),
    exam_id: z.string(),
    name: z.string(),
    name_en: z.string().nullable(),
    position: z.number().int(),
    skill: z.enum(SKILLS),
    instructions_vi: z.string().nullable(),
    instructions_en: z.string().nullable(),
    question_count: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    allowed_question_type_ids: z.array(z.string()),
    audio_policy: z.enum(AUDIO_POLICIES),
    /** The stem and options are heard only: the learner's paper shows letters only; the review shows the text. */
    heard_only: z.boolean(),
    score_section: z.string(),
  })
  .meta({ id: 'ExamFormat' });

export const examSchema = z
  .object({
    id: z.string(),
    category_id: z.string(),
    name: z.string(),
    name_en: z.string().nullable(),
    slug: z.string(),
    description: z.string().nullable(),
    duration_minutes: z.number().int().nullable(),
    position: z.number().int(),
    formats: z.array(examFormatSchema),
    question_count: z.number().int(),
    sections: z.array(z.string()),
  })
  .meta({ id: 'Exam' });

export const categoryDetailSchema = categorySchema.extend({ exams: z.array(examSchema) });

export const examBodySchema = z.object({
  name: requiredText(120),
  name_en: optionalText(120),
  slug,
  description: optionalText(2000),
  duration_minutes: positiveInt(600)
    .nullish()
    .transform((value) => value ?? null),
  position,
});

export const examFormatBodySchema = z.object({
  name: requiredText(120),
  name_en: optionalText(120),
  position,
  skill: z.enum(SKILLS, { error: VALIDATION_KEYS.required }),
  instructions_vi: optionalText(20_000),
  instructions_en: optionalText(20_000),
  question_count: positiveInt(500),
  time_limit_minutes: positiveInt(600)
    .nullish()
    .transform((value) => value ?? null),
  allowed_question_type_ids: z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
    .max(20)
    .default([]),
  audio_policy: z.enum(AUDIO_POLICIES).default('none'),
  heard_only: z.boolean().default(false),
  score_section: z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(40, { error: VALIDATION_KEYS.maxLength })
    .regex(/^[a-z][a-z0-9_]*$/, { error: VALIDATION_KEYS.invalid }),
});

// ---------------------------------------------------------------- point configs

export const conversionRowSchema = z.object({
  raw: z.number().int().min(0).max(1000),
  score: z.number().min(0).max(10_000),
});

export const pointConfigSchema = z
  .object({
    id: z.string(),
    exam_id: z.string(),
    exam_name: z.string(),
    name: z.string(),
    section: z.string(),
    method: z.enum(POINT_METHODS),
    points_per_question: z.number().nullable(),
    table: z.array(conversionRowSchema).nullable(),
    is_estimate: z.boolean(),
  })
  .meta({ id: 'PointConfig' });

export const pointConfigBodySchema = z
  .object({
    exam_id: z.uuid({ error: VALIDATION_KEYS.required }),
    name: requiredText(120),
    section: examFormatBodySchema.shape.score_section,
    method: z.enum(POINT_METHODS, { error: VALIDATION_KEYS.required }),
    points_per_question: z.number().positive({ error: VALIDATION_KEYS.invalid }).max(1000).nullish(),
    table: z.array(conversionRowSchema).max(1001).nullish(),
    is_estimate: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'per_question' && !value.points_per_question) {
      ctx.addIssue({ code: 'custom', path: ['points_per_question'], message: STRUCTURE_KEYS.pointsRequired });
    }
    if (value.method === 'table') {
      if (!value.table || value.table.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['table'], message: STRUCTURE_KEYS.tableRequired });
        return;
      }
      const sorted = [...value.table].sort((a, b) => a.raw - b.raw);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.raw === sorted[i - 1]!.raw || sorted[i]!.score < sorted[i - 1]!.score) {
          ctx.addIssue({ code: 'custom', path: ['table'], message: STRUCTURE_KEYS.tableNotIncreasing });
          return;
        }
      }
    }
  });

export const pointConfigListQuerySchema = listQuerySchema.extend({ exam_id: z.uuid().optional() });

/** Raw correct count → score by a conversion table: the row with the greatest raw not above the count. */
export function convertRawScore(table: readonly { raw: number; score: number }[], raw: number): number {
  let score = 0;
  for (const row of table) {
    if (row.raw <= raw) score = row.score;
    else break;
  }
  return score;
}

export type Level = z.infer<typeof levelSchema>;
export type QuestionType = z.infer<typeof questionTypeSchema>;
export type Category = z.infer<typeof categorySchema>;
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;
export type Exam = z.infer<typeof examSchema>;
export type ExamFormat = z.infer<typeof examFormatSchema>;
export type PointConfig = z.infer<typeof pointConfigSchema>;

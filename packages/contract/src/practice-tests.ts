import { z } from 'zod';
import { KEY_WARNING_KINDS } from './answer-keys';
import { pageQuerySchema } from './envelope';
import { ANSWER_KINDS, SKILLS } from './exam-structure';
import { optionalSlug, optionalText, requiredText } from './fields';
import { mediaSchema } from './question-bank';
import { VALIDATION_KEYS } from './validation';

export const TEST_KEYS = {
  slugTaken: 'test.slug_taken',
  incompleteSection: 'test.section_incomplete',
  notInFormat: 'test.item_not_in_part',
  duplicateItem: 'test.item_repeated',
  notEnoughQuestions: 'test.not_enough_questions',
  publishedCannotDelete: 'test.published_cannot_delete',
  examChangeLocked: 'test.exam_locked',
  inPacks: 'test.in_packs',
  packHasTests: 'test.pack_has_tests',
  publishIncomplete: 'test.publish_incomplete',
  /** A smart test's blueprint row asks for more questions than its pool holds (issue 15). */
  poolTooSmall: 'test.pool_too_small',
  /** Blueprints are a smart test's; hand-picked items a manual test's. */
  notSmart: 'test.not_smart',
  smartHasBlueprint: 'test.smart_has_blueprint',
  /** The bank changed since publication and a learner's paper can no longer be drawn. */
  drawFailed: 'test.draw_failed',
  /** Publish refusal items, one per part (issue 29): `{{part}}: {{count}} of {{required}} questions`. */
  partShort: 'test.part_short',
  /** An organization's test with no question in any part: each part is named as empty. */
  partEmpty: 'test.part_empty',
  /** `{{part}}: {{available}} in the pool, {{needed}} needed` (a smart test's blueprint). */
  partPoolShort: 'test.part_pool_short',
} as const;

/** How a test's questions are chosen: by hand, or drawn per learner from a blueprint (issue 15). */
export const TEST_KINDS = ['manual', 'smart'] as const;
export type TestKind = (typeof TEST_KINDS)[number];

const slug = optionalSlug(120);

export const TEST_STATUSES = ['draft', 'published', 'archived'] as const;

export const testBodySchema = z.object({
  exam_id: z.uuid({ error: VALIDATION_KEYS.required }),
  title: requiredText(200),
  /** The title in English mode; empty: the Vietnamese title is shown there too. */
  title_en: optionalText(200),
  slug,
  description: z
    .string()
    .trim()
    .max(20_000, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null),
  /** The description in English mode; empty: the Vietnamese one is shown there too. */
  description_en: z
    .string()
    .trim()
    .max(20_000, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null),
  cover_id: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  level_id: z
    .uuid({ error: VALIDATION_KEYS.invalid })
    .nullish()
    .transform((value) => value ?? null),
  duration_minutes: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(600, { error: VALIDATION_KEYS.invalid }),
  access: z.enum(['free', 'pack']).default('free'),
  attempts_allowed: z.coerce
    .number()
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(100, { error: VALIDATION_KEYS.invalid })
    .nullish()
    .transform((value) => value ?? null),
  answer_visibility: z.enum(['after_submit', 'never']).default('after_submit'),
  /** Chosen when the test is created; a test keeps its kind. */
  kind: z.enum(TEST_KINDS, { error: VALIDATION_KEYS.invalid }).default('manual'),
});

export const testListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(TEST_KINDS).optional(),
  search: z.string().trim().max(200).optional(),
  exam_id: z.uuid().optional(),
  status: z.enum(TEST_STATUSES).optional(),
});

export const testSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    title_en: z.string().nullable(),
    slug: z.string(),
    exam: z.object({ id: z.string(), name: z.string() }),
    status: z.enum(TEST_STATUSES),
    kind: z.enum(TEST_KINDS),
    access: z.enum(['free', 'pack']),
    duration_minutes: z.number().int(),
    question_count: z.number().int(),
    required_count: z.number().int(),
    published_version: z.number().int().nullable(),
    published_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'TestSummary' });

export const testItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(['question', 'group']),
  question: z.object({ id: z.string(), text: z.string(), answer_kind: z.enum(ANSWER_KINDS) }).nullable(),
  group: z.object({ id: z.string(), title: z.string(), question_count: z.number().int() }).nullable(),
  question_count: z.number().int(),
});

export const keyWarningSchema = z.object({
  kind: z.enum(KEY_WARNING_KINDS),
  pattern: z.string(),
  count: z.number().int(),
  total: z.number().int(),
  chance: z.number(),
  from: z.number().int().optional(),
});

/** One row of a smart test's blueprint, with how many of the bank's questions match it. */
export const blueprintRowSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  count: z.number().int(),
  level: z.object({ id: z.string(), code: z.string() }).nullable(),
  question_type: z.object({ id: z.string(), name: z.string() }).nullable(),
  tag: z.string().nullable(),
  /** Questions of the bank that match the row (single questions of the part). */
  available: z.number().int(),
});

export const testSectionSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  format: z.object({
    id: z.string(),
    name: z.string(),
    skill: z.enum(SKILLS),
    required_count: z.number().int(),
  }),
  question_count: z.number().int(),
  complete: z.boolean(),
  items: z.array(testItemSchema),
  /** Does the part's single-choice key look random? Warnings for the author (issue 14). */
  key_warnings: z.array(keyWarningSchema),
  /** A smart test's rows (empty for a manual test). */
  blueprint: z.array(blueprintRowSchema),
  /** Smart tests: distinct questions of the bank matching any row of the section. */
  pool_size: z.number().int().nullable(),
});

export const testDetailSchema = testSummarySchema
  .extend({
    description: z.string().nullable(),
    description_en: z.string().nullable(),
    cover: mediaSchema.nullable(),
    level_id: z.string().nullable(),
    attempts_allowed: z.number().int().nullable(),
    answer_visibility: z.enum(['after_submit', 'never']),
    sections: z.array(testSectionSchema),
    versions: z.array(
      z.object({ version: z.number().int(), question_count: z.number().int(), published_at: z.string() }),
    ),
    packs: z.array(z.object({ id: z.string(), name: z.string() })),
    /**
     * Smart tests: how many different papers the blueprint allows (the product over rows of "pool choose
     * count"), as log10 and exactly when below 10^15; null for a manual test or an empty blueprint.
     */
    distinct_papers: z.object({ log10: z.number(), exact: z.number().nullable() }).nullable(),
    /**
     * A mini test (issue 29): an organization's test holding fewer parts or questions than its exam. Its
     * empty parts are left out when it is published, and it is scored per question (decision 030).
     */
    mini: z.boolean(),
  })
  .meta({ id: 'TestDetail' });

export const blueprintBodySchema = z.object({
  rows: z
    .array(
      z.object({
        count: z.coerce
          .number({ error: VALIDATION_KEYS.required })
          .int({ error: VALIDATION_KEYS.invalid })
          .min(1, { error: VALIDATION_KEYS.invalid })
          .max(200, { error: VALIDATION_KEYS.invalid }),
        level_id: z
          .uuid({ error: VALIDATION_KEYS.invalid })
          .nullish()
          .transform((value) => value ?? null),
        question_type_id: z
          .uuid({ error: VALIDATION_KEYS.invalid })
          .nullish()
          .transform((value) => value ?? null),
        tag: z
          .string()
          .trim()
          .toLowerCase()
          .max(40, { error: VALIDATION_KEYS.maxLength })
          .nullish()
          .transform((value) => value || null),
      }),
    )
    .max(30, { error: VALIDATION_KEYS.invalid }),
});
export type BlueprintBody = z.input<typeof blueprintBodySchema>;

export const sectionItemsBodySchema = z.object({
  items: z
    .array(
      z.union([
        z.object({ question_id: z.uuid({ error: VALIDATION_KEYS.invalid }) }),
        z.object({ group_id: z.uuid({ error: VALIDATION_KEYS.invalid }) }),
      ]),
    )
    .max(300),
});

export const drawBodySchema = z.object({
  count: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int()
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(200, { error: VALIDATION_KEYS.invalid }),
  level_id: z.uuid().nullish(),
  tag: z.string().trim().max(40).nullish(),
});

/** One attempt of a test, for the back office's result page (/organization/test/…/{id}/result/{resultId}). */
export const testAttemptParamsSchema = z.object({
  id: z.uuid({ error: 'common.not_found' }),
  attemptId: z.uuid({ error: 'common.not_found' }),
});

export const sectionParamsSchema = z.object({
  id: z.uuid({ error: 'common.not_found' }),
  sectionId: z.uuid({ error: 'common.not_found' }),
});

// ---------------------------------------------------------------- packs

export const packBodySchema = z.object({
  name: requiredText(200),
  slug,
  description: z
    .string()
    .trim()
    .max(20_000, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null),
  price_vnd: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(0, { error: VALIDATION_KEYS.invalid })
    .max(100_000_000, { error: VALIDATION_KEYS.invalid }),
  validity_days: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(3650, { error: VALIDATION_KEYS.invalid }),
  status: z.enum(['draft', 'published']).default('draft'),
  test_ids: z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
    .max(200)
    .default([]),
});

export const packSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    price_vnd: z.number().int(),
    validity_days: z.number().int(),
    status: z.enum(TEST_STATUSES),
    tests: z.array(
      z.object({ id: z.string(), title: z.string(), slug: z.string(), status: z.enum(TEST_STATUSES) }),
    ),
  })
  .meta({ id: 'Pack' });

export type TestBody = z.input<typeof testBodySchema>;
export type TestSummary = z.infer<typeof testSummarySchema>;
export type TestDetail = z.infer<typeof testDetailSchema>;
export type Pack = z.infer<typeof packSchema>;
export type PackBody = z.input<typeof packBodySchema>;

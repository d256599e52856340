import { z } from 'zod';
import { ANSWER_KINDS } from './exam-structure';
import { VALIDATION_KEYS } from './validation';

export const IMPORT_FORMATS = ['csv', 'xlsx', 'moodle', 'gift', 'aiken', 'qti'] as const;
export const EXPORT_FORMATS = ['xlsx', 'moodle', 'qti3'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The largest file the importer reads. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_KEYS = {
  fileRequired: 'import.file_required',
  unsupportedFormat: 'import.unsupported_format',
  formatMismatch: 'import.format_mismatch',
  malformedFile: 'import.malformed_file',
  tooLarge: 'import.too_large',
  empty: 'import.empty',
  unknownType: 'import.unknown_type',
  unknownLevel: 'import.unknown_level',
  noTypeForKind: 'import.no_question_type_for_kind',
  missingAnswer: 'import.missing_answer',
  invalidAnswer: 'import.invalid_answer',
  unsupportedQuestion: 'import.unsupported_question',
  /** A partial-credit (or zero-weight "correct") answer: Prepwise keys are fully right or wrong. */
  partialCredit: 'import.partial_credit',
  /** Several answers are each fully correct on their own: no Prepwise choice question means that. */
  alternativeCorrect: 'import.alternative_correct',
  numericTolerance: 'import.numeric_tolerance',
  numericRange: 'import.numeric_range',
  clozeUnsupported: 'import.cloze_unsupported',
  inlineChoiceUnsupported: 'import.inline_choice_unsupported',
  /** Warnings: something of the item that Prepwise does not keep. */
  hintsNotKept: 'import.hints_not_kept',
  feedbackNotKept: 'import.feedback_not_kept',
  idNotKept: 'import.id_not_kept',
  caseNotKept: 'import.case_not_kept',
  imagesNotKept: 'import.images_not_kept',
  nothingSelected: 'export.nothing_selected',
} as const;

/** The form fields sent with the file (multipart) to preview or import. */
export const importFieldsSchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: IMPORT_KEYS.unsupportedFormat }).optional(),
  format_id: z.uuid({ error: VALIDATION_KEYS.required }),
  level_id: z
    .union([z.uuid({ error: VALIDATION_KEYS.invalid }), z.literal('')])
    .optional()
    .transform((value) => value || null),
  /** Comma-separated tags added to every imported question and group. */
  /** "true": import the valid items and list the refused ones, instead of all or nothing. */
  skip_invalid: z
    .enum(['true', 'false'], { error: VALIDATION_KEYS.invalid })
    .optional()
    .transform((value) => value === 'true'),
  tags: z
    .string()
    .max(1000, { error: VALIDATION_KEYS.maxLength })
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
});
export type ImportFields = z.output<typeof importFieldsSchema>;

export const importQuestionPreviewSchema = z.object({
  stem_text: z.string(),
  answer_kind: z.enum(ANSWER_KINDS),
  options_count: z.number().int(),
  /** The options (or items) as they will be stored, as plain text. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer_summary: z.string(),
});

/** Something of an item that is not kept as the file had it: a message key and a readable message. */
export const importWarningSchema = z.object({ key: z.string(), message: z.string() });

export const importItemPreviewSchema = z.object({
  index: z.number().int(),
  /** Where the item is in the file: "line 12", "row 5", "item q-004". */
  location: z.string(),
  kind: z.enum(['question', 'group']),
  title: z.string().nullable(),
  questions: z.array(importQuestionPreviewSchema),
  /** Field → message key, keyed like `items.12.answer` (also in `errors` of the whole preview). */
  errors: z.record(z.string(), z.string()),
  /** Readable messages naming the line or item. */
  messages: z.array(z.string()),
  /** What the import does not keep of this item (hints, feedback …); the item still imports. */
  warnings: z.array(importWarningSchema),
});

export const importPreviewSchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    item_count: z.number().int(),
    question_count: z.number().int(),
    group_count: z.number().int(),
    /** Every item can be imported. */
    valid: z.boolean(),
    /** How many items can be imported (with skip_invalid, the others are listed and left out). */
    valid_count: z.number().int(),
    items: z.array(importItemPreviewSchema),
    errors: z.record(z.string(), z.string()),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ImportPreview' });

export const importResultSchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    question_count: z.number().int(),
    group_count: z.number().int(),
    question_ids: z.array(z.string()),
    group_ids: z.array(z.string()),
    warnings: z.array(z.string()),
    /** Items left out (skip_invalid): where they are and why. */
    skipped: z.array(
      z.object({
        index: z.number().int(),
        location: z.string(),
        errors: z.record(z.string(), z.string()),
        messages: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'ImportResult' });

export const exportBodySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: VALIDATION_KEYS.invalid }),
  question_ids: z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
    .max(5000)
    .optional(),
  group_ids: z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }))
    .max(1000)
    .optional(),
  test_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
});

export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ExportBody = z.input<typeof exportBodySchema>;

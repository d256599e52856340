import { z } from 'zod';
import { reviewQuestionSchema, testRefSchema } from './attempts';
import { pageQuerySchema } from './envelope';
import { mediaSchema } from './question-bank';
import { VALIDATION_KEYS } from './validation';

/*
 * Results that teach (issue 14): practising one's mistakes and the mistake notebook.
 *
 * API (learners):
 *   POST /api/user/attempts/:id/practice-mistakes   a new practice of the wrong, unanswered and flagged
 *                                                   questions of a submitted attempt            → 201 / 200
 *   GET  /api/user/attempts/:id/notebook            the attempt's questions that are bookmarked or noted
 *   GET  /api/user/notebook                         the notebook (filters: status, bookmarked, test, part, type)
 *   GET  /api/user/notebook/filters                 the tests, parts and question types of the notebook
 *   PUT  /api/user/notebook/:questionId             bookmark, note or learned state of one question
 *   POST /api/user/notebook/practice                a practice of notebook questions of one test (≤ 50)
 */

export const NOTEBOOK_KEYS = {
  nothingToPractise: 'notebook.nothing_to_practise',
  openAttempt: 'notebook.open_attempt',
  unknownQuestion: 'notebook.unknown_question',
  attemptRequired: 'notebook.attempt_required',
  noteTooLong: 'notebook.note_too_long',
  tooMany: 'notebook.too_many_questions',
} as const;

/** At most this many questions in one practice from the notebook. */
export const NOTEBOOK_PRACTICE_MAX = 50;
export const NOTEBOOK_NOTE_MAX = 2000;

export const NOTEBOOK_STATUSES = ['to_review', 'learned', 'all'] as const;
export type NotebookStatus = (typeof NOTEBOOK_STATUSES)[number];

const booleanFlag = z
  .enum(['true', 'false'], { error: VALIDATION_KEYS.invalid })
  .transform((value) => value === 'true');

export const notebookFilterSchema = z.object({
  status: z.enum(NOTEBOOK_STATUSES, { error: VALIDATION_KEYS.invalid }).default('to_review'),
  bookmarked: booleanFlag.optional(),
  test_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  section_id: z.string().max(100, { error: VALIDATION_KEYS.invalid }).optional(),
  type_id: z.string().max(100, { error: VALIDATION_KEYS.invalid }).optional(),
});
export type NotebookFilter = z.infer<typeof notebookFilterSchema>;

export const notebookQuerySchema = pageQuerySchema.extend(notebookFilterSchema.shape);

export const notebookGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  passage: z.string().nullable(),
  audio: mediaSchema.nullable(),
  image: mediaSchema.nullable(),
  /** Null when the test never shows answers. */
  transcript: z.string().nullable(),
});

export const notebookItemSchema = z
  .object({
    question_id: z.string(),
    test: testRefSchema,
    test_version: z.number().int(),
    section_id: z.string(),
    part_name: z.string(),
    part_name_en: z.string().nullable(),
    type_id: z.string(),
    type_name: z.string(),
    type_name_en: z.string().nullable(),
    /** The question with its correct answer and explanation (null when the test never shows answers). */
    question: reviewQuestionSchema.omit({ your_answer: true, outcome: true, points: true, flagged: true }),
    group: notebookGroupSchema.nullable(),
    /** The learner's last wrong answer. */
    last_answer: z.record(z.string(), z.unknown()).nullable(),
    last_outcome: z.string().nullable(),
    wrong_count: z.number().int(),
    last_wrong_at: z.string().nullable(),
    learned_at: z.string().nullable(),
    bookmarked: z.boolean(),
    note: z.string().nullable(),
    attempt_id: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'NotebookItem' });
export type NotebookItem = z.infer<typeof notebookItemSchema>;

const namedCount = z.object({
  id: z.string(),
  name: z.string(),
  /** The English name (a test's English title), null when it has none. */
  name_en: z.string().nullable(),
  count: z.number().int(),
});
export const notebookFiltersSchema = z
  .object({
    tests: z.array(namedCount.extend({ slug: z.string() })),
    parts: z.array(namedCount.extend({ test_id: z.string() })),
    types: z.array(namedCount),
    counts: z.object({
      to_review: z.number().int(),
      learned: z.number().int(),
      bookmarked: z.number().int(),
    }),
    /**
     * Mistakes of tests whose results are not released yet (issue 29): left out of the notebook until then.
     * `until` is when the last of them are released, null when a teacher has to release them.
     */
    awaiting_release: z.object({ count: z.number().int(), until: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'NotebookFilters' });
export type NotebookFilters = z.infer<typeof notebookFiltersSchema>;

export const notebookUpdateSchema = z.object({
  /** Needed when the question is not in the notebook yet: the submitted attempt it is reviewed from. */
  attempt_id: z.uuid({ error: NOTEBOOK_KEYS.attemptRequired }).optional(),
  bookmarked: z.boolean({ error: VALIDATION_KEYS.invalid }).optional(),
  note: z
    .string({ error: VALIDATION_KEYS.invalid })
    .max(NOTEBOOK_NOTE_MAX, { error: NOTEBOOK_KEYS.noteTooLong })
    .nullable()
    .optional(),
  learned: z.boolean({ error: VALIDATION_KEYS.invalid }).optional(),
});
export type NotebookUpdate = z.infer<typeof notebookUpdateSchema>;

export const notebookMarkSchema = z
  .object({ question_id: z.string(), bookmarked: z.boolean(), note: z.string().nullable() })
  .meta({ id: 'NotebookMark' });
export type NotebookMark = z.infer<typeof notebookMarkSchema>;

export const notebookPracticeBodySchema = notebookFilterSchema.omit({ bookmarked: true }).extend({
  test_id: z.uuid({ error: VALIDATION_KEYS.required }),
  bookmarked: z.boolean({ error: VALIDATION_KEYS.invalid }).optional(),
  /** The questions chosen; without it, the filter's questions (newest first, at most 50). */
  question_ids: z
    .array(z.uuid({ error: NOTEBOOK_KEYS.unknownQuestion }))
    .min(1, { error: VALIDATION_KEYS.required })
    .max(NOTEBOOK_PRACTICE_MAX, { error: NOTEBOOK_KEYS.tooMany })
    .optional(),
});
export type NotebookPracticeBody = z.infer<typeof notebookPracticeBodySchema>;

export const practiceStartedSchema = z
  .object({
    id: z.string(),
    resumed: z.boolean(),
    /** The test's slug, for the runner's path /tests/{slug}/exam/{id}. */
    test_slug: z.string(),
    question_count: z.number().int(),
  })
  .meta({ id: 'PracticeStarted' });
export type PracticeStarted = z.infer<typeof practiceStartedSchema>;

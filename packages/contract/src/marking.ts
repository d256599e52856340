import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { agreementSchema, inlineCommentSchema, RUBRIC_IDS } from './rubrics';
import { VALIDATION_KEYS } from './validation';

// ---------------------------------------------------------------- the marking queue (issue 28)

/** Words of a written answer as IELTS counts them: runs between spaces holding a letter or a digit. */
export const countWords = (text: string) =>
  text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * A teacher's mark: a score per criterion of the answer's rubric (validated against that rubric by the
 * API, each bad one named `criteria.<key>`), a comment, and comments anchored to the answer's text.
 */
export const markBodySchema = z.object({
  criteria: z.record(z.string(), z.number({ error: VALIDATION_KEYS.invalid }), {
    error: VALIDATION_KEYS.required,
  }),
  comment: z.string().trim().max(4000, { error: VALIDATION_KEYS.maxLength }).default(''),
  comments: z.array(inlineCommentSchema).max(200, { error: VALIDATION_KEYS.invalid }).default([]),
});
export type MarkBody = z.input<typeof markBodySchema>;

export const MARK_STATUSES = ['unmarked', 'marked'] as const;

export const markingQuerySchema = pageQuerySchema.extend({
  status: z.enum([...MARK_STATUSES, 'all'], { error: VALIDATION_KEYS.invalid }).default('unmarked'),
  test_id: z.uuid({ error: VALIDATION_KEYS.invalid }).optional(),
  rubric: z.enum(RUBRIC_IDS, { error: VALIDATION_KEYS.invalid }).optional(),
});
export type MarkingQuery = z.input<typeof markingQuerySchema>;

export const markingParamsSchema = z.object({
  attemptId: z.uuid({ error: 'common.not_found' }),
  questionId: z.uuid({ error: 'common.not_found' }),
});

/** A mark as the queue shows it: a teacher's final or a machine's draft (a draft may have no bands). */
export const markSchema = z.object({
  kind: z.enum(['final', 'draft']),
  rubric: z.enum(RUBRIC_IDS),
  criteria: z.record(z.string(), z.number()),
  overall: z.number().nullable(),
  comment: z.string(),
  comments: z.array(inlineCommentSchema),
  feedback: z.record(z.string(), z.unknown()).nullable(),
  marked_by: z.string().nullable(),
  marked_at: z.string(),
});
export type Mark = z.infer<typeof markSchema>;

export const markingItemSchema = z
  .object({
    attempt_id: z.string(),
    question_id: z.string(),
    test: z.object({ id: z.string(), title: z.string() }),
    learner: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
    submitted_at: z.string().nullable(),
    rubric: z.enum(RUBRIC_IDS),
    status: z.enum(MARK_STATUSES),
    /** The teacher's overall score, once marked. */
    overall: z.number().nullable(),
    marked_by: z.string().nullable(),
    has_draft: z.boolean(),
  })
  .meta({ id: 'MarkingItem' });
export type MarkingItem = z.infer<typeof markingItemSchema>;

export const markingDetailSchema = markingItemSchema
  .extend({
    /** The question's prompt (rich text) and the author's guidance for markers. */
    stem: z.string(),
    guidance: z.string().nullable(),
    text: z.string(),
    word_count: z.number().int(),
    final: markSchema.nullable(),
    draft: markSchema.nullable(),
  })
  .meta({ id: 'MarkingDetail' });
export type MarkingDetail = z.infer<typeof markingDetailSchema>;

/** Machine drafts against teachers' final marks, per rubric, in the caller's scope. */
export const rubricAgreementSchema = agreementSchema.extend({ rubric: z.enum(RUBRIC_IDS) });
export const markingAgreementSchema = z.object({ rubrics: z.array(rubricAgreementSchema) });
export type MarkingAgreement = z.infer<typeof markingAgreementSchema>;

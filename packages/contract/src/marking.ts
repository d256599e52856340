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

// ---------------------------------------------------------------- a machine's draft feedback (issue 28)
// Field names are stable: the marking screen, the learner's result and later readers render them.

/** What the offline draft measures in a text (decision 026): counted, never a band. */
export const draftMeasuresSchema = z
  .object({
    /** Words as IELTS counts them (`countWords`). */
    word_count: z.number().int(),
    sentence_count: z.number().int(),
    /** Words per sentence, to one decimal. */
    mean_sentence_length: z.number(),
    /** Distinct words over words (lower-cased), to three decimals. */
    type_token_ratio: z.number(),
    /** MTLD lexical diversity (McCarthy & Jarvis 2010), to one decimal; null under ten words. */
    mtld: z.number().nullable(),
    /** The linking words and phrases used, each once, in the order first used. */
    linking_words: z.array(z.string()),
  })
  .meta({ id: 'DraftMeasures' });
export type DraftMeasures = z.infer<typeof draftMeasuresSchema>;

export const DRAFT_ISSUE_KINDS = ['spelling', 'grammar'] as const;

/**
 * A spelling or grammar issue found offline: `spelling` by Hunspell's English dictionary (nspell,
 * dictionary-en), `grammar` by Harper. `[start, end)` is a range of the answer's text in UTF-16 code
 * units (JavaScript string offsets) and `excerpt` the text there.
 */
export const draftIssueSchema = z
  .object({
    kind: z.enum(DRAFT_ISSUE_KINDS),
    /** The checker's rule: `hunspell` for spelling, Harper's lint kind for grammar (`Repetition` …). */
    rule: z.string(),
    /** The checker's explanation, in English. */
    message: z.string(),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    excerpt: z.string(),
    /** Replacements the checker offers, best first (an empty string removes the excerpt). */
    suggestions: z.array(z.string()),
  })
  .meta({ id: 'DraftIssue' });
export type DraftIssue = z.infer<typeof draftIssueSchema>;

/** A sentence a model quoted for a criterion's band, word for word from the text, and its correction. */
export const draftEvidenceSchema = z
  .object({
    /** The rubric's criterion key (`lexical_resource` …). */
    criterion: z.string(),
    /** The sentence or phrase as written; always found in the text (other quotes are dropped). */
    quote: z.string(),
    /** Where the quote is: `[start, end)` in the text's UTF-16 offsets. */
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    /** What the model says about it. */
    comment: z.string(),
    /** Its corrected version; null when the quote is an example of what works. */
    correction: z.string().nullable(),
  })
  .meta({ id: 'DraftEvidence' });
export type DraftEvidence = z.infer<typeof draftEvidenceSchema>;

/**
 * The `feedback` of a machine draft: the measures and issues always; with a configured model, the model
 * (`ai_model`), its summary and the quoted evidence of its bands (the bands are the draft's `criteria`
 * and `overall`, rounded with the rubric's rule). Offline, `ai_model` is null and there is no band.
 */
export const draftFeedbackSchema = draftMeasuresSchema
  .extend({
    issues: z.array(draftIssueSchema),
    /** The model that proposed the bands; null offline (no band is proposed). */
    ai_model: z.string().nullable(),
    /** The model's overall comment, in English; null offline. */
    ai_summary: z.string().nullable(),
    evidence: z.array(draftEvidenceSchema),
  })
  .meta({ id: 'DraftFeedback' });
export type DraftFeedback = z.infer<typeof draftFeedbackSchema>;

/**
 * A stored draft's feedback as the API shows it: drafts stored before issues and evidence existed lack
 * those fields, and read as none.
 */
export function readDraftFeedback(stored: unknown): DraftFeedback | null {
  const parsed = draftFeedbackSchema
    .extend({
      issues: draftFeedbackSchema.shape.issues.default([]),
      ai_model: draftFeedbackSchema.shape.ai_model.default(null),
      ai_summary: draftFeedbackSchema.shape.ai_summary.default(null),
      evidence: draftFeedbackSchema.shape.evidence.default([]),
    })
    .safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** A mark as the queue shows it: a teacher's final or a machine's draft (a draft may have no bands). */
export const markSchema = z.object({
  kind: z.enum(['final', 'draft']),
  rubric: z.enum(RUBRIC_IDS),
  criteria: z.record(z.string(), z.number()),
  overall: z.number().nullable(),
  comment: z.string(),
  comments: z.array(inlineCommentSchema),
  /** A machine draft's feedback; null on a teacher's mark. */
  feedback: draftFeedbackSchema.nullable(),
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
    /** A spoken answer's finished recording (played from `…/audio`); null for essays or while none is finished. */
    recording: z
      .object({
        mime: z.string(),
        duration_ms: z.number().int().nullable(),
        /** The machine transcript (a draft aid, never a mark): null until the transcription job has run. */
        transcript: z
          .object({
            status: z.enum(['pending', 'done', 'failed', 'unavailable']),
            source: z.enum(['offline', 'provider']).nullable(),
            text: z.string().nullable(),
          })
          .nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MarkingDetail' });
export type MarkingDetail = z.infer<typeof markingDetailSchema>;

/** Machine drafts against teachers' final marks, per rubric, in the caller's scope. */
export const rubricAgreementSchema = agreementSchema.extend({ rubric: z.enum(RUBRIC_IDS) });
export const markingAgreementSchema = z.object({ rubrics: z.array(rubricAgreementSchema) });
export type MarkingAgreement = z.infer<typeof markingAgreementSchema>;

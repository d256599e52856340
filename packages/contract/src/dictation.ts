import { z } from 'zod';

/*
 * Dictation (chép chính tả, issue 14): the transcripts of the listening parts, one sentence at a time.
 *
 *   GET /api/public/dictation                                   the exercises, by exam and part
 *   GET /api/public/dictation/:id                               one exercise with its sentences
 *   GET /api/public/dictation/:id/sentences/:index/audio        one sentence spoken (WAV, eSpeak NG)
 *
 * An exercise is a question group of a published, free platform test whose review shows transcripts
 * (answer_visibility `after_submit`); its id is the group's.
 * See docs/decisions/018-dictation-from-reviewable-transcripts.md.
 */

export const DICTATION_KEYS = {
  /** The learner has an open attempt of the test the transcript belongs to. */
  attemptOpen: 'dictation.attempt_open',
} as const;

/** Who says a sentence: the speaker's label in the transcript ("Man", "Woman" …), null for one voice. */
export const dictationSentenceSchema = z.object({
  index: z.number().int(),
  speaker: z.string().nullable(),
  text: z.string(),
});

export const dictationSummarySchema = z
  .object({
    id: z.string(),
    test: z.object({ title: z.string(), slug: z.string() }),
    exam: z.object({ id: z.string(), name: z.string() }),
    part: z.object({ id: z.string(), name: z.string(), position: z.number().int() }),
    /** The question numbers the transcript belongs to (a neutral label: "Questions 32–34"). */
    first_question: z.number().int(),
    last_question: z.number().int(),
    level: z.string().nullable(),
    sentence_count: z.number().int(),
    word_count: z.number().int(),
  })
  .meta({ id: 'DictationSummary' });

export const dictationListSchema = z.object({ items: z.array(dictationSummarySchema) });

export const dictationExerciseSchema = dictationSummarySchema
  .extend({ sentences: z.array(dictationSentenceSchema) })
  .meta({ id: 'DictationExercise' });

export const dictationAudioParamsSchema = z.object({
  id: z.uuid(),
  index: z.coerce.number().int().min(0).max(500),
});

export type DictationSentence = z.infer<typeof dictationSentenceSchema>;
export type DictationSummary = z.infer<typeof dictationSummarySchema>;
export type DictationExercise = z.infer<typeof dictationExerciseSchema>;

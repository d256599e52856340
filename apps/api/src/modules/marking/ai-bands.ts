import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type DraftEvidence, overallScore, type Rubric } from '@prepwise/contract';
import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { AiSettings } from '../../config';

/**
 * A draft band per criterion of an answer's rubric from a configured OpenAI-compatible model (issue 28,
 * decision 026), with the sentences it rests on quoted as evidence and corrected. What the model answers
 * is checked: its shape by zod, every band rounded to the rubric's steps and clamped to its scale, the
 * overall score made by the rubric's own rule (never the model's), and a quote that is not word for word
 * in the text dropped. It is a draft: the teacher's mark is final.
 */

const CRITERION_NAMES: Record<string, string> = {
  task_response: 'Task Achievement (Task 1) / Task Response (Task 2)',
  coherence_cohesion: 'Coherence and Cohesion',
  lexical_resource: 'Lexical Resource',
  grammatical_range: 'Grammatical Range and Accuracy',
  fluency_coherence: 'Fluency and Coherence',
  pronunciation: 'Pronunciation',
  task: 'Task',
  coherence: 'Coherence',
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
};

/** The reply the model is asked for (structured output), checked as it comes. */
export const modelReplySchema = z.object({
  criteria: z
    .array(
      z.object({
        criterion: z.string().min(1).max(60),
        band: z.number(),
        evidence: z
          .array(
            z.object({
              quote: z.string().min(1).max(1000),
              comment: z.string().min(1).max(1000),
              correction: z.string().max(1000).nullable(),
            }),
          )
          .max(6),
      }),
    )
    .min(1)
    .max(8),
  summary: z.string().min(1).max(2000),
});
export type ModelReply = z.infer<typeof modelReplySchema>;

export interface AiDraft {
  criteria: Record<string, number>;
  overall: number;
  evidence: DraftEvidence[];
  summary: string;
  model: string;
}

function promptFor(rubric: Rubric, stem: string, text: string): string {
  const criteria = rubric.criteria.map((key) => `- ${key}: ${CRITERION_NAMES[key] ?? key}`).join('\n');
  return [
    rubric.id === 'ielts_writing'
      ? "You are an experienced IELTS Writing examiner. Mark the candidate's answer on the public IELTS Writing band descriptors."
      : "You are an experienced English teacher. Mark the learner's answer on the criteria below.",
    `Give one band per criterion, from ${rubric.min} to ${rubric.max}, with these keys:\n${criteria}`,
    'For each criterion quote one to three sentences or phrases from the answer, copied exactly as written (same spelling and punctuation), that justify the band; say why in one sentence, and give the corrected version when the quote has a mistake (null when it is an example of what works).',
    'End with a two-sentence summary for the teacher.',
    `The task:\n"""\n${stem.slice(0, 3000)}\n"""`,
    `The answer:\n"""\n${text.slice(0, 12_000)}\n"""`,
  ].join('\n\n');
}

/** A score on the rubric's scale: rounded to the nearest step (halves up), then clamped. */
function onScale(rubric: Rubric, score: number): number {
  const stepped = Math.floor((score - rubric.min) / rubric.step + 0.5) * rubric.step + rubric.min;
  return Math.min(rubric.max, Math.max(rubric.min, Math.round(stepped * 1000) / 1000));
}

/**
 * The draft of a reply: null when it misses a criterion of the rubric or gives a band that is no number
 * of the scale (a model's answer is not trusted to be complete).
 */
export function draftOfReply(rubric: Rubric, reply: ModelReply, text: string, model: string): AiDraft | null {
  const criteria: Record<string, number> = {};
  const evidence: DraftEvidence[] = [];
  for (const key of rubric.criteria) {
    const entry = reply.criteria.find((item) => item.criterion === key);
    if (!entry || !Number.isFinite(entry.band)) return null;
    if (entry.band < rubric.min - rubric.step || entry.band > rubric.max + rubric.step) return null;
    criteria[key] = onScale(rubric, entry.band);
    for (const item of entry.evidence) {
      const quote = item.quote.trim();
      const start = quote ? text.indexOf(quote) : -1;
      // A quote not found word for word is no evidence: the model may have mended or invented it.
      if (start < 0) continue;
      evidence.push({
        criterion: key,
        quote,
        start,
        end: start + quote.length,
        comment: item.comment.trim(),
        correction:
          item.correction?.trim() && item.correction.trim() !== quote ? item.correction.trim() : null,
      });
    }
  }
  const overall = overallScore(rubric, criteria);
  if (overall === null) return null;
  return { criteria, overall, evidence, summary: reply.summary.trim(), model };
}

/** The model's draft bands of an answer; throws when the provider fails or answers unusably. */
export async function aiDraftBands(
  settings: AiSettings,
  rubric: Rubric,
  stem: string,
  text: string,
): Promise<AiDraft> {
  const provider = createOpenAICompatible({
    name: 'prepwise-ai',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  const result = await generateText({
    model: provider(settings.model),
    output: Output.object({ schema: modelReplySchema }),
    prompt: promptFor(rubric, stem, text),
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(settings.timeoutMs),
  });
  const reply = modelReplySchema.parse(result.output);
  const draft = draftOfReply(rubric, reply, text, settings.model);
  if (!draft) throw new Error('The model did not give a band on the scale for every criterion of the rubric');
  return draft;
}

import { countWords, type DraftFeedback, shareOf } from '@prepwise/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AiSettings } from '../../config';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks } from '../../db/schema';
import type { Deps } from '../../deps';
import { attemptModel } from '../attempts/attempts.service';
import { rubricOfQuestion } from '../attempts/essay-marks.service';
import { type AiDraft, aiDraftBands } from './ai-bands';
import { languageIssues } from './language-issues';

/**
 * Draft feedback before the teacher (issue 28, decision 026). Offline: what can be measured honestly in an
 * essay (measures, spelling and grammar issues) and no invented band; with a configured model, also its
 * draft bands with quoted evidence (ai-bands.ts). A teacher reads it beside the essay; the learner
 * without a teacher gets it at once. The teacher's mark is final.
 */
export interface EssayMeasures {
  word_count: number;
  sentence_count: number;
  /** Words per sentence, to one decimal. */
  mean_sentence_length: number;
  /** Distinct words over words (lower-cased), to three decimals. */
  type_token_ratio: number;
  /**
   * MTLD (McCarthy & Jarvis 2010): the mean length of word runs that keep their type/token ratio above
   * 0.72, averaged forwards and backwards; less sensitive to length than the ratio. Null under 10 words.
   */
  mtld: number | null;
  /** The linking words and phrases used (as listed below), each once, in the order first used. */
  linking_words: string[];
}

/** Common cohesive devices of IELTS Writing (Coherence and Cohesion); none is part of another. */
const LINKERS = [
  'on the other hand',
  'in conclusion',
  'in addition',
  'for example',
  'for instance',
  'as a result',
  'in contrast',
  'to sum up',
  'in summary',
  'in my opinion',
  'moreover',
  'furthermore',
  'however',
  'therefore',
  'consequently',
  'nevertheless',
  'although',
  'whereas',
  'because',
  'since',
  'while',
  'also',
  'firstly',
  'secondly',
  'finally',
  'overall',
  'besides',
  'thus',
  'hence',
  'meanwhile',
  'similarly',
  'instead',
  'unless',
  'so',
  'but',
];

const tokens = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((word) => word.replace('’', "'"));

/** One direction of MTLD: full factors at the 0.72 threshold plus the partial last one. */
function mtldPass(words: string[]): number {
  const threshold = 0.72;
  let factors = 0;
  let types = new Set<string>();
  let count = 0;
  for (const word of words) {
    types.add(word);
    count++;
    if (types.size / count <= threshold) {
      factors++;
      types = new Set();
      count = 0;
    }
  }
  if (count > 0) factors += (1 - types.size / count) / (1 - threshold);
  return factors === 0 ? words.length : words.length / factors;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function measureEssay(text: string): EssayMeasures {
  const words = tokens(text);
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
  const wordCount = countWords(text);
  const lower = ` ${words.join(' ')} `;
  const linking = LINKERS.filter((linker) => lower.includes(` ${linker} `));
  const firstUse = (linker: string) => lower.indexOf(` ${linker} `);
  return {
    word_count: wordCount,
    sentence_count: sentences.length,
    mean_sentence_length: sentences.length ? round(words.length / sentences.length, 1) : 0,
    type_token_ratio: words.length ? round(new Set(words).size / words.length, 3) : 0,
    mtld: words.length < 10 ? null : round((mtldPass(words) + mtldPass([...words].reverse())) / 2, 1),
    linking_words: linking.sort((a, b) => firstUse(a) - firstUse(b)),
  };
}

const drafts = alias(essayMarks, 'draft_marks');

/** The offline part of a draft's feedback: the measures and the spelling and grammar issues. */
export async function offlineFeedback(text: string): Promise<DraftFeedback> {
  return {
    ...measureEssay(text),
    issues: await languageIssues(text),
    ai_model: null,
    ai_summary: null,
    evidence: [],
  };
}

const plainText = (html: string) =>
  html
    .replace(/<\/p>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .trim();

export interface DraftOptions {
  /** Answers drafted per call. */
  limit?: number;
  /** The configured model (`config.ai`): with it a draft also has bands; without, none is invented. */
  ai?: AiSettings;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Stores a machine draft for up to `limit` submitted essays still waiting for a teacher and without one,
 * oldest submission first; answers how many it stored. Idempotent: a draft already there is kept. The
 * draft has the offline feedback always, and the model's bands when a model is configured and answers
 * usably; a provider's failure leaves the offline draft (logged), with no band.
 */
export async function draftWaitingEssays(db: Db, now: Date, options: DraftOptions = {}): Promise<number> {
  const rows = await db
    .select({
      attemptId: attemptAnswers.attemptId,
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      testId: attempts.testId,
      testVersion: attempts.testVersion,
      questionIds: attempts.questionIds,
    })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .leftJoin(
      drafts,
      and(
        eq(drafts.attemptId, attemptAnswers.attemptId),
        eq(drafts.questionId, attemptAnswers.questionId),
        eq(drafts.kind, 'draft'),
      ),
    )
    .where(
      and(
        eq(attempts.status, 'submitted'),
        // Written answers only (the essay's `{ text }` shape; a spoken answer is a recording), as the
        // partial index `attempt_answers_pending_essays_idx` has it, and not left blank: a row this job
        // can never draft must not come back every minute ahead of the essays behind it.
        sql`${attemptAnswers.outcome} = 'pending'`,
        sql`jsonb_typeof(${attemptAnswers.answer} -> 'text') = 'string'`,
        sql`btrim(${attemptAnswers.answer} ->> 'text') <> ''`,
        isNull(drafts.attemptId),
      ),
    )
    .orderBy(attempts.submittedAt, attemptAnswers.attemptId, attemptAnswers.questionId)
    .limit(options.limit ?? 100);
  let stored = 0;
  for (const row of rows) {
    const text = String((row.answer as { text?: unknown }).text);
    const model = await attemptModel(db, row);
    const question = model.questionById.get(row.questionId);
    const rubric = rubricOfQuestion(question?.answer);
    const feedback = await offlineFeedback(text);
    let bands: AiDraft | null = null;
    if (options.ai && question) {
      try {
        bands = await aiDraftBands(options.ai, rubric, plainText(question.paper.stem), text);
      } catch (error) {
        options.log?.warn(
          { err: error, attemptId: row.attemptId, questionId: row.questionId },
          'AI draft bands failed; the offline draft is kept',
        );
      }
    }
    const inserted = await db
      .insert(essayMarks)
      .values({
        attemptId: row.attemptId,
        questionId: row.questionId,
        kind: 'draft',
        rubric: rubric.id,
        criteria: bands?.criteria ?? {},
        overall: bands?.overall ?? null,
        share: bands ? shareOf(rubric, bands.overall) : null,
        feedback: bands
          ? { ...feedback, ai_model: bands.model, ai_summary: bands.summary, evidence: bands.evidence }
          : feedback,
        markedAt: now,
      })
      .onConflictDoNothing()
      .returning({ attemptId: essayMarks.attemptId });
    stored += inserted.length;
  }
  return stored;
}

export const DRAFT_FEEDBACK_QUEUE = 'marking.draft-feedback';

/** Every minute, one process drafts feedback for the essays submitted since. */
export async function defineDraftFeedbackJob(
  deps: Pick<Deps, 'config' | 'db' | 'jobs' | 'log' | 'now'>,
): Promise<void> {
  await deps.jobs.define(DRAFT_FEEDBACK_QUEUE, async () => {
    const stored = await draftWaitingEssays(deps.db, deps.now(), { ai: deps.config.ai, log: deps.log });
    if (stored > 0) deps.log.info({ stored }, 'essay draft feedback stored');
  });
  await deps.jobs.schedule(DRAFT_FEEDBACK_QUEUE, '* * * * *');
}

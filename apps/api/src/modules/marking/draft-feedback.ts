import { countWords } from '@prepwise/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks } from '../../db/schema';
import type { Deps } from '../../deps';
import { attemptModel } from '../attempts/attempts.service';
import { rubricOfQuestion } from '../attempts/essay-marks.service';

/**
 * Draft feedback before the teacher (issue 28), offline: what can be measured honestly in an essay, and no
 * invented band. A teacher reads it beside the essay; the learner without a teacher gets it at once.
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

/**
 * Stores a machine draft (measures, no band) for up to `limit` submitted essays still waiting for a
 * teacher and without one; answers how many it stored. Idempotent: a draft already there is kept.
 */
export async function draftWaitingEssays(db: Db, now: Date, limit = 100): Promise<number> {
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
        sql`${attemptAnswers.outcome} = 'pending'`,
        isNull(drafts.attemptId),
      ),
    )
    .limit(limit);
  let stored = 0;
  for (const row of rows) {
    const text = (row.answer as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || !text.trim()) continue;
    const model = await attemptModel(db, row);
    const question = model.questionById.get(row.questionId);
    if (!question) continue;
    const inserted = await db
      .insert(essayMarks)
      .values({
        attemptId: row.attemptId,
        questionId: row.questionId,
        kind: 'draft',
        rubric: rubricOfQuestion(question.answer).id,
        criteria: {},
        overall: null,
        share: null,
        feedback: { ...measureEssay(text) },
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
export async function defineDraftFeedbackJob(deps: Pick<Deps, 'db' | 'jobs' | 'log' | 'now'>): Promise<void> {
  await deps.jobs.define(DRAFT_FEEDBACK_QUEUE, async () => {
    const stored = await draftWaitingEssays(deps.db, deps.now());
    if (stored > 0) deps.log.info({ stored }, 'essay draft feedback stored');
  });
  await deps.jobs.schedule(DRAFT_FEEDBACK_QUEUE, '* * * * *');
}

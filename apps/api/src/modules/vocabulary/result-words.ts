import type { ResultWord } from '@prepwise/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vocabularyCards, vocabularyTopics, vocabularyTopicWords, vocabularyWords } from '../../db/schema';
import { plainText } from '../../lib/html';
import { getOwnResult } from '../attempts/results.service';

/** At most this many words are offered for one result: the ones of the earliest missed questions. */
export const RESULT_WORDS_MAX = 40;

/** The forms a headword may take in running text, reduced to candidates for the headword itself. */
function candidates(text: string): Set<string> {
  const words = plainText(text)
    .toLowerCase()
    .split(/[^a-z'-]+/)
    .filter((word) => word.length > 2);
  const found = new Set<string>();
  for (const [index, word] of words.entries()) {
    found.add(word);
    // Plural, third person, past and -ing forms point back to the headword.
    if (word.endsWith('ies')) found.add(`${word.slice(0, -3)}y`);
    if (word.endsWith('es')) found.add(word.slice(0, -2));
    if (word.endsWith('s')) found.add(word.slice(0, -1));
    if (word.endsWith('ed')) found.add(word.slice(0, -2)).add(word.slice(0, -1));
    if (word.endsWith('ing')) found.add(word.slice(0, -3)).add(`${word.slice(0, -3)}e`);
    // Headwords of two or three words ("take over", "in charge of").
    const next = words[index + 1];
    if (next) found.add(`${word} ${next}`);
    const third = words[index + 2];
    if (next && third) found.add(`${word} ${next} ${third}`);
  }
  return found;
}

/**
 * The published vocabulary's words used by the questions the learner missed (wrong, skipped or partly
 * right) in one of their results: a missed question's stem and options, and the passage and transcript
 * of its group. Each word says which questions use it and whether it is already in the learner's words.
 * Another learner's attempt is a 404, an unfinished one a 409 (as the result itself).
 */
export async function resultWords(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<ResultWord[]> {
  const result = await getOwnResult(db, userId, attemptId, now);
  const missed = (outcome: string) => outcome !== 'correct' && outcome !== 'pending';
  const texts: { numbers: number[]; text: string }[] = [];
  for (const section of result.review) {
    for (const item of section.items) {
      if (item.kind === 'question') {
        const q = item.question;
        if (missed(q.outcome))
          texts.push({ numbers: [q.number], text: [q.stem, ...q.options.map((o) => o.content)].join(' ') });
        continue;
      }
      const wrong = item.group.questions.filter((q) => missed(q.outcome));
      if (wrong.length === 0) continue;
      texts.push({
        numbers: wrong.map((q) => q.number),
        text: [item.group.passage ?? '', item.group.transcript ?? ''].join(' '),
      });
      for (const q of wrong)
        texts.push({ numbers: [q.number], text: [q.stem, ...q.options.map((o) => o.content)].join(' ') });
    }
  }
  const byCandidate = new Map<string, Set<number>>();
  for (const { numbers, text } of texts) {
    for (const candidate of candidates(text)) {
      const set = byCandidate.get(candidate) ?? new Set<number>();
      for (const number of numbers) set.add(number);
      byCandidate.set(candidate, set);
    }
  }
  if (byCandidate.size === 0) return [];
  const rows = await db
    .selectDistinct({
      id: vocabularyWords.id,
      headword: vocabularyWords.headword,
      partOfSpeech: vocabularyWords.partOfSpeech,
      ipa: vocabularyWords.ipa,
      meaningVi: vocabularyWords.meaningVi,
      definitionEn: vocabularyWords.definitionEn,
      level: vocabularyWords.level,
    })
    .from(vocabularyWords)
    .innerJoin(vocabularyTopicWords, eq(vocabularyTopicWords.wordId, vocabularyWords.id))
    .innerJoin(
      vocabularyTopics,
      and(eq(vocabularyTopics.id, vocabularyTopicWords.topicId), eq(vocabularyTopics.published, true)),
    )
    .where(inArray(sql`lower(${vocabularyWords.headword})`, [...byCandidate.keys()]));
  if (rows.length === 0) return [];
  const mine = new Set(
    (
      await db
        .select({ wordId: vocabularyCards.wordId })
        .from(vocabularyCards)
        .where(
          and(
            eq(vocabularyCards.userId, userId),
            inArray(
              vocabularyCards.wordId,
              rows.map((row) => row.id),
            ),
          ),
        )
    ).map((row) => row.wordId),
  );
  return rows
    .map((row) => ({
      word: {
        id: row.id,
        headword: row.headword,
        part_of_speech: row.partOfSpeech,
        ipa: row.ipa,
        meaning_vi: row.meaningVi,
        definition_en: row.definitionEn,
        level: row.level,
      },
      questions: [...(byCandidate.get(row.headword.toLowerCase()) ?? [])].sort((a, b) => a - b),
      in_my_words: mine.has(row.id),
    }))
    .sort(
      (a, b) =>
        (a.questions[0] ?? 0) - (b.questions[0] ?? 0) || a.word.headword.localeCompare(b.word.headword),
    )
    .slice(0, RESULT_WORDS_MAX);
}

import { flesch } from 'flesch';
import { syllable } from 'syllable';

/*
 * How hard a passage reads, for the reviewer of generated questions (issue 18): the Flesch Reading Ease
 * (Flesch 1948: 206.835 − 1.015 × words per sentence − 84.6 × syllables per word; higher is easier),
 * counted with `syllable` and computed with `flesch` (both by Titus Wormer, MIT).
 *
 * The bands per CEFR level are a rule of thumb, not a standard: Flesch scores of graded readers and exam
 * passages overlap between neighbouring levels, so each band is wide and a passage outside it is only a
 * warning to look again — A2 texts usually read above 70, B1 55–90, B2 45–75, C1 25–65, C2 below 55.
 */
export const READING_EASE_BANDS: Record<string, readonly [number, number]> = {
  A1: [80, 121],
  A2: [70, 121],
  B1: [55, 90],
  B2: [45, 75],
  C1: [25, 65],
  C2: [-200, 55],
};

/** Fewer words than this say too little about a text's difficulty: no figure. */
export const MIN_WORDS = 40;

export interface Readability {
  /** Flesch Reading Ease, one decimal. */
  ease: number;
  words: number;
  sentences: number;
}

const WORD = /[A-Za-z]+(?:['’-][A-Za-z]+)*/g;

/** The reading ease of an English text (plain text), or null when it is too short to judge. */
export function readabilityOf(text: string): Readability | null {
  const words = text.match(WORD) ?? [];
  if (words.length < MIN_WORDS) return null;
  // Sentences end at . ! ? … and at paragraph breaks (a title); fragments without a letter are not sentences.
  const sentences = text
    .split(/(?<=[.!?…])["”’)]*\s+|\n\s*\n/u)
    .filter((sentence) => /[A-Za-z]/.test(sentence)).length;
  const syllables = words.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0);
  const ease = flesch({ sentence: Math.max(1, sentences), word: words.length, syllable: syllables });
  return { ease: Math.round(ease * 10) / 10, words: words.length, sentences };
}

/** Whether a reading ease suits a CEFR level (true for a level without a band: nothing to compare). */
export function suitsLevel(ease: number, level: string): boolean {
  const band = READING_EASE_BANDS[level];
  return !band || (ease >= band[0] && ease <= band[1]);
}

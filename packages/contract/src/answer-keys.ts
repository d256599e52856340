/*
 * Does a part's answer key look random? (issue 14). A key that cycles B, C, A lets a fixed-pattern guess
 * score far above chance. Used by the test detail (a warning for authors) and by the seed's unit test.
 *
 * A "fixed-pattern guess" is one letter throughout (A A A …) or a cycle of distinct letters
 * (A B A B …, B C A B C A …, A B C D A B C D …). Keys drawn at random let the best such guess score a
 * little above chance; a warning is raised only when it is improbable for random keys (z > 4), when the
 * same letter runs improbably long, or when a letter is never the key of a long part.
 */

export const KEY_WARNING_KINDS = ['pattern', 'run', 'unused'] as const;
export type KeyWarningKind = (typeof KEY_WARNING_KINDS)[number];

export interface KeyWarning {
  kind: KeyWarningKind;
  /** pattern: the guess, e.g. "BCA"; run: the repeated letter; unused: the letter never used. */
  pattern: string;
  /** pattern: questions the guess answers right; run: length of the run; unused: 0. */
  count: number;
  /** Questions of the part that have a single-letter key. */
  total: number;
  /** pattern: what a random guess scores on average (total ÷ options), rounded to one decimal. */
  chance: number;
  /** run: the number of the first question of the run. */
  from?: number;
}

export interface KeyedQuestion {
  number: number;
  /** The correct option's key. */
  key: string;
  /** The question's option keys (A–D, A–C …). */
  options: string[];
}

/** Every fixed-pattern guess over the letters: each letter, and each cycle of 2…k distinct letters. */
export function fixedPatterns(letters: string[]): string[][] {
  const patterns: string[][] = letters.map((letter) => [letter]);
  const extend = (prefix: string[], length: number) => {
    if (prefix.length === length) {
      patterns.push(prefix);
      return;
    }
    for (const letter of letters) if (!prefix.includes(letter)) extend([...prefix, letter], length);
  };
  for (let length = 2; length <= Math.min(letters.length, 4); length++) extend([], length);
  return patterns;
}

/** The best score of a fixed-pattern guess on these keys, and the guess. */
export function bestFixedGuess(keys: string[], letters: string[]): { pattern: string; score: number } {
  let best = { pattern: letters[0] ?? '', score: 0 };
  for (const pattern of fixedPatterns(letters)) {
    let score = 0;
    keys.forEach((key, index) => {
      if (pattern[index % pattern.length] === key) score++;
    });
    if (score > best.score) best = { pattern: pattern.join(''), score };
  }
  return best;
}

/** How far above chance (in standard deviations of a random guess) a score is. */
export function aboveChance(score: number, total: number, optionCount: number): number {
  const p = 1 / optionCount;
  const sd = Math.sqrt(total * p * (1 - p));
  return sd === 0 ? 0 : (score - total * p) / sd;
}

const PATTERN_Z = 4;

/**
 * Warnings about one part's key. Only single-letter keys of questions with the same options count (the
 * choice questions); a part with fewer than six of them is too short to judge.
 */
export function answerKeyWarnings(questions: KeyedQuestion[]): KeyWarning[] {
  const choice = questions.filter((question) => question.options.length >= 2);
  if (choice.length === 0) return [];
  const letters = [...choice[0]!.options].sort();
  const same = choice.filter(
    (question) =>
      question.options.length === letters.length && [...question.options].sort().join() === letters.join(),
  );
  const total = same.length;
  if (total < 6) return [];
  const keys = same.map((question) => question.key);
  const k = letters.length;
  const chance = Math.round((total / k) * 10) / 10;
  const warnings: KeyWarning[] = [];

  const best = bestFixedGuess(keys, letters);
  if (aboveChance(best.score, total, k) > PATTERN_Z && best.score >= total / k + 3) {
    warnings.push({ kind: 'pattern', pattern: best.pattern, count: best.score, total, chance });
  }

  // The longest run of one letter, against what random keys of this length reach (≈ log_k(n(k−1)) + 4).
  const limit = Math.floor(Math.log(total * (k - 1)) / Math.log(k)) + 4;
  let run = 1;
  let longest = { letter: keys[0]!, length: 1, from: same[0]!.number };
  for (let index = 1; index < keys.length; index++) {
    run = keys[index] === keys[index - 1] ? run + 1 : 1;
    if (run > longest.length)
      longest = { letter: keys[index]!, length: run, from: same[index - run + 1]!.number };
  }
  if (longest.length >= limit) {
    warnings.push({
      kind: 'run',
      pattern: longest.letter,
      count: longest.length,
      total,
      chance,
      from: longest.from,
    });
  }

  if (total >= 5 * k) {
    for (const letter of letters) {
      if (!keys.includes(letter)) warnings.push({ kind: 'unused', pattern: letter, count: 0, total, chance });
    }
  }
  return warnings;
}

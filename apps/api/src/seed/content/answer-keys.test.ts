import { aboveChance, answerKeyWarnings, bestFixedGuess } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { grammarWritingTest1 } from './grammar-writing';
import { ieltsReadingTest1 } from './ielts';
import { toeicTest1 } from './toeic';
import type { SeedQuestion } from './types';

/*
 * Every part of every seeded test (issue 14): a fixed-pattern guess (one letter throughout, or a cycle
 * such as B, C, A) must not score above chance. Random keys let the best such guess beat the mean a
 * little, so "above chance" is more than two standard deviations of a random guess; the author-facing
 * check (answerKeyWarnings) must have nothing to say either. Parts with fewer than six choice questions
 * (IELTS, Grammar & Writing) are too short for patterns: there no letter may be the key of most of them.
 */

interface Part {
  name: string;
  keys: string[];
  letters: string[];
}

const LETTERS = ['A', 'B', 'C', 'D'];
const seedKey = (question: SeedQuestion) => (question.kind === 'single_choice' ? [question.answer] : []);

const parts: Part[] = [
  { name: 'TOEIC Part 1', keys: toeicTest1.part1.map((item) => item.answer), letters: LETTERS },
  { name: 'TOEIC Part 2', keys: toeicTest1.part2.map((item) => item.answer), letters: ['A', 'B', 'C'] },
  ...(['part3', 'part4', 'part6', 'part7'] as const).map((part) => ({
    name: `TOEIC ${part}`,
    keys: toeicTest1[part].flatMap((set) => set.questions.map((question) => question.answer)),
    letters: LETTERS,
  })),
  { name: 'TOEIC Part 5', keys: toeicTest1.part5.map((question) => question.answer), letters: LETTERS },
  ...ieltsReadingTest1.passages.map((passage, index) => ({
    name: `IELTS passage ${index + 1}`,
    keys: passage.questions.flatMap(seedKey),
    letters: LETTERS,
  })),
  ...grammarWritingTest1.parts.map((part, index) => ({
    name: `Grammar & Writing part ${index + 1}`,
    keys: part.flatMap(seedKey),
    letters: LETTERS,
  })),
];

describe('seeded answer keys', () => {
  it('cover every TOEIC question', () => {
    const toeic = parts.filter((part) => part.name.startsWith('TOEIC'));
    expect(toeic.reduce((sum, part) => sum + part.keys.length, 0)).toBe(200);
  });

  it.each(parts.filter((part) => part.keys.length >= 6))(
    '$name: no fixed-pattern guess scores above chance',
    ({ keys, letters }) => {
      const best = bestFixedGuess(keys, letters);
      expect(
        aboveChance(best.score, keys.length, letters.length),
        `${best.pattern}: ${best.score}/${keys.length}`,
      ).toBeLessThanOrEqual(2);
      const warnings = answerKeyWarnings(
        keys.map((key, index) => ({ number: index + 1, key, options: letters })),
      );
      expect(warnings).toEqual([]);
    },
  );

  // A handful of choice questions matches some cycle whatever the keys: one letter must not dominate.
  it.each(parts.filter((part) => part.keys.length > 0 && part.keys.length < 6))(
    '$name: no letter is the key of more than half of its few choice questions',
    ({ keys, letters }) => {
      for (const letter of letters)
        expect(keys.filter((key) => key === letter).length, letter).toBeLessThanOrEqual(keys.length / 2);
    },
  );

  it('Part 2 no longer cycles B, C, A', () => {
    const keys = toeicTest1.part2.map((item) => item.answer);
    expect(bestFixedGuess(keys, ['A', 'B', 'C']).score).toBeLessThanOrEqual(11);
    const cycle = keys.filter((key, index) => key === 'BCA'[index % 3]).length;
    expect(cycle).toBeLessThanOrEqual(11);
  });
});

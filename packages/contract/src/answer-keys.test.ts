import { describe, expect, it } from 'vitest';
import { answerKeyWarnings, bestFixedGuess, fixedPatterns } from './answer-keys';

const keyed = (keys: string, letters = 'ABCD') =>
  [...keys].map((key, index) => ({ number: 101 + index, key, options: [...letters] }));

describe('answer key checks', () => {
  it('knows the fixed-pattern guesses: each letter and each cycle of distinct letters', () => {
    const patterns = fixedPatterns(['A', 'B', 'C']).map((pattern) => pattern.join(''));
    expect(patterns).toEqual([
      'A',
      'B',
      'C',
      'AB',
      'AC',
      'BA',
      'BC',
      'CA',
      'CB',
      'ABC',
      'ACB',
      'BAC',
      'BCA',
      'CAB',
      'CBA',
    ]);
    expect(bestFixedGuess([...'BCABCABCA'], ['A', 'B', 'C'])).toEqual({ pattern: 'BCA', score: 9 });
  });

  it('warns about a key that cycles, a long run and a letter never used', () => {
    // The old TOEIC Part 2 key: B, C, A for 19 of 25 questions.
    expect(answerKeyWarnings(keyed('BCABACBCABCACBABCACBABCAB', 'ABC'))).toEqual([
      { kind: 'pattern', pattern: 'BCA', count: 19, total: 25, chance: 8.3 },
    ]);
    const runs = answerKeyWarnings(keyed('ABDCBBBBBBBADCBACDAB'));
    expect(runs).toContainEqual({ kind: 'run', pattern: 'B', count: 7, total: 20, chance: 5, from: 105 });
    expect(answerKeyWarnings(keyed('ABCABCBACBCABACBCABCA'))).toContainEqual({
      kind: 'unused',
      pattern: 'D',
      count: 0,
      total: 21,
      chance: 5.3,
    });
  });

  it('says nothing about a balanced key, a short part or questions without letters', () => {
    expect(answerKeyWarnings(keyed('BCDDAB'))).toEqual([]);
    expect(answerKeyWarnings(keyed('AAAAA'))).toEqual([]);
    expect(answerKeyWarnings(keyed('BACBDDCADDBACDABBBACCDAACCDBDBDDDCCCAAC'))).toEqual([]);
    expect(answerKeyWarnings([])).toEqual([]);
  });
});

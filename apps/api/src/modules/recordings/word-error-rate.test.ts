import { describe, expect, it } from 'vitest';
import { wordErrors, wordsOf } from './word-error-rate';

describe('word error rate', () => {
  it('counts the fewest substitutions, deletions and insertions over the words said', () => {
    // said:   —   the cat sat on the mat.
    // heard: well the cat sit on  —  mat
    //         I           S       D       → 3 errors over 6 words
    expect(wordErrors('The cat sat on the mat.', 'well the cat sit on mat')).toEqual({
      substitutions: 1,
      deletions: 1,
      insertions: 1,
      words: 6,
      rate: 0.5,
    });
  });

  it('ignores case and punctuation, keeps contractions whole', () => {
    expect(wordsOf('“Well — I don’t think so,” she said; it’s 9 a.m.')).toEqual([
      'well',
      'i',
      "don't",
      'think',
      'so',
      'she',
      'said',
      "it's",
      '9',
      'a',
      'm',
    ]);
    expect(wordErrors("Well, I don't know!", 'well i don’t know').rate).toBe(0);
    expect(wordErrors('I live in a flat', 'I live in flat').rate).toBe(0.2);
  });

  it('a transcript of nothing misses every word; more words heard than said can exceed 1', () => {
    expect(wordErrors('I usually walk to school', '')).toMatchObject({ deletions: 5, rate: 1 });
    expect(wordErrors('yes', 'yes yes yes')).toMatchObject({ insertions: 2, rate: 2 });
    expect(wordErrors('', '').rate).toBe(0);
  });
});

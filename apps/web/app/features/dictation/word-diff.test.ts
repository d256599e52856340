import { describe, expect, it } from 'vitest';
import { diffSentence } from './word-diff';

const statuses = (expected: string, typed: string) =>
  diffSentence(expected, typed).words.map((word) => `${word.status}:${word.text}`);

describe('diffSentence', () => {
  it('ignores case and punctuation', () => {
    const result = diffSentence('Hi, this is Mai from Harbor Design.', 'hi this is mai from harbor design');
    expect(result.correct).toBe(7);
    expect(result.total).toBe(7);
    expect(result.words.every((word) => word.status === 'correct')).toBe(true);
    // The sentence's own words are shown, with their punctuation.
    expect(result.words[0]!.text).toBe('Hi,');
  });

  it('marks a wrong word with the word it replaces', () => {
    const result = diffSentence('We ordered twenty boxes.', 'We order twenty boxes');
    expect(result.words[1]).toEqual({ status: 'wrong', text: 'order', expected: 'ordered' });
    expect(result.correct).toBe(3);
  });

  it('marks missing and extra words', () => {
    expect(
      statuses(
        'Could you make sure it arrives before Thursday?',
        'Could you make it arrives on before Thursday',
      ),
    ).toEqual([
      'correct:Could',
      'correct:you',
      'correct:make',
      'missing:sure',
      'correct:it',
      'correct:arrives',
      'extra:on',
      'correct:before',
      'correct:Thursday?',
    ]);
  });

  it('accepts contractions in their long form and curly apostrophes', () => {
    expect(diffSentence("I'm sorry, we don't have it.", 'I am sorry we do not have it').correct).toBe(8);
    expect(diffSentence("I'll change the address.", 'I’ll change the address').correct).toBe(5);
    expect(statuses("I'm sorry.", 'I am sorry')).toEqual(["correct:I'm", 'correct:sorry.']);
    expect(diffSentence('It won’t work.', 'It will not work').correct).toBe(4);
  });

  it('accepts numbers in figures or in words', () => {
    expect(
      diffSentence('We have fifty-five people and 20 boxes.', 'We have 55 people and twenty boxes').correct,
    ).toBe(7);
    expect(diffSentence('Take fifteen percent off.', 'take 15% off').correct).toBe(4);
  });

  it('counts an empty answer as every word missing', () => {
    const result = diffSentence('Thank you very much.', '');
    expect(result.correct).toBe(0);
    expect(result.total).toBe(4);
    expect(result.words.map((word) => word.status)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });

  it('pairs a run of replaced words one for one and leaves the rest missing', () => {
    expect(statuses('The boxes were sent to your old address.', 'The box was sent to address')).toEqual([
      'correct:The',
      'wrong:box',
      'wrong:was',
      'correct:sent',
      'correct:to',
      'missing:your',
      'missing:old',
      'correct:address.',
    ]);
  });
});

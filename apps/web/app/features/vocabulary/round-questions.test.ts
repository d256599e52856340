import { describe, expect, it } from 'vitest';
import { buildRound, isTypedAnswerRight } from './round-questions';
import type { TopicWord } from './types';

const word = (n: number): TopicWord => ({
  id: `w${n}`,
  headword: `word ${n}`,
  part_of_speech: 'noun',
  ipa: '',
  meaning_vi: `nghĩa ${n}`,
  definition_en: `meaning ${n}`,
  examples: [],
  level: 'A2',
  tags: [],
  image_id: null,
  image_url: null,
  audio_id: null,
  audio_url: null,
});

describe('learn round', () => {
  it('asks ten different words in turn choose, type and listen, with the right meaning among the options', () => {
    const words = Array.from({ length: 20 }, (_, n) => word(n));
    const round = buildRound(words);
    expect(round).toHaveLength(10);
    expect(new Set(round.map((q) => q.word.id)).size).toBe(10);
    expect(round.map((q) => q.kind)).toEqual([
      'choose',
      'type',
      'listen',
      'choose',
      'type',
      'listen',
      'choose',
      'type',
      'listen',
      'choose',
    ]);
    // Typing and listening both want the headword itself.
    for (const question of round)
      if (question.kind !== 'choose') expect(question.answer).toBe(question.word.headword);
    for (const question of round) {
      if (question.kind !== 'choose') continue;
      expect(question.options).toHaveLength(4);
      expect(question.options).toContain(question.word.meaning_vi);
      expect(new Set(question.options).size).toBe(4);
    }
  });

  it('works with a topic smaller than a round', () => {
    const round = buildRound([word(1), word(2)]);
    expect(round).toHaveLength(2);
    expect(round[0]!.kind === 'choose' && round[0]!.options.sort()).toEqual(['nghĩa 1', 'nghĩa 2']);
  });

  it('accepts a typed word whatever its case and spacing', () => {
    expect(isTypedAnswerRight('  Cutting   BOARD ', 'cutting board')).toBe(true);
    expect(isTypedAnswerRight('cutting boards', 'cutting board')).toBe(false);
  });
});

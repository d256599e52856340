import { describe, expect, it } from 'vitest';
import { measureEssay } from './draft-feedback';

/** The offline draft feedback's measures of an essay (issue 28): counted, never a band. */
describe('measureEssay', () => {
  it('counts words and sentences, and finds the linking words used', () => {
    const text =
      'Some people think cities should ban cars. However, buses are cheap and trains are fast.\n\nIn conclusion, public transport is better because it is cleaner.';
    const measures = measureEssay(text);
    expect(measures.word_count).toBe(25);
    expect(measures.sentence_count).toBe(3);
    expect(measures.mean_sentence_length).toBe(8.3);
    expect(measures.linking_words).toEqual(['however', 'in conclusion', 'because']);
    // 25 words, of which "are" and "is" come twice: 23 distinct.
    expect(measures.type_token_ratio).toBeCloseTo(23 / 25, 3);
    expect(measures.mtld).toBeGreaterThan(0);
  });

  it('gives MTLD only from ten words, and a repetitive text a lower one', () => {
    expect(measureEssay('Short text here.').mtld).toBeNull();
    const varied = measureEssay(
      'Every morning my grandmother walks along the quiet river, feeding ducks, greeting neighbours and buying bread.',
    );
    const repetitive = measureEssay('the cat and the cat and the cat and the cat and the cat and the cat.');
    expect(repetitive.mtld!).toBeLessThan(varied.mtld!);
    expect(measureEssay('')).toMatchObject({ word_count: 0, sentence_count: 0, mean_sentence_length: 0 });
  });
});

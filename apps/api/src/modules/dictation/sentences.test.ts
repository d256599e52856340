import { describe, expect, it } from 'vitest';
import { countWords, splitSentences, transcriptSentences } from './sentences';

describe('transcript sentences', () => {
  it('keeps each turn’s speaker and cuts turns into sentences', () => {
    const html =
      '<p><strong>Woman:</strong> Hi, this is Mai from Harbor Design. We ordered twenty boxes last Monday.</p>' +
      '<p><strong>Man 1:</strong> I&#39;m sorry about that! Let me check &amp; call you back.</p>';
    expect(transcriptSentences(html)).toEqual([
      { index: 0, speaker: 'Woman', text: 'Hi, this is Mai from Harbor Design.' },
      { index: 1, speaker: 'Woman', text: 'We ordered twenty boxes last Monday.' },
      { index: 2, speaker: 'Man 1', text: "I'm sorry about that!" },
      { index: 3, speaker: 'Man 1', text: 'Let me check & call you back.' },
    ]);
  });

  it('reads a one-voice talk without speakers', () => {
    expect(transcriptSentences('<p>Attention, passengers. The train is late.</p><p>Thank you.</p>')).toEqual([
      { index: 0, speaker: null, text: 'Attention, passengers.' },
      { index: 1, speaker: null, text: 'The train is late.' },
      { index: 2, speaker: null, text: 'Thank you.' },
    ]);
  });

  it('does not end a sentence at a title or a price', () => {
    expect(splitSentences('Please welcome Mr. Tanaka, who paid $3.50 at 8 a.m. today. Thanks.')).toEqual([
      'Please welcome Mr. Tanaka, who paid $3.50 at 8 a.m. today.',
      'Thanks.',
    ]);
  });

  it('counts words as typed', () => {
    expect(countWords("We'll meet at 8:30, won’t we?")).toBe(7);
  });
});

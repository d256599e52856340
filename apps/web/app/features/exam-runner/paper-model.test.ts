import type { PaperQuestion } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { groupRange, sharedOptionList, showsStem } from './paper-model';

const question = (patch: Partial<PaperQuestion>): PaperQuestion => ({
  id: 'q',
  number: 1,
  answer_kind: 'single_choice',
  stem: '',
  options: [],
  items: [],
  audio: null,
  image: null,
  ...patch,
});

const HEADINGS = [
  { key: 'i', content: 'Where the extra heat comes from' },
  { key: 'ii', content: 'How air conditioning was invented' },
];

describe('rendering the paper as the real exam does', () => {
  it('labels a group by its question numbers', () => {
    expect(
      groupRange({
        questions: [question({ number: 33 }), question({ number: 32 }), question({ number: 34 })],
      }),
    ).toEqual({
      from: 32,
      to: 34,
    });
  });

  it('prints no stem that only repeats the number, and none for heard-only questions', () => {
    expect(showsStem(question({ number: 131, stem: '<p>131.</p>' }))).toBe(false);
    expect(showsStem(question({ number: 131, stem: '<p>(131)</p>' }))).toBe(false);
    expect(showsStem(question({ number: 7, stem: '' }))).toBe(false);
    expect(showsStem(question({ number: 131, stem: '<p>131 people came.</p>' }))).toBe(true);
    expect(showsStem(question({ number: 1, stem: '<p>Paragraph B</p>' }))).toBe(true);
  });

  it('prints a list of headings once, above the first of the matching questions sharing it', () => {
    const matching = (number: number) =>
      ({ question: question({ number, answer_kind: 'matching', options: HEADINGS }) }) as const;
    const slots = [
      matching(1),
      matching(2),
      matching(3),
      { question: question({ number: 4, answer_kind: 'true_false_not_given' }) },
    ];
    expect(slots.map((_, index) => sharedOptionList(slots, index))).toEqual([
      { shared: true, printHere: true },
      { shared: true, printHere: false },
      { shared: true, printHere: false },
      { shared: false, printHere: false },
    ]);
    // A lone matching question keeps its options in its own choice.
    expect(sharedOptionList([matching(9)], 0)).toEqual({ shared: false, printHere: false });
  });
});

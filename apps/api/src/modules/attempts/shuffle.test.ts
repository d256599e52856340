import { describe, expect, it } from 'vitest';
import { arrangeForAttempt, refersToOthers } from './shuffle';
import type { ModelGroup, ModelQuestion, ModelSection, TestModel } from './test-model';

/** The arrangement rules of per-attempt shuffling (issue 29) on a small compiled model. */

let numbering = 0;
function question(id: string, options = 4, audio = false): ModelQuestion {
  const number = ++numbering;
  return {
    id,
    sectionId: 's',
    kind: 'single_choice',
    rule: 'all_or_nothing',
    answer: { key: 'A' },
    number,
    paper: {
      id,
      number,
      answer_kind: 'single_choice',
      stem: `stem ${id}`,
      options: Array.from({ length: options }, (_, index) => ({
        key: 'ABCDEF'[index]!,
        content: `${id}-${index}`,
      })),
      items: [],
      audio: audio ? ({ id: `audio-${id}` } as ModelQuestion['paper']['audio']) : null,
      image: null,
    },
    explanationVi: null,
    explanationEn: null,
    type: { id: 't', name: 'single' },
    tags: [],
  };
}
function group(id: string, questions: ModelQuestion[], passage: string | null = null): ModelGroup {
  return { id, title: id, level: null, passage, transcript: null, audio: null, image: null, questions };
}
function section(id: string, items: ModelSection['items'], heardOnly = false): ModelSection {
  return { id, heardOnly, items, questions: [] } as unknown as ModelSection;
}
const model = (sections: ModelSection[]) => ({ sections, sectionById: new Map() }) as unknown as TestModel;
const ids = (items: ModelSection['items']) =>
  items.map((item) =>
    item.kind === 'question' ? item.question.id : `[${item.group.questions.map((q) => q.id).join(',')}]`,
  );
const BOTH = { questions: true, options: true };

describe('arrangeForAttempt', () => {
  it('returns the same model when nothing is shuffled', () => {
    const source = model([section('s', [{ kind: 'question', question: question('q1') }])]);
    expect(arrangeForAttempt(source, 'attempt', { questions: false, options: false })).toBe(source);
  });

  it('is the same for one attempt every time and differs between attempts', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({
      kind: 'question' as const,
      question: question(`q${index}`),
    }));
    const source = model([section('s', items)]);
    const first = ids(arrangeForAttempt(source, 'attempt-1', BOTH).sections[0]!.items);
    expect(ids(arrangeForAttempt(source, 'attempt-1', BOTH).sections[0]!.items)).toEqual(first);
    expect(ids(arrangeForAttempt(source, 'attempt-2', BOTH).sections[0]!.items)).not.toEqual(first);
    expect([...first].sort()).toEqual(ids(items).sort());
    // The source is untouched: grading reads it.
    expect(ids(source.sections[0]!.items)).toEqual(ids(items));
  });

  it('never moves the options of a heard-only part, and keeps a heard group’s questions in order', () => {
    const heard = question('heard');
    const listening = group('g', [question('l1', 4, true), question('l2', 4, true), question('l3', 4, true)]);
    const source = model([
      section('p1', [{ kind: 'question', question: heard }], true),
      section('p3', [{ kind: 'group', group: listening }]),
    ]);
    for (const attempt of ['a', 'b', 'c', 'd']) {
      const arranged = arrangeForAttempt(source, attempt, BOTH);
      const first = arranged.sections[0]!.items[0]!;
      expect(first.kind === 'question' && first.question.paper.options).toEqual(heard.paper.options);
      const grouped = arranged.sections[1]!.items[0]!;
      expect(grouped.kind === 'group' && grouped.group.questions.map((q) => q.id)).toEqual([
        'l1',
        'l2',
        'l3',
      ]);
    }
  });

  it('keeps a group’s questions in order when its passage numbers them, and shuffles them otherwise', () => {
    const numbered = [question('n1'), question('n2'), question('n3'), question('n4')];
    const passage = `<p>The staff ___(${numbered[0]!.number})___ the memo and ___(${numbered[1]!.number})___.</p>`;
    const free = Array.from({ length: 6 }, (_, index) => question(`f${index}`));
    const source = model([
      section('s', [
        { kind: 'group', group: group('numbered', numbered, passage) },
        { kind: 'group', group: group('free', free, '<p>A short story with no blanks.</p>') },
      ]),
    ]);
    const orders = new Set<string>();
    for (const attempt of ['a', 'b', 'c', 'd', 'e']) {
      const arranged = arrangeForAttempt(source, attempt, { questions: true, options: false });
      for (const item of arranged.sections[0]!.items) {
        if (item.kind !== 'group') continue;
        const order = item.group.questions.map((q) => q.id);
        if (item.group.id === 'numbered') expect(order).toEqual(['n1', 'n2', 'n3', 'n4']);
        else orders.add(order.join());
      }
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('pins options that refer to the others', () => {
    expect(refersToOthers('All of the above')).toBe(true);
    expect(refersToOthers('<p>none of these</p>')).toBe(true);
    expect(refersToOthers('Both A and B')).toBe(true);
    expect(refersToOthers('Tất cả các đáp án trên')).toBe(true);
    expect(refersToOthers('Cả A và B')).toBe(true);
    expect(refersToOthers('above the door')).toBe(false);
    expect(refersToOthers('studies')).toBe(false);
  });
});

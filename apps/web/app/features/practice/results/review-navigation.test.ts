import { describe, expect, it } from 'vitest';
import { breakdownRows, needsPractice, percent } from './breakdown-rows';
import {
  keepLoadedResult,
  paletteState,
  partSearch,
  questionAnchor,
  selectedPartIndex,
  shortPartName,
  stemWithoutNumber,
} from './review-navigation';

describe('the review one part at a time', () => {
  it('reads ?part= as a 1-based part, the first part when missing or out of range', () => {
    expect(selectedPartIndex('5', 7)).toBe(4);
    expect(selectedPartIndex(null, 7)).toBe(0);
    expect(selectedPartIndex('0', 7)).toBe(0);
    expect(selectedPartIndex('8', 7)).toBe(0);
    expect(selectedPartIndex('2.5', 7)).toBe(0);
    expect(selectedPartIndex('abc', 7)).toBe(0);
  });

  it('builds the part link keeping other parameters', () => {
    expect(partSearch('', 5)).toBe('?part=6');
    expect(partSearch('?part=2&x=1', 0)).toBe('?part=1&x=1');
    expect(questionAnchor(131)).toBe('question-131');
  });

  it('shortens a part name to its label', () => {
    expect(shortPartName('Part 5 – Hoàn thành câu')).toBe('Part 5');
    expect(shortPartName('Passage 1')).toBe('Passage 1');
  });

  it('drops a stem that only repeats the question number (TOEIC Part 6)', () => {
    expect(stemWithoutNumber('<p>131.</p>', 131)).toBe('');
    expect(stemWithoutNumber('131.', 131)).toBe('');
    expect(stemWithoutNumber('<p><strong>(132)</strong></p>', 132)).toBe('');
    expect(stemWithoutNumber('<p>131.</p>', 132)).toBe('<p>131.</p>');
    expect(stemWithoutNumber('<p>131. Choose the best word.</p>', 131)).toBe(
      '<p>131. Choose the best word.</p>',
    );
  });

  it('keeps the loaded result when only the part or the question changes', () => {
    const url = (path: string) => new URL(path, 'http://localhost');
    const args = (from: string, to: string, formMethod?: 'POST') =>
      ({
        currentUrl: url(from),
        nextUrl: url(to),
        formMethod,
        defaultShouldRevalidate: true,
      }) as Parameters<typeof keepLoadedResult>[0];
    expect(keepLoadedResult(args('/tests/a/result/1', '/tests/a/result/1?part=5#question-101'))).toBe(false);
    expect(keepLoadedResult(args('/tests/a/result/1', '/tests/a/result/2'))).toBe(true);
    expect(keepLoadedResult(args('/tests/a/result/1', '/tests/a/result/1', 'POST'))).toBe(true);
  });

  it('colours partly correct answers as wrong in the palette', () => {
    expect(paletteState({ outcome: 'partial' })).toBe('wrong');
    expect(paletteState({ outcome: 'skipped' })).toBe('skipped');
    expect(paletteState({ outcome: 'correct' })).toBe('correct');
  });
});

const row = (
  overrides: Partial<Parameters<typeof needsPractice>[0]> & { dimension?: 'skill' | 'question_type' },
) => ({
  dimension: overrides.dimension ?? ('skill' as const),
  key: 'k',
  name: 'k',
  name_en: null,
  section_ids: [],
  correct: 0,
  total: 0,
  accuracy: overrides.accuracy ?? null,
  everyone_correct: 0,
  everyone_total: 0,
  everyone_accuracy: overrides.everyone_accuracy ?? null,
  missed: [],
});

describe('the breakdown rows shown', () => {
  it('asks for practice below 60 % or clearly behind everyone', () => {
    expect(needsPractice(row({ accuracy: 0.5 }))).toBe(true);
    expect(needsPractice(row({ accuracy: 0.7, everyone_accuracy: 0.9 }))).toBe(true);
    expect(needsPractice(row({ accuracy: 0.7, everyone_accuracy: 0.75 }))).toBe(false);
    expect(needsPractice(row({ accuracy: null }))).toBe(false);
  });

  it('leaves out a single question type when skills are tagged', () => {
    const type = row({ dimension: 'question_type', accuracy: 0.5 });
    const skill = row({ accuracy: 0.2 });
    expect(breakdownRows([skill, type])).toEqual([skill]);
    expect(breakdownRows([type])).toEqual([type]);
    const other = { ...type, key: 'other' };
    expect(breakdownRows([skill, type, other])).toEqual([skill, type, other]);
  });

  it('rounds shares to whole percentages', () => {
    expect(percent(1 / 3)).toBe(33);
    expect(percent(null)).toBe(0);
  });
});

import { ieltsBand, type Outcome } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { ieltsBands } from './ielts-bands';
import type { ModelSection } from './test-model';

/** A Writing part holding one essay marked on the IELTS writing rubric, as a published version freezes it. */
function writingPart(id: string, answer: Record<string, unknown>): ModelSection {
  return {
    id: `section-${id}`,
    name: `Writing ${id}`,
    skill: 'writing',
    scoreSection: 'writing',
    questions: [{ id, sectionId: `section-${id}`, kind: 'essay', rule: 'manual', answer }],
  } as unknown as ModelSection;
}

const task1 = writingPart('task-1', { rubric: 'ielts_writing', min_words: 150 });
const task2Weighted = writingPart('task-2', { rubric: 'ielts_writing', min_words: 250, band_weight: 2 });
const task2Plain = writingPart('task-2', { rubric: 'ielts_writing', min_words: 250 });

function writingBand(task2: ModelSection, marks: Record<string, number>, outcomes: Record<string, Outcome>) {
  const bands = ieltsBands({
    mode: 'full',
    sections: [task1, task2],
    scoring: [],
    scores: [],
    outcomes: new Map(Object.entries(outcomes)),
    marks: new Map(Object.entries(marks)),
  });
  return bands?.skills.find((skill) => skill.skill === 'writing')?.band;
}

const answered: Record<string, Outcome> = { 'task-1': 'pending', 'task-2': 'pending' };

describe('ieltsBands: the Writing band weighs each task by its band weight (issue 28)', () => {
  it('Task 1 at 6 and Task 2 (weight 2) at 7: (6 + 14) / 3 = 6.67, to the half band 6.5', () => {
    expect(ieltsBand([6.67])).toBe(6.5);
    expect(writingBand(task2Weighted, { 'task-1': 6, 'task-2': 7 }, answered)).toBe(6.5);
    // Equal weights: (6 + 7) / 2 = 6.5 as well.
    expect(writingBand(task2Plain, { 'task-1': 6, 'task-2': 7 }, answered)).toBe(6.5);
  });

  it('differs from equal weights where the rounding crosses a half band', () => {
    // 5 and 7: 19 / 3 = 6.33 → 6.5 weighted, 6 with equal weights.
    expect(writingBand(task2Weighted, { 'task-1': 5, 'task-2': 7 }, answered)).toBe(6.5);
    expect(writingBand(task2Plain, { 'task-1': 5, 'task-2': 7 }, answered)).toBe(6);
    // 7 and 5.5: 18 / 3 = 6 weighted, 6.25 → 6.5 (a quarter rounds up) with equal weights.
    expect(writingBand(task2Weighted, { 'task-1': 7, 'task-2': 5.5 }, answered)).toBe(6);
    expect(writingBand(task2Plain, { 'task-1': 7, 'task-2': 5.5 }, answered)).toBe(6.5);
  });

  it('counts a blank Task 2 as 0 with its weight, and waits for a teacher before banding', () => {
    // 6 and a blank Task 2: 6 / 3 = 2.
    expect(writingBand(task2Weighted, { 'task-1': 6 }, { 'task-1': 'pending', 'task-2': 'skipped' })).toBe(2);
    expect(writingBand(task2Plain, { 'task-1': 6 }, { 'task-1': 'pending', 'task-2': 'skipped' })).toBe(3);
    expect(writingBand(task2Weighted, { 'task-1': 6 }, answered)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { gradeAnswer, gradeAttempt, normalizeText } from './grading';

describe('grading one answer', () => {
  it('single choice and true/false/not given are right or wrong', () => {
    expect(gradeAnswer('single_choice', 'all_or_nothing', { key: 'B' }, { key: 'B' })).toEqual({
      outcome: 'correct',
      points: 1,
    });
    expect(gradeAnswer('single_choice', 'all_or_nothing', { key: 'B' }, { key: 'C' })).toEqual({
      outcome: 'wrong',
      points: 0,
    });
    expect(gradeAnswer('single_choice', 'all_or_nothing', { key: 'B' }, null)).toEqual({
      outcome: 'skipped',
      points: 0,
    });
    expect(
      gradeAnswer('true_false_not_given', 'all_or_nothing', { value: 'not_given' }, { value: 'not_given' })
        .outcome,
    ).toBe('correct');
    expect(
      gradeAnswer('true_false_not_given', 'all_or_nothing', { value: 'false' }, { value: 'true' }).outcome,
    ).toBe('wrong');
  });

  it('multiple choice: (right − wrong picks) / correct count, floored at 0; all or nothing needs the exact set', () => {
    const correct = { keys: ['A', 'C', 'D'] };
    expect(gradeAnswer('multiple_choice', 'partial', correct, { keys: ['A', 'C', 'D'] })).toEqual({
      outcome: 'correct',
      points: 1,
    });
    expect(gradeAnswer('multiple_choice', 'partial', correct, { keys: ['A', 'C'] })).toEqual({
      outcome: 'partial',
      points: 2 / 3,
    });
    expect(gradeAnswer('multiple_choice', 'partial', correct, { keys: ['A', 'C', 'B'] })).toEqual({
      outcome: 'partial',
      points: 1 / 3,
    });
    expect(gradeAnswer('multiple_choice', 'partial', correct, { keys: ['A', 'B', 'E'] })).toEqual({
      outcome: 'wrong',
      points: 0,
    });
    expect(gradeAnswer('multiple_choice', 'all_or_nothing', correct, { keys: ['A', 'C'] })).toEqual({
      outcome: 'wrong',
      points: 0,
    });
  });

  it('gap fill and short answer compare normalised text against every accepted variant', () => {
    expect(normalizeText('  The   “Old”  Mill. ')).toBe('the "old" mill');
    const accepted = { accepted: ['river bank', "farmers' market"] };
    expect(gradeAnswer('gap_fill', 'all_or_nothing', accepted, { text: ' River  Bank.' }).outcome).toBe(
      'correct',
    );
    expect(
      gradeAnswer('short_answer', 'all_or_nothing', accepted, { text: 'Farmers’ market!' }).outcome,
    ).toBe('correct');
    expect(gradeAnswer('short_answer', 'all_or_nothing', accepted, { text: 'market' }).outcome).toBe('wrong');
    expect(gradeAnswer('gap_fill', 'all_or_nothing', accepted, { text: '   ' }).outcome).toBe('skipped');
  });

  it('matching earns per pair and ordering per position under the partial rule', () => {
    const pairs = { pairs: { '1': 'C', '2': 'A', '3': 'B', '4': 'D' } };
    expect(gradeAnswer('matching', 'partial', pairs, { pairs: { '1': 'C', '2': 'A', '3': 'D' } })).toEqual({
      outcome: 'partial',
      points: 0.5,
    });
    expect(
      gradeAnswer('matching', 'all_or_nothing', pairs, { pairs: { '1': 'C', '2': 'A', '3': 'D' } }).points,
    ).toBe(0);
    expect(gradeAnswer('matching', 'all_or_nothing', pairs, pairs).outcome).toBe('correct');
    const order = { order: ['B', 'D', 'A', 'C'] };
    expect(gradeAnswer('ordering', 'partial', order, { order: ['B', 'D', 'C', 'A'] })).toEqual({
      outcome: 'partial',
      points: 0.5,
    });
    expect(gradeAnswer('ordering', 'partial', order, { order: ['A', 'B', 'C', 'D'] }).outcome).toBe('wrong');
  });

  it('essays and manual rules wait for a teacher', () => {
    expect(gradeAnswer('essay', 'manual', null, { text: 'My view is…' })).toEqual({
      outcome: 'pending',
      points: 0,
    });
    expect(gradeAnswer('essay', 'manual', null, { text: '' }).outcome).toBe('skipped');
    expect(gradeAnswer('single_choice', 'manual', { key: 'A' }, { key: 'A' }).outcome).toBe('pending');
  });
});

describe('grading an attempt', () => {
  const sections = [
    { id: 's1', name: 'Part 1', skill: 'listening' as const, scoreSection: 'listening' },
    { id: 's2', name: 'Part 2', skill: 'reading' as const, scoreSection: 'reading' },
  ];
  const questions = [
    {
      id: 'q1',
      sectionId: 's1',
      kind: 'single_choice' as const,
      rule: 'all_or_nothing' as const,
      answer: { key: 'A' },
    },
    {
      id: 'q2',
      sectionId: 's1',
      kind: 'single_choice' as const,
      rule: 'all_or_nothing' as const,
      answer: { key: 'B' },
    },
    {
      id: 'q3',
      sectionId: 's2',
      kind: 'multiple_choice' as const,
      rule: 'partial' as const,
      answer: { keys: ['A', 'B'] },
    },
    {
      id: 'q4',
      sectionId: 's2',
      kind: 'gap_fill' as const,
      rule: 'all_or_nothing' as const,
      answer: { accepted: ['tea'] },
    },
  ];
  const scoring = [
    {
      section: 'listening',
      method: 'table' as const,
      table: [
        { raw: 0, score: 5 },
        { raw: 1, score: 50 },
        { raw: 2, score: 100 },
      ],
      points_per_question: 1,
      is_estimate: true,
    },
    {
      section: 'reading',
      method: 'per_question' as const,
      table: null,
      points_per_question: 2.5,
      is_estimate: false,
    },
  ];
  const given = new Map<string, Record<string, unknown> | null>([
    ['q1', { key: 'A' }],
    ['q2', { key: 'C' }],
    ['q3', { keys: ['A'] }],
  ]);

  it('converts raw points by table and per question, counting each outcome per part', () => {
    const grade = gradeAttempt({ mode: 'full', sections, questions, scoring, given });
    expect(grade.sections).toEqual([
      { section: 'listening', raw: 1, max_raw: 2, score: 50, max_score: 100, method: 'table', pending: 0 },
      {
        section: 'reading',
        raw: 0.5,
        max_raw: 2,
        score: 1.25,
        max_score: 5,
        method: 'per_question',
        pending: 0,
      },
    ]);
    expect(grade.scoreTotal).toBe(51.25);
    expect(grade.maxScore).toBe(105);
    expect(grade.isEstimate).toBe(true);
    expect(grade.counts).toEqual({ correct: 1, partial: 1, wrong: 1, skipped: 1, pending: 0, total: 4 });
    expect(grade.parts[1]).toMatchObject({ section_id: 's2', partial: 1, skipped: 1, total: 2 });
  });

  it('gives practice raw counts only and leaves the total open while an essay waits', () => {
    const practice = gradeAttempt({ mode: 'practice', sections: [sections[0]!], questions, scoring, given });
    expect(practice.sections).toEqual([
      { section: 'listening', raw: 1, max_raw: 2, score: null, max_score: null, method: 'table', pending: 0 },
    ]);
    expect(practice.scoreTotal).toBeNull();

    const withEssay = gradeAttempt({
      mode: 'full',
      sections,
      questions: [...questions, { id: 'q5', sectionId: 's2', kind: 'essay', rule: 'manual', answer: null }],
      scoring,
      given: new Map([...given, ['q5', { text: 'Tea is a habit.' }]]),
    });
    expect(withEssay.grading).toBe('pending_manual');
    expect(withEssay.scoreTotal).toBeNull();
    expect(withEssay.counts.pending).toBe(1);
    // The essay's section says its score is not final; the other section's is.
    expect(withEssay.sections.map((section) => [section.section, section.pending])).toEqual([
      ['listening', 0],
      ['reading', 1],
    ]);
  });
});

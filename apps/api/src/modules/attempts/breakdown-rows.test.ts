import { describe, expect, it } from 'vitest';
import { type BreakdownQuestion, buildBreakdown, skillsOf } from './breakdown';

const type = { id: 't1', name: 'Single choice' };
const question = (id: string, number: number, skills: string[], sectionId = 's1'): BreakdownQuestion => ({
  id,
  number,
  sectionId,
  type,
  skills,
});

describe('buildBreakdown', () => {
  it('reads skills from skill: tags only', () => {
    expect(skillsOf(['toeic', 'part-5', 'skill:word-form', 'skill:tense'])).toEqual(['word-form', 'tense']);
  });

  it('counts per question type and skill, against everyone, weakest first', () => {
    const questions = [
      question('a', 101, ['word-form']),
      question('b', 102, ['word-form']),
      question('c', 103, ['preposition']),
      question('d', 104, ['preposition'], 's2'),
      question('e', 105, []),
    ];
    const rows = buildBreakdown(
      questions,
      new Map([
        ['a', 'wrong'],
        ['c', 'correct'],
        ['d', 'correct'],
        ['e', 'pending'],
      ] as const),
      new Map([
        ['a', { correct: 3, graded: 4 }],
        ['b', { correct: 1, graded: 4 }],
        ['c', { correct: 2, graded: 4 }],
      ]),
    );
    expect(rows.map((row) => `${row.dimension}:${row.key}`)).toEqual([
      'skill:word-form',
      'question_type:t1',
      'skill:preposition',
    ]);
    expect(rows[0]).toMatchObject({
      correct: 0,
      total: 2,
      accuracy: 0,
      everyone_correct: 4,
      everyone_total: 8,
      everyone_accuracy: 0.5,
      missed: [101, 102],
      section_ids: ['s1'],
    });
    // The essay awaiting a teacher is neither counted nor missed.
    expect(rows[1]).toMatchObject({ correct: 2, total: 4, accuracy: 0.5, missed: [101, 102] });
    expect(rows[2]).toMatchObject({ accuracy: 1, section_ids: ['s1', 's2'], everyone_total: 4 });
  });

  it('puts a row with no graded question last and breaks ties by the gap to everyone', () => {
    const rows = buildBreakdown(
      [question('a', 1, ['x']), question('b', 2, ['y']), question('c', 3, ['z'])],
      new Map([
        ['a', 'correct'],
        ['b', 'correct'],
        ['c', 'pending'],
      ] as const),
      new Map([
        ['a', { correct: 1, graded: 2 }],
        ['b', { correct: 1, graded: 1 }],
      ]),
    );
    const skills = rows.filter((row) => row.dimension === 'skill').map((row) => row.key);
    expect(skills).toEqual(['y', 'x', 'z']);
  });
});

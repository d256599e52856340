import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerShapes, BAND_WEIGHT_KEY, bandWeightOf, speakingSettingsSchema } from './question-bank';
import {
  agreement,
  commentRangeErrors,
  criteriaErrors,
  ieltsBand,
  overallScore,
  RUBRICS,
  rubricOf,
  shareOf,
} from './rubrics';
import { fieldErrorsFromIssues } from './validation';

describe('IELTS overall band', () => {
  it('rounds the mean to the nearest half band, .25 and .75 rounding up', () => {
    expect(ieltsBand([6, 6, 6, 7])).toBe(6.5); // 6.25
    expect(ieltsBand([7, 7, 7, 6])).toBe(7); // 6.75
    expect(ieltsBand([6, 6, 6, 6.5])).toBe(6); // 6.125
    expect(ieltsBand([6.5, 6.5, 6.5, 6])).toBe(6.5); // 6.375
    expect(ieltsBand([6, 6, 7, 7])).toBe(6.5);
    expect(ieltsBand([9, 9, 9, 9])).toBe(9);
    expect(ieltsBand([0, 0, 0, 1])).toBe(0.5); // 0.25
    expect(ieltsBand([])).toBeNull();
  });

  const bands = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 });
  const mean = (scores: number[]) => scores.reduce((sum, score) => sum + score, 0) / scores.length;

  it('is a half band within a quarter band of the mean, never below it by a quarter', () => {
    fc.assert(
      fc.property(bands, (scores) => {
        const band = ieltsBand(scores)!;
        expect(Number.isInteger(band * 2)).toBe(true);
        expect(band - mean(scores)).toBeLessThanOrEqual(0.25);
        expect(band - mean(scores)).toBeGreaterThan(-0.25);
        expect(band).toBeGreaterThanOrEqual(0);
        expect(band).toBeLessThanOrEqual(9);
      }),
    );
  });

  it('never falls when a criterion rises, and ignores the criteria’s order', () => {
    fc.assert(
      fc.property(bands, fc.nat(3), (scores, index) => {
        fc.pre(scores[index]! < 9);
        const raised = scores.map((score, at) => (at === index ? score + 1 : score));
        expect(ieltsBand(raised)!).toBeGreaterThanOrEqual(ieltsBand(scores)!);
        expect(ieltsBand([...scores].reverse())).toBe(ieltsBand(scores));
      }),
    );
  });

  it('agrees with the rule written out on quarters: x.25 and x.75 up, x.125 down, x.375 up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 72 }), (eighths) => {
        const value = eighths / 8;
        const fraction = value - Math.floor(value);
        const expected =
          fraction < 0.25
            ? Math.floor(value)
            : fraction < 0.75
              ? Math.floor(value) + 0.5
              : Math.floor(value) + 1;
        expect(ieltsBand([value])).toBe(expected);
      }),
    );
  });
});

describe('weighted IELTS band (Writing Task 2 counts twice)', () => {
  it('weighs the mean before the half-band rounding', () => {
    // Task 1 at 6, Task 2 at 7: equal weight is 6.5 (the mean), weight 2 for Task 2 is 20 / 3 = 6.67 → 6.5.
    expect(ieltsBand([6, 7])).toBe(6.5);
    expect(ieltsBand([6, 7], [1, 2])).toBe(6.5);
    // Task 1 at 5, Task 2 at 7: 6 with equal weight, 19 / 3 = 6.33 → 6.5 with Task 2 twice.
    expect(ieltsBand([5, 7])).toBe(6);
    expect(ieltsBand([5, 7], [1, 2])).toBe(6.5);
    // Task 1 at 7, Task 2 at 5.5: 6.25 → 6.5 with equal weight, 18 / 3 = 6 with Task 2 twice.
    expect(ieltsBand([7, 5.5])).toBe(6.5);
    expect(ieltsBand([7, 5.5], [1, 2])).toBe(6);
  });

  it('is the plain mean when every weight is 1 or missing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }), (scores) => {
        expect(
          ieltsBand(
            scores,
            scores.map(() => 1),
          ),
        ).toBe(ieltsBand(scores));
        expect(ieltsBand(scores, [])).toBe(ieltsBand(scores));
      }),
    );
  });

  it('counts a score of weight w as w equal scores', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 3 }),
        (a, b, w) => {
          expect(ieltsBand([a, b], [1, w])).toBe(ieltsBand([a, ...Array(w).fill(b)]));
        },
      ),
    );
  });
});

describe('band weight of an essay or a spoken answer', () => {
  const errorsOf = (result: { success: boolean; error?: { issues: never[] } }) =>
    result.success ? {} : fieldErrorsFromIssues(result.error!.issues);

  it('takes a whole number from 1 to 3, and none is 1', () => {
    expect(answerShapes.essay.safeParse({ rubric: 'ielts_writing', band_weight: 2 }).data).toEqual({
      rubric: 'ielts_writing',
      band_weight: 2,
    });
    expect(answerShapes.essay.safeParse({ rubric: 'ielts_writing' }).success).toBe(true);
    expect(bandWeightOf({ rubric: 'ielts_writing', band_weight: 2 })).toBe(2);
    expect(bandWeightOf({ rubric: 'ielts_writing' })).toBe(1);
    expect(bandWeightOf(null)).toBe(1);
    expect(bandWeightOf({ band_weight: 7 })).toBe(1);
  });

  it.each([0, 4, 1.5, '2', null])('refuses %j, naming the field with a translation key', (weight) => {
    expect(
      errorsOf(answerShapes.essay.safeParse({ rubric: 'ielts_writing', band_weight: weight }) as never),
    ).toEqual({ band_weight: BAND_WEIGHT_KEY });
    const speaking = {
      preparation_seconds: 0,
      speaking_seconds: 60,
      prompt_mode: 'text',
      band_weight: weight,
    };
    expect(errorsOf(speakingSettingsSchema.safeParse(speaking) as never)).toEqual({
      band_weight: BAND_WEIGHT_KEY,
    });
  });
});

describe('rubrics', () => {
  it('makes the overall score and the share of the question', () => {
    const writing = RUBRICS.ielts_writing;
    const criteria = { task_response: 7, coherence_cohesion: 6, lexical_resource: 6, grammatical_range: 6 };
    expect(overallScore(writing, criteria)).toBe(6.5);
    expect(shareOf(writing, 6.5)).toBeCloseTo(6.5 / 9, 10);
    expect(overallScore(writing, { task_response: 7 })).toBeNull();
    // The generic rubric keeps issue 15's plain mean over 10.
    const generic = RUBRICS.generic;
    expect(overallScore(generic, { task: 7, coherence: 6.5, vocabulary: 6, grammar: 6.5 })).toBe(6.5);
    expect(shareOf(generic, 6.5)).toBe(0.65);
    expect(rubricOf(undefined)).toBe(generic);
    expect(rubricOf('ielts_speaking').criteria).toContain('pronunciation');
  });

  it('names each bad criterion with a translation key', () => {
    expect(
      criteriaErrors(RUBRICS.ielts_writing, {
        task_response: 10,
        coherence_cohesion: 6.5,
        lexical_resource: 'six',
        extra: 5,
      }),
    ).toEqual({
      'criteria.task_response': 'marking.band_out_of_range',
      'criteria.coherence_cohesion': 'marking.band_step',
      'criteria.lexical_resource': 'common.invalid_field',
      'criteria.grammatical_range': 'common.required_field',
      'criteria.extra': 'marking.unknown_criterion',
    });
    expect(
      criteriaErrors(RUBRICS.generic, { task: 6.5, coherence: 0, vocabulary: 10, grammar: 9.5 }),
    ).toEqual({});
    expect(
      commentRangeErrors(
        [
          { start: 3, end: 3, text: 'x' },
          { start: 0, end: 9, text: 'y' },
        ],
        8,
      ),
    ).toEqual({
      'comments.0.end': 'marking.comment_range',
      'comments.1.end': 'marking.comment_range',
    });
  });
});

describe('agreement of machine drafts with teachers', () => {
  it('computes the quadratic weighted kappa of a worked example', () => {
    /*
     * Six essays, teacher vs machine: (5,5) (6,5) (6,6) (7,7) (7,8) (8,8).
     * Observed: two pairs one band apart, Σ O·d² = 1 + 1 = 2.
     * Marginals: teacher 5:1 6:2 7:2 8:1, machine 5:2 6:1 7:1 8:2; E(i,j) = t_i · m_j / 6.
     *   teacher 5: 1 · (2·0 + 1·1 + 1·4 + 2·9) = 23
     *   teacher 6: 2 · (2·1 + 1·0 + 1·1 + 2·4) = 22
     *   teacher 7: 2 · (2·4 + 1·1 + 1·0 + 2·1) = 22
     *   teacher 8: 1 · (2·9 + 1·4 + 1·1 + 2·0) = 23
     *   Σ E·d² = 90 / 6 = 15.
     * κ = 1 − 2 / 15 = 13 / 15 = 0.8667; MAD = 2 / 6 = 0.333; within half a band: 4 / 6 = 0.667.
     */
    const pairs = [
      [5, 5],
      [6, 5],
      [6, 6],
      [7, 7],
      [7, 8],
      [8, 8],
    ].map(([teacher, machine]) => ({ teacher: teacher!, machine: machine! }));
    const result = agreement(pairs);
    expect(result.kappa).toBeCloseTo(0.867, 3);
    expect(result.mean_absolute_difference).toBeCloseTo(0.333, 3);
    expect(result.within_half_band).toBeCloseTo(0.667, 3);
    expect(result.n).toBe(6);
  });

  it('is 1 for perfect agreement, null when chance cannot be told apart, empty without pairs', () => {
    expect(
      agreement([
        { teacher: 5, machine: 5 },
        { teacher: 7, machine: 7 },
      ]).kappa,
    ).toBe(1);
    expect(
      agreement([
        { teacher: 6, machine: 6 },
        { teacher: 6, machine: 6 },
      ]).kappa,
    ).toBeNull();
    expect(agreement([])).toEqual({
      kappa: null,
      mean_absolute_difference: null,
      within_half_band: null,
      n: 0,
    });
    // Half bands: 6.5 vs 6 is within half a band, 6.5 vs 7.5 is not.
    const halves = agreement([
      { teacher: 6.5, machine: 6 },
      { teacher: 6.5, machine: 7.5 },
    ]);
    expect(halves.within_half_band).toBe(0.5);
    expect(halves.mean_absolute_difference).toBe(0.75);
  });

  it('keeps kappa at most 1 and symmetric in who is teacher and who is machine', () => {
    const pair = fc.record({
      teacher: fc.integer({ min: 0, max: 18 }),
      machine: fc.integer({ min: 0, max: 18 }),
    });
    fc.assert(
      fc.property(fc.array(pair, { minLength: 2, maxLength: 30 }), (raw) => {
        const pairs = raw.map((p) => ({ teacher: p.teacher / 2, machine: p.machine / 2 }));
        const { kappa } = agreement(pairs);
        const swapped = agreement(pairs.map((p) => ({ teacher: p.machine, machine: p.teacher }))).kappa;
        if (kappa !== null) expect(kappa).toBeLessThanOrEqual(1);
        expect(swapped).toBe(kappa);
      }),
    );
  });
});

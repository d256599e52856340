import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cronbachAlpha,
  discrimination,
  discriminativeEfficiency,
  facility,
  flagsOf,
  mean,
  median,
  standardDeviation,
  standardError,
  strongestThird,
  variance,
} from './statistics';

/*
 * Four attempts of three right/wrong questions, worked by hand:
 *   A 1 1 1 (3) · B 1 1 0 (2) · C 1 0 0 (1) · D 0 0 0 (0)
 * V(q1) = 0.75/3 = 0.25, V(q2) = 1/3, V(q3) = 0.25, V(X) = 5/3;
 * α = 3/2 · (1 − (0.25 + 1/3 + 0.25) / (5/3)) = 0.75; SE = √(5/3) · √0.25 = 0.6455.
 * q1 against the rest (2, 1, 0, 0): C = 0.25, V(rest) = 2.75/3, r = 0.25 / √(0.25 · 0.9167) = 0.5222;
 * sorted, (0,1,1,1) against (0,0,1,2) give the same covariance, so DE = 1.
 */
const q1 = [1, 1, 1, 0];
const q2 = [1, 1, 0, 0];
const q3 = [1, 0, 0, 0];
const totals = [3, 2, 1, 0];

describe('item analysis statistics (hand-computed)', () => {
  it('gives the test figures', () => {
    expect(mean(totals)).toBe(1.5);
    expect(median(totals)).toBe(1.5);
    expect(median([4, 1, 3])).toBe(3);
    expect(variance(totals)).toBeCloseTo(5 / 3, 10);
    expect(standardDeviation(totals)).toBeCloseTo(Math.sqrt(5 / 3), 10);
    const alpha = cronbachAlpha([q1, q2, q3], totals);
    expect(alpha).toBeCloseTo(0.75, 10);
    expect(standardError(standardDeviation(totals), alpha)).toBeCloseTo(0.645497, 5);
  });

  it('gives each question facility, discrimination and discriminative efficiency', () => {
    expect(facility(q1)).toBe(0.75);
    expect(facility(q3)).toBe(0.25);
    expect(standardDeviation(q1)).toBeCloseTo(0.5, 10);
    const rest = totals.map((total, index) => total - q1[index]!);
    expect(discrimination(q1, rest)).toBeCloseTo(0.522233, 5);
    expect(discriminativeEfficiency(q1, rest)).toBeCloseTo(1, 10);
    // A question the weak get right and the strong get wrong discriminates negatively.
    const reversed = [0, 0, 0, 1];
    expect(discrimination(reversed, totals)).toBeCloseTo(-0.774597, 5);
  });

  it('answers null where a figure cannot be computed', () => {
    expect(mean([])).toBeNull();
    expect(median([])).toBeNull();
    expect(discrimination([1, 1, 1], [0, 1, 2])).toBeNull();
    expect(cronbachAlpha([q1], totals)).toBeNull();
    expect(cronbachAlpha([q1, q2], [1, 1, 1, 1])).toBeNull();
    expect(standardError(null, 0.5)).toBeNull();
  });

  it('flags questions that look broken, with the reason', () => {
    const options = (counts: [boolean, number, number][]) =>
      counts.map(([isKey, count, strongCount]) => ({ isKey, count, strongCount }));
    expect(
      flagsOf({
        attempts: 30,
        facility: 0.6,
        discrimination: 0.45,
        options: options([
          [true, 18, 9],
          [false, 7, 1],
          [false, 5, 0],
        ]),
      }),
    ).toEqual([]);
    expect(flagsOf({ attempts: 30, facility: 0.1, discrimination: 0.3, options: [] })).toEqual(['too_hard']);
    expect(flagsOf({ attempts: 30, facility: 0.97, discrimination: null, options: [] })).toEqual([
      'too_easy',
    ]);
    expect(
      flagsOf({
        attempts: 30,
        facility: 0.4,
        discrimination: -0.3,
        options: options([
          [true, 12, 1],
          [false, 18, 9],
          [false, 0, 0],
        ]),
      }),
    ).toEqual(['low_discrimination', 'unused_distractor', 'distractor_beats_key']);
    // Too few attempts: no verdict.
    expect(flagsOf({ attempts: 3, facility: 0, discrimination: -1, options: [] })).toEqual([]);
  });

  it('takes the strongest third by score', () => {
    expect([...strongestThird([5, 1, 9, 3, 7, 2])]).toEqual([0, 0, 1, 0, 1, 0]);
    // Ties at the cut: the first ones by position.
    expect([...strongestThird([4, 4, 4, 1])]).toEqual([1, 1, 0, 0]);
    expect(strongestThird([])).toHaveLength(0);
  });
});

describe('item analysis statistics (properties)', () => {
  const scores = (length: number) =>
    fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })), {
      minLength: length,
      maxLength: length,
    });
  const matrix = fc
    .tuple(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 8 }))
    .chain(([attempts, questions]) =>
      fc.array(scores(attempts), { minLength: questions, maxLength: questions }),
    );

  it('keeps facility in [0, 1], discrimination in [−1, 1] and efficiency at most 1', () => {
    fc.assert(
      fc.property(matrix, (items) => {
        const totalsOf = items[0]!.map((_, row) => items.reduce((sum, item) => sum + item[row]!, 0));
        for (const item of items) {
          const rest = totalsOf.map((total, row) => total - item[row]!);
          const f = facility(item)!;
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThanOrEqual(1);
          const d = discrimination(item, rest);
          if (d !== null) expect(Math.abs(d)).toBeLessThanOrEqual(1);
          const e = discriminativeEfficiency(item, rest);
          if (e !== null) expect(e).toBeLessThanOrEqual(1 + 1e-9);
        }
        const alpha = cronbachAlpha(items, totalsOf);
        if (alpha !== null) expect(alpha).toBeLessThanOrEqual(1 + 1e-9);
      }),
    );
  });

  it('gives alpha 1 for identical questions that vary', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 2, max: 10 }),
        (item, copies) => {
          fc.pre(new Set(item).size > 1);
          const items = Array.from({ length: copies }, () => item);
          const totalsOf = item.map((score) => score * copies);
          expect(cronbachAlpha(items, totalsOf)).toBeCloseTo(1, 9);
          expect(standardError(standardDeviation(totalsOf), 1)).toBe(0);
        },
      ),
    );
  });

  it('puts the median between the smallest and the largest score', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1 }), (values) => {
        const m = median(values)!;
        expect(m).toBeGreaterThanOrEqual(Math.min(...values));
        expect(m).toBeLessThanOrEqual(Math.max(...values));
      }),
    );
  });
});

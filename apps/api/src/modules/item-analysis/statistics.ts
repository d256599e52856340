import type { ItemFlag } from '@prepwise/contract';

/*
 * Item analysis statistics, as Moodle's quiz statistics compute them
 * (https://docs.moodle.org/dev/Quiz_statistics_calculations, "Quiz statistics" in the Moodle user docs).
 * Pure: numbers in, numbers out. Notation: S attempts, P questions, x_i(s) the score of question i in
 * attempt s as a fraction of the question's mark (0 … 1; one raw point per question here), X(s) = Σ_i x_i(s)
 * the attempt's total and X_i(s) = X(s) − x_i(s) the rest of the test.
 */

/** Scores: a plain or a typed array (the job keeps its columns in Float64Arrays). */
export type Scores = ArrayLike<number>;

export function mean(values: Scores): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let index = 0; index < values.length; index++) sum += values[index]!;
  return sum / values.length;
}

/** A sorted copy (ascending), numeric and fast: typed arrays sort by value without a comparator. */
const sortedCopy = (values: Scores): Float64Array => Float64Array.from(values).sort();

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: Scores): number | null {
  if (values.length === 0) return null;
  const sorted = sortedCopy(values);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Sample covariance C(x, y) = Σ (x − x̄)(y − ȳ) / (S − 1); null below two values. */
export function covariance(x: Scores, y: Scores): number | null {
  const count = x.length;
  if (count < 2 || y.length !== count) return null;
  const mx = mean(x)!;
  const my = mean(y)!;
  let sum = 0;
  for (let index = 0; index < count; index++) sum += (x[index]! - mx) * (y[index]! - my);
  return sum / (count - 1);
}

/** Sample variance V(x) = C(x, x). */
export const variance = (x: Scores): number | null => covariance(x, x);

/** Sample standard deviation SD = √V. */
export function standardDeviation(x: Scores): number | null {
  const v = variance(x);
  return v === null ? null : Math.sqrt(Math.max(0, v));
}

/** Pearson's r = C(x, y) / √(V(x) V(y)); null when either does not vary. */
export function correlation(x: Scores, y: Scores): number | null {
  const c = covariance(x, y);
  const vx = variance(x);
  const vy = variance(y);
  if (c === null || vx === null || vy === null || vx <= 1e-12 || vy <= 1e-12) return null;
  return clamp(c / Math.sqrt(vx * vy), -1, 1);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Facility index F_i = (x̄_i − x_i(min)) / (x_i(max) − x_i(min)): with marks as fractions (min 0, max 1)
 * the mean score of the question, 0 … 1 — the share of the mark the students earned.
 */
export const facility = (item: Scores): number | null => {
  const value = mean(item);
  return value === null ? null : clamp(value, 0, 1);
};

/**
 * Discrimination index D_i = r(x_i, X_i): the correlation of the question's score with the rest of the test
 * (Moodle shows it ×100). The question is left out of the total so that it does not correlate with itself.
 */
export const discrimination = (item: Scores, rest: Scores): number | null => correlation(item, rest);

/**
 * Discriminative efficiency DE_i = C(x_i, X_i) / C_max(x_i, X_i): the covariance reached over the greatest
 * covariance these two sets of scores could reach, which is when both are sorted the same way
 * (the lowest item score paired with the lowest rest-of-test score, and so on). Null when C_max is 0.
 */
export function discriminativeEfficiency(item: Scores, rest: Scores): number | null {
  const c = covariance(item, rest);
  const cMax = covariance(sortedCopy(item), sortedCopy(rest));
  if (c === null || cMax === null || cMax <= 1e-12) return null;
  return clamp(c / cMax, -1, 1);
}

/**
 * Cronbach's alpha (Moodle's "coefficient of internal consistency"), α = P/(P−1) · (1 − Σ_i V(x_i) / V(X)).
 * For questions scored right or wrong it is KR-20, α = P/(P−1) · (1 − Σ_i p_i q_i / V(X)) (with sample
 * variances on both sides). Null with fewer than two questions, two attempts, or totals that do not vary.
 */
export function cronbachAlpha(items: readonly Scores[], totals: Scores): number | null {
  const questionCount = items.length;
  const totalVariance = variance(totals);
  if (questionCount < 2 || totalVariance === null || totalVariance <= 1e-12) return null;
  let itemVariances = 0;
  for (const item of items) itemVariances += variance(item) ?? 0;
  return (questionCount / (questionCount - 1)) * (1 - itemVariances / totalVariance);
}

/**
 * Standard error of measurement SE = SD · √(1 − α) (Moodle: the error ratio ER = √(1 − α) times the
 * standard deviation of the totals), in the units of the totals. A negative alpha is taken as 0.
 */
export function standardError(sd: number | null, alpha: number | null): number | null {
  if (sd === null || alpha === null) return null;
  return sd * Math.sqrt(1 - clamp(alpha, 0, 1));
}

// ---------------------------------------------------------------- flags

/** Thresholds of a question that looks broken (issue 15). */
export const FLAG_LIMITS = {
  facilityLow: 0.2,
  facilityHigh: 0.95,
  discriminationLow: 0.2,
  /** Flags need this many attempts: below it every figure is noise. */
  minAttempts: 5,
} as const;

export interface FlagInput {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
  /** Choice questions: how many chose each option, overall and in the strongest third. */
  options: { isKey: boolean; count: number; strongCount: number }[];
}

/** Why a question looks broken, in a stable order. */
export function flagsOf(input: FlagInput): ItemFlag[] {
  if (input.attempts < FLAG_LIMITS.minAttempts) return [];
  const flags: ItemFlag[] = [];
  if (input.facility !== null && input.facility < FLAG_LIMITS.facilityLow) flags.push('too_hard');
  if (input.facility !== null && input.facility > FLAG_LIMITS.facilityHigh) flags.push('too_easy');
  // A question everyone gets right (or wrong) has no discrimination to speak of: too_easy/too_hard says it.
  if (input.discrimination !== null && input.discrimination < FLAG_LIMITS.discriminationLow)
    flags.push('low_discrimination');
  const distractors = input.options.filter((option) => !option.isKey);
  const keys = input.options.filter((option) => option.isKey);
  if (distractors.some((option) => option.count === 0)) flags.push('unused_distractor');
  const keyStrong = Math.max(0, ...keys.map((option) => option.strongCount));
  if (keys.length > 0 && distractors.some((option) => option.strongCount > keyStrong))
    flags.push('distractor_beats_key');
  return flags;
}

/**
 * The strongest third of the attempts by a score, as a mask over positions: the ⌈S/3⌉ highest scores,
 * ties at the cut taken in position order.
 */
export function strongestThird(scores: Scores): Uint8Array {
  const count = scores.length;
  const mask = new Uint8Array(count);
  const size = Math.ceil(count / 3);
  if (size === 0) return mask;
  const cut = sortedCopy(scores)[count - size]!;
  let taken = 0;
  for (let index = 0; index < count; index++) {
    if (scores[index]! > cut) {
      mask[index] = 1;
      taken++;
    }
  }
  for (let index = 0; index < count && taken < size; index++) {
    if (scores[index] === cut) {
      mask[index] = 1;
      taken++;
    }
  }
  return mask;
}

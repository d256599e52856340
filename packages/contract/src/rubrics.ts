import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

// ---------------------------------------------------------------- marking rubrics (issue 28)

/**
 * What a written or spoken answer is marked on. IELTS Writing and Speaking follow the public band
 * descriptors (four criteria, each a band 0–9; the overall band is their mean rounded to the nearest half
 * band, .25 and .75 rounding up). Other exams keep the generic rubric Prepwise had before (issue 15): four
 * criteria 0–10 in steps of 0.5 whose plain mean is the score, so marks made on it stay valid.
 */
export const RUBRIC_IDS = ['ielts_writing', 'ielts_speaking', 'generic'] as const;
export type RubricId = (typeof RUBRIC_IDS)[number];

export interface Rubric {
  id: RubricId;
  /** Criterion keys, in the order a teacher marks them (labels are translated: `marking.criteria.<key>`). */
  criteria: readonly string[];
  /** Each criterion's and the overall score's scale. */
  min: number;
  max: number;
  /** The steps a criterion score moves in. */
  step: number;
  /** How the criteria make the overall score: IELTS half-band rounding or their plain mean. */
  overall: 'ielts_half_band' | 'mean';
}

export const RUBRICS: Record<RubricId, Rubric> = {
  ielts_writing: {
    id: 'ielts_writing',
    // Task Achievement (Task 1) / Task Response (Task 2), Coherence and Cohesion, Lexical Resource,
    // Grammatical Range and Accuracy.
    criteria: ['task_response', 'coherence_cohesion', 'lexical_resource', 'grammatical_range'],
    min: 0,
    max: 9,
    step: 1,
    overall: 'ielts_half_band',
  },
  ielts_speaking: {
    id: 'ielts_speaking',
    // Fluency and Coherence, Lexical Resource, Grammatical Range and Accuracy, Pronunciation.
    criteria: ['fluency_coherence', 'lexical_resource', 'grammatical_range', 'pronunciation'],
    min: 0,
    max: 9,
    step: 1,
    overall: 'ielts_half_band',
  },
  generic: {
    id: 'generic',
    criteria: ['task', 'coherence', 'vocabulary', 'grammar'],
    min: 0,
    max: 10,
    step: 0.5,
    overall: 'mean',
  },
};

/** A rubric by id; an unknown or missing id (content older than issue 28) is the generic rubric. */
export function rubricOf(id: string | null | undefined): Rubric {
  return (RUBRIC_IDS as readonly string[]).includes(id ?? '') ? RUBRICS[id as RubricId] : RUBRICS.generic;
}

/** Error keys of a mark (issue 28); validation errors name the field (`criteria.<key>`). */
export const MARKING_KEYS = {
  bandOutOfRange: 'marking.band_out_of_range',
  bandStep: 'marking.band_step',
  unknownCriterion: 'marking.unknown_criterion',
  commentRange: 'marking.comment_range',
} as const;

/** Removes the noise of binary fractions (6.1250000001) before a rounding decision. */
const clean = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * IELTS's overall band: the mean rounded to the nearest half band, a mean ending in .25 or .75 rounding
 * up (6.25 → 6.5, 6.75 → 7, 6.125 → 6). Null for no scores. With `weights` (one per score), the mean is
 * weighted before the same rounding: Writing Task 1 at 6 and Task 2 (weight 2) at 7 make 20 / 3 = 6.67 → 6.5.
 */
export function ieltsBand(scores: readonly number[], weights?: readonly number[]): number | null {
  if (scores.length === 0) return null;
  const weightOf = (index: number) => weights?.[index] ?? 1;
  const total = scores.reduce((sum, _, index) => sum + weightOf(index), 0);
  const mean = scores.reduce((sum, score, index) => sum + score * weightOf(index), 0) / total;
  return Math.floor(clean(mean * 2) + 0.5) / 2;
}

/** The overall score of a rubric's criteria: IELTS half-band rounding, or the mean to two decimals. */
export function overallScore(rubric: Rubric, criteria: Readonly<Record<string, number>>): number | null {
  const scores = rubric.criteria.map((key) => criteria[key]).filter((score) => typeof score === 'number');
  if (scores.length !== rubric.criteria.length) return null;
  if (rubric.overall === 'ielts_half_band') return ieltsBand(scores);
  return Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100;
}

/** The share of the question an overall score earns: the score over its scale's maximum (6.5 of 9). */
export function shareOf(rubric: Rubric, overall: number): number {
  return Math.min(1, Math.max(0, (overall - rubric.min) / (rubric.max - rubric.min)));
}

/**
 * The errors of a mark's criteria on a rubric, by field (`criteria.<key>`), each with a translation key:
 * a missing criterion, one the rubric has not, a score outside its scale or between its steps.
 */
export function criteriaErrors(rubric: Rubric, criteria: Readonly<Record<string, unknown>>) {
  const errors: Record<string, string> = {};
  for (const key of rubric.criteria) {
    const score = criteria[key];
    if (score === undefined || score === null) errors[`criteria.${key}`] = VALIDATION_KEYS.required;
    else if (typeof score !== 'number' || !Number.isFinite(score))
      errors[`criteria.${key}`] = VALIDATION_KEYS.invalid;
    else if (score < rubric.min || score > rubric.max)
      errors[`criteria.${key}`] = MARKING_KEYS.bandOutOfRange;
    else if (!Number.isInteger(clean((score - rubric.min) / rubric.step)))
      errors[`criteria.${key}`] = MARKING_KEYS.bandStep;
  }
  for (const key of Object.keys(criteria)) {
    if (!rubric.criteria.includes(key)) errors[`criteria.${key}`] = MARKING_KEYS.unknownCriterion;
  }
  return errors;
}

/** A comment anchored to a character range `[start, end)` of the answer's text. */
export const inlineCommentSchema = z.object({
  start: z.number({ error: VALIDATION_KEYS.invalid }).int({ error: VALIDATION_KEYS.invalid }).min(0, {
    error: VALIDATION_KEYS.invalid,
  }),
  end: z.number({ error: VALIDATION_KEYS.invalid }).int({ error: VALIDATION_KEYS.invalid }).min(0, {
    error: VALIDATION_KEYS.invalid,
  }),
  text: z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(2000, { error: VALIDATION_KEYS.maxLength }),
});
export type InlineComment = z.infer<typeof inlineCommentSchema>;

/** The comments whose range does not fit a text of `length` characters (or is empty), by field. */
export function commentRangeErrors(comments: readonly InlineComment[], length: number) {
  const errors: Record<string, string> = {};
  comments.forEach((comment, index) => {
    if (comment.end <= comment.start || comment.end > length) {
      errors[`comments.${index}.end`] = MARKING_KEYS.commentRange;
    }
  });
  return errors;
}

// ---------------------------------------------------------------- agreement of machines with teachers

export interface AgreementPair {
  /** The machine draft's overall score. */
  machine: number;
  /** The teacher's final overall score. */
  teacher: number;
}

export const agreementSchema = z.object({
  /** Quadratic weighted kappa; null under two pairs or when every score is the same. */
  kappa: z.number().nullable(),
  /** Mean absolute difference of the scores; null without pairs. */
  mean_absolute_difference: z.number().nullable(),
  /** Share of pairs at most half a band (half a point) apart; null without pairs. */
  within_half_band: z.number().nullable(),
  n: z.number().int(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/**
 * How far machine drafts agree with teachers' final marks: Cohen's kappa with quadratic weights,
 * κ = 1 − Σ O·d² / Σ E·d², where O counts the pairs by (teacher, machine) score, E = row × column / n is
 * what chance would give with the same marginals, and d is the distance of the two scores. Scores are
 * taken on the rubric's steps; the weights' usual (k − 1)² normaliser cancels out.
 */
export function agreement(pairs: readonly AgreementPair[]): Agreement {
  const n = pairs.length;
  if (n === 0) return { kappa: null, mean_absolute_difference: null, within_half_band: null, n };
  const gaps = pairs.map((pair) => Math.abs(pair.machine - pair.teacher));
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const mad = gaps.reduce((sum, gap) => sum + gap, 0) / n;
  const within = gaps.filter((gap) => clean(gap) <= 0.5).length / n;

  const count = (values: number[]) => {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const teachers = count(pairs.map((pair) => pair.teacher));
  const machines = count(pairs.map((pair) => pair.machine));
  const observed = pairs.reduce((sum, pair) => sum + (pair.teacher - pair.machine) ** 2, 0);
  let expected = 0;
  for (const [teacher, rows] of teachers) {
    for (const [machine, columns] of machines) expected += ((rows * columns) / n) * (teacher - machine) ** 2;
  }
  const kappa = n < 2 || clean(expected) === 0 ? null : round(1 - observed / expected);
  return { kappa, mean_absolute_difference: round(mad), within_half_band: round(within), n };
}

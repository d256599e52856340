import { z } from 'zod';

/*
 * Item analysis of a published test version (issue 15), after Moodle's quiz statistics: per question the
 * facility index, discrimination index, discriminative efficiency and option shares; for the test the
 * mean, median, standard deviation, Cronbach's alpha (KR-20 for right/wrong items) and the standard error
 * of measurement. Computed by a background job, read from precomputed rows.
 */

/** Which attempts count: each learner's first submitted full attempt of the version, or all of them. */
export const ITEM_ANALYSIS_SCOPES = ['first', 'all'] as const;
export type ItemAnalysisScope = (typeof ITEM_ANALYSIS_SCOPES)[number];

/** Why a question looks broken (thresholds in the API's item-analysis statistics). */
export const ITEM_FLAGS = [
  'too_hard',
  'too_easy',
  'low_discrimination',
  'unused_distractor',
  'distractor_beats_key',
] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export const itemAnalysisQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
  scope: z.enum(ITEM_ANALYSIS_SCOPES).default('first'),
});

export const itemOptionShareSchema = z.object({
  key: z.string(),
  /** Plain text of the option (HTML stripped, shortened). */
  label: z.string(),
  is_key: z.boolean(),
  /** Share of the counted attempts that chose this option (0 … 1). */
  share: z.number(),
  count: z.number().int(),
  /** Share among the top third of the attempts by the rest of the test. */
  strong_share: z.number(),
});

export const itemStatisticsSchema = z.object({
  question_id: z.string(),
  number: z.number().int(),
  section_name: z.string(),
  answer_kind: z.string(),
  /** Plain-text stem, shortened. */
  stem: z.string(),
  /** The bank group holding the question, for the edit link (null: a single question). */
  group_id: z.string().nullable(),
  attempts: z.number().int(),
  facility: z.number().nullable(),
  sd: z.number().nullable(),
  discrimination: z.number().nullable(),
  efficiency: z.number().nullable(),
  skipped_share: z.number(),
  options: z.array(itemOptionShareSchema),
  flags: z.array(z.enum(ITEM_FLAGS)),
});

export const testStatisticsSchema = z.object({
  attempts: z.number().int(),
  question_count: z.number().int(),
  /** Scores in raw points (one per question). */
  mean: z.number().nullable(),
  median: z.number().nullable(),
  sd: z.number().nullable(),
  max_score: z.number(),
  alpha: z.number().nullable(),
  sem: z.number().nullable(),
});

export const itemAnalysisSchema = z.object({
  test_id: z.string(),
  version: z.number().int().nullable(),
  versions: z.array(z.number().int()),
  scope: z.enum(ITEM_ANALYSIS_SCOPES),
  /**
   * A smart test: every learner answered their own drawn paper, so each question's figures count only
   * the learners who got it, and Cronbach's alpha (which needs everyone on the same questions) is null.
   */
  drawn_papers: z.boolean(),
  /** When the job last computed it (null: never, e.g. no submitted attempt yet). */
  computed_at: z.string().nullable(),
  /** Attempts submitted since then wait for the job. */
  pending: z.boolean(),
  test: testStatisticsSchema.nullable(),
  questions: z.array(itemStatisticsSchema),
});

export type ItemAnalysisQuery = z.input<typeof itemAnalysisQuerySchema>;
export type ItemOptionShare = z.infer<typeof itemOptionShareSchema>;
export type ItemStatistics = z.infer<typeof itemStatisticsSchema>;
export type TestStatistics = z.infer<typeof testStatisticsSchema>;
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;

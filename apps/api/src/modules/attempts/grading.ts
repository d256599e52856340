import type { AnswerKind, Outcome } from '@prepwise/contract';
import { convertRawScore } from '@prepwise/contract';

/*
 * Grading is pure: no database, no clock. Each question is worth one raw point; a score section's raw
 * score is the sum of its points, converted by the frozen scoring of the test version.
 */

export type ScoringRule = 'all_or_nothing' | 'partial' | 'manual';

export interface GradedAnswer {
  outcome: Outcome;
  points: number;
}

export interface ScoringConfig {
  section: string;
  method: 'table' | 'per_question';
  table: { raw: number; score: number }[] | null;
  points_per_question: number;
  is_estimate: boolean;
}

export interface GradingQuestion {
  id: string;
  sectionId: string;
  kind: AnswerKind;
  rule: ScoringRule;
  answer: unknown;
}

export interface GradingSection {
  id: string;
  name: string;
  skill: 'listening' | 'reading' | 'writing' | 'speaking';
  scoreSection: string;
}

export interface Counts {
  correct: number;
  partial: number;
  wrong: number;
  skipped: number;
  pending: number;
  total: number;
}

export interface SectionScore {
  section: string;
  raw: number;
  max_raw: number;
  score: number | null;
  max_score: number | null;
  method: 'table' | 'per_question';
  /** Answers of this section waiting for a teacher (essays): its raw score is not final yet. */
  pending: number;
}

export interface PartResult extends Counts {
  section_id: string;
  name: string;
  skill: GradingSection['skill'];
}

export interface AttemptGrade {
  answers: Map<string, GradedAnswer>;
  sections: SectionScore[];
  counts: Counts;
  parts: PartResult[];
  scoreTotal: number | null;
  maxScore: number | null;
  grading: 'complete' | 'pending_manual';
  isEstimate: boolean;
}

const TRAILING_PUNCTUATION = /[\s.,;:!?…]+$/u;

/** Text answers compare trimmed, with single spaces, case-insensitively, straight quotes, no final punctuation. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(TRAILING_PUNCTUATION, '')
    .toLocaleLowerCase('en');
}

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether the learner gave nothing to grade. */
export function isBlank(kind: AnswerKind, given: Record<string, unknown> | null): boolean {
  if (!given) return true;
  switch (kind) {
    case 'single_choice':
      return !text(given.key);
    case 'multiple_choice':
      return strings(given.keys).length === 0;
    case 'true_false_not_given':
      return !text(given.value);
    case 'gap_fill':
    case 'short_answer':
    case 'essay':
      return text(given.text).trim() === '';
    case 'matching':
      return Object.keys(record(given.pairs) ?? {}).length === 0;
    case 'ordering':
      return strings(given.order).length === 0;
    case 'speaking':
      return !text(given.recording_id);
  }
}

/** Share of the question earned (0 … 1) by kind, before the rule is applied. */
function share(kind: AnswerKind, correct: unknown, given: Record<string, unknown>): number {
  const right = record(correct) ?? {};
  switch (kind) {
    case 'single_choice':
      return text(given.key) === text(right.key) ? 1 : 0;
    case 'true_false_not_given':
      return text(given.value) === text(right.value) ? 1 : 0;
    case 'multiple_choice': {
      const expected = new Set(strings(right.keys));
      if (expected.size === 0) return 0;
      const picked = new Set(strings(given.keys));
      let hits = 0;
      let misses = 0;
      for (const key of picked) {
        if (expected.has(key)) hits++;
        else misses++;
      }
      return Math.max(0, (hits - misses) / expected.size);
    }
    case 'gap_fill':
    case 'short_answer': {
      const answer = normalizeText(text(given.text));
      return strings(right.accepted).some((variant) => normalizeText(variant) === answer) ? 1 : 0;
    }
    case 'matching': {
      const expected = Object.entries(record(right.pairs) ?? {});
      if (expected.length === 0) return 0;
      const pairs = record(given.pairs) ?? {};
      return expected.filter(([item, option]) => pairs[item] === option).length / expected.length;
    }
    case 'ordering': {
      const expected = strings(right.order);
      if (expected.length === 0) return 0;
      const order = strings(given.order);
      return expected.filter((key, index) => order[index] === key).length / expected.length;
    }
    case 'essay':
    case 'speaking':
      return 0;
  }
}

/** Grades one answer by its kind and the question type's rule. */
export function gradeAnswer(
  kind: AnswerKind,
  rule: ScoringRule,
  correct: unknown,
  given: Record<string, unknown> | null,
): GradedAnswer {
  if (isBlank(kind, given)) return { outcome: 'skipped', points: 0 };
  if (kind === 'essay' || kind === 'speaking' || rule === 'manual') return { outcome: 'pending', points: 0 };
  const earned = share(kind, correct, given!);
  if (earned >= 1) return { outcome: 'correct', points: 1 };
  if (rule === 'partial' && earned > 0) return { outcome: 'partial', points: earned };
  return { outcome: 'wrong', points: 0 };
}

/** An essay (or manually scored answer) a teacher marked: `share` of its point, 0 … 1. */
export function markedAnswer(share: number): GradedAnswer {
  if (share >= 1) return { outcome: 'correct', points: 1 };
  if (share > 0) return { outcome: 'partial', points: Math.round(share * 10_000) / 10_000 };
  return { outcome: 'wrong', points: 0 };
}

const emptyCounts = (): Counts => ({ correct: 0, partial: 0, wrong: 0, skipped: 0, pending: 0, total: 0 });

/**
 * A mini test's score on a conversion table (issue 29, decision 030): its share correct read on the table
 * as if the whole score section had been taken (`raw / held × the table's top raw`, to the nearest whole
 * answer). An estimate: each question counts the same, and the real test's difficulty is not equated.
 */
export function miniTableScore(table: { raw: number; score: number }[], raw: number, held: number): number {
  const fullRaw = table.reduce((top, row) => Math.max(top, row.raw), 0);
  return convertRawScore(table, held > 0 ? Math.round((raw / held) * fullRaw) : 0);
}

/**
 * Grades an attempt: every question of the sections taken, then raw → scaled per score section.
 * Practice attempts get raw counts only (`score` null): a part alone has no scaled score. A mini test's
 * table sections are scaled from its share correct (`miniTableScore`), and its score is an estimate.
 */
export function gradeAttempt(input: {
  mode: 'full' | 'practice';
  sections: GradingSection[];
  questions: GradingQuestion[];
  scoring: ScoringConfig[];
  given: Map<string, Record<string, unknown> | null>;
  /** Teachers' marks of answers waiting for one, by question id: the share of the point earned. */
  marks?: Map<string, number>;
  /** A mini test's version (fewer parts or questions than its exam; issue 29). */
  mini?: boolean;
}): AttemptGrade {
  const answers = new Map<string, GradedAnswer>();
  const partCounts = new Map<string, Counts>();
  const raw = new Map<string, { raw: number; max: number; pending: number }>();
  const counts = emptyCounts();
  const sectionById = new Map(input.sections.map((section) => [section.id, section]));
  for (const section of input.sections) {
    partCounts.set(section.id, emptyCounts());
    if (!raw.has(section.scoreSection)) raw.set(section.scoreSection, { raw: 0, max: 0, pending: 0 });
  }
  for (const question of input.questions) {
    const section = sectionById.get(question.sectionId);
    if (!section) continue;
    const automatic = gradeAnswer(
      question.kind,
      question.rule,
      question.answer,
      input.given.get(question.id) ?? null,
    );
    const mark = automatic.outcome === 'pending' ? input.marks?.get(question.id) : undefined;
    const graded = mark === undefined ? automatic : markedAnswer(mark);
    answers.set(question.id, graded);
    const part = partCounts.get(section.id)!;
    part[graded.outcome]++;
    part.total++;
    counts[graded.outcome]++;
    counts.total++;
    const bucket = raw.get(section.scoreSection)!;
    bucket.raw += graded.points;
    bucket.max += 1;
    if (graded.outcome === 'pending') bucket.pending++;
  }
  const scored = input.mode === 'full';
  const sections: SectionScore[] = [];
  let scoreTotal = 0;
  let maxScore = 0;
  let isEstimate = false;
  for (const [name, bucket] of raw) {
    const config = input.scoring.find((entry) => entry.section === name) ?? {
      section: name,
      method: 'per_question' as const,
      table: null,
      points_per_question: 1,
      is_estimate: false,
    };
    const rawPoints = Math.round(bucket.raw * 1000) / 1000;
    let score: number | null = null;
    let max: number | null = null;
    if (scored) {
      if (config.method === 'table' && config.table && config.table.length > 0) {
        score = input.mini
          ? miniTableScore(config.table, rawPoints, bucket.max)
          : convertRawScore(config.table, rawPoints);
        max = config.table.reduce((best, row) => Math.max(best, row.score), 0);
      } else {
        score = Math.round(rawPoints * config.points_per_question * 1000) / 1000;
        max = bucket.max * config.points_per_question;
      }
      scoreTotal += score;
      maxScore += max;
      isEstimate ||= config.is_estimate || input.mini === true;
    }
    sections.push({
      section: name,
      raw: rawPoints,
      max_raw: bucket.max,
      score,
      max_score: max,
      method: config.method,
      pending: bucket.pending,
    });
  }
  const grading = counts.pending > 0 ? 'pending_manual' : 'complete';
  return {
    answers,
    sections,
    counts,
    parts: input.sections.map((section) => ({
      section_id: section.id,
      name: section.name,
      skill: section.skill,
      ...partCounts.get(section.id)!,
    })),
    scoreTotal: scored && grading === 'complete' ? scoreTotal : null,
    maxScore: scored ? maxScore : null,
    grading,
    isEstimate,
  };
}

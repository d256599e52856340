// Grading: the time to grade and convert one 200-question attempt (TOEIC-shaped: two score sections of
// 100 questions with conversion tables, a mix of answer kinds). Prints figures only.
//
// Knobs (environment): BENCH_ITERATIONS (5000).
import {
  type GradingQuestion,
  type GradingSection,
  gradeAttempt,
  type ScoringConfig,
} from '../apps/api/src/modules/attempts/grading';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 5000);

const sections: GradingSection[] = Array.from({ length: 7 }, (_, index) => ({
  id: `s${index}`,
  name: `Part ${index + 1}`,
  skill: index < 4 ? 'listening' : 'reading',
  scoreSection: index < 4 ? 'listening' : 'reading',
}));
const kinds = ['single_choice', 'multiple_choice', 'gap_fill', 'matching', 'ordering'] as const;
const questions: GradingQuestion[] = Array.from({ length: 200 }, (_, index) => {
  const kind = kinds[index % kinds.length]!;
  const answer = {
    single_choice: { key: 'B' },
    multiple_choice: { keys: ['A', 'C'] },
    gap_fill: { accepted: ['river bank', 'riverbank'] },
    matching: { pairs: { '1': 'A', '2': 'C', '3': 'B' } },
    ordering: { order: ['C', 'A', 'D', 'B'] },
  }[kind];
  return {
    id: `q${index}`,
    sectionId: `s${Math.min(6, Math.floor(index / 29))}`,
    kind,
    rule: kind === 'single_choice' || kind === 'gap_fill' ? 'all_or_nothing' : 'partial',
    answer,
  };
});
const table = Array.from({ length: 101 }, (_, raw) => ({ raw, score: Math.min(495, 5 + raw * 5) }));
const scoring: ScoringConfig[] = ['listening', 'reading'].map((section) => ({
  section,
  method: 'table',
  table,
  points_per_question: 1,
  is_estimate: true,
}));
const given = new Map<string, Record<string, unknown> | null>(
  questions.map((question, index) => {
    if (index % 9 === 0) return [question.id, null];
    const answer = {
      single_choice: { key: index % 3 ? 'B' : 'A' },
      multiple_choice: { keys: index % 2 ? ['A', 'C'] : ['A', 'D'] },
      gap_fill: { text: index % 2 ? ' River  Bank.' : 'bank' },
      matching: { pairs: { '1': 'A', '2': 'B', '3': 'B' } },
      ordering: { order: ['C', 'A', 'B', 'D'] },
    }[question.kind as (typeof kinds)[number]];
    return [question.id, answer];
  }),
);

const run = () => gradeAttempt({ mode: 'full', sections, questions, scoring, given });
for (let index = 0; index < 500; index++) run();

const samples: number[] = [];
for (let index = 0; index < iterations; index++) {
  const started = performance.now();
  run();
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
const at = (share: number) => samples[Math.min(samples.length - 1, Math.floor(share * samples.length))]!;
const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
const result = run();
console.info(`grading a 200-question attempt (${iterations} iterations, after 500 warm-up runs)`);
console.info(
  `  p50 ${at(0.5).toFixed(3)} ms · p95 ${at(0.95).toFixed(3)} ms · p99 ${at(0.99).toFixed(3)} ms · mean ${mean.toFixed(3)} ms`,
);
console.info(
  `  sample outcome: score ${result.scoreTotal}/${result.maxScore}, ${result.counts.correct} correct, ${result.counts.partial} partial, ${result.counts.wrong} wrong, ${result.counts.skipped} skipped`,
);

// Answer similarity (issue 29, decision 029): how often the index flags learners who worked on their own
// (false positives: the share of assignments with any flagged pair, aimed at ≤ 1 %) and how often it finds
// a planted copying pair. The learners are simulated: ability θ ~ N(0, 1); each question a 3-parameter
// logistic item (discrimination 0.7–2.2, difficulty N(0, 1), guessing 0.2 for four-option choices, 0 for a
// typed answer); a wrong choice follows a nominal model in which weaker learners favour the same attractive
// distractor (the correlation that makes honest learners look alike), and a wrong typed answer is one of a
// few common misspellings (Zipf). A copier takes a share of the source's answers (right or wrong) and
// answers the rest alone. Prints figures only; nothing here asserts.
//
// Knobs (environment): BENCH_ASSIGNMENTS (200), BENCH_LEARNERS (40), BENCH_QUESTIONS (50,200).
import { type SimilarityLearner, similarityIndex } from '../apps/api/src/modules/assignments/similarity';

const assignments = Number(process.env.BENCH_ASSIGNMENTS ?? 200);
const learnerCount = Number(process.env.BENCH_LEARNERS ?? 40);
const questionCounts = (process.env.BENCH_QUESTIONS ?? '50,200').split(',').map(Number);

/** mulberry32: a small seeded generator, so every run prints the same figures. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const normal = (random: Random) => {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
};
const pick = (random: Random, weights: readonly number[]) => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let target = random() * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i]!;
    if (target <= 0) return i;
  }
  return weights.length - 1;
};

interface Item {
  typed: boolean;
  a: number;
  b: number;
  c: number;
  /** Choice: per distractor, base attractiveness and slope on ability. */
  distractors: { base: number; slope: number }[];
  /** Typed: the weights of the common wrong spellings. */
  spellings: number[];
}

function makeItems(random: Random, count: number): Item[] {
  return Array.from({ length: count }, () => {
    const typed = random() < 0.15;
    return {
      typed,
      a: 0.7 + random() * 1.5,
      b: normal(random),
      c: typed ? 0 : 0.2,
      // One distractor usually attracts most, more so for weaker learners (negative slope).
      distractors: [0, 1, 2].map((index) => ({
        base: index === 0 ? 1 + random() : random() * 0.8,
        slope: -0.8 * random(),
      })),
      spellings: Array.from({ length: 6 }, (_, rank) => 1 / (rank + 1)),
    };
  });
}

function answer(random: Random, item: Item, theta: number): { response: string; correct: boolean } {
  const p = item.c + (1 - item.c) / (1 + Math.exp(-item.a * (theta - item.b)));
  if (random() < p) return { response: 'key', correct: true };
  if (item.typed) return { response: `spelling-${pick(random, item.spellings)}`, correct: false };
  const weights = item.distractors.map((d) => Math.exp(d.base + d.slope * theta));
  return { response: `option-${pick(random, weights)}`, correct: false };
}

function simulate(random: Random, items: Item[], copy?: { share: number }) {
  const learners: SimilarityLearner[] = [];
  for (let index = 0; index < learnerCount; index++) {
    const theta = normal(random);
    const responses: (string | null)[] = [];
    const correct: boolean[] = [];
    for (const item of items) {
      // A few questions left blank, as real learners do.
      if (random() < 0.03) {
        responses.push(null);
        correct.push(false);
        continue;
      }
      const given = answer(random, item, theta);
      responses.push(given.response);
      correct.push(given.correct);
    }
    learners.push({ id: `L${index}`, responses, correct });
  }
  if (copy) {
    // Learner 1 copies a share of learner 0's answers.
    const source = learners[0]!;
    const copier = learners[1]!;
    items.forEach((_, q) => {
      if (random() >= copy.share) return;
      copier.responses[q] = source.responses[q]!;
      copier.correct[q] = source.correct[q]!;
    });
  }
  return learners;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

console.info(
  `answer similarity: ${assignments} simulated assignments × ${learnerCount} learners; flag when P × pairs < 0.5 % (aiming at ≤ 1 % of assignments with a false flag)`,
);
for (const questions of questionCounts) {
  const random = generator(2026 + questions);
  let withFlag = 0;
  let flaggedPairs = 0;
  const started = performance.now();
  for (let run = 0; run < assignments; run++) {
    const items = makeItems(random, questions);
    const index = similarityIndex(simulate(random, items));
    if (index.flagged.length > 0) withFlag++;
    flaggedPairs += index.flagged.length;
  }
  const perAssignmentMs = (performance.now() - started) / assignments;
  console.info(
    `\n${questions} questions — independent learners: assignments with any flag ${percent(withFlag / assignments)} ` +
      `(${withFlag}/${assignments}), flagged pairs ${flaggedPairs} of ${assignments * ((learnerCount * (learnerCount - 1)) / 2)}; ` +
      `${perAssignmentMs.toFixed(1)} ms per assignment`,
  );
  for (const share of [0.3, 0.5, 0.8]) {
    let found = 0;
    let others = 0;
    for (let run = 0; run < assignments; run++) {
      const items = makeItems(random, questions);
      const index = similarityIndex(simulate(random, items, { share }));
      if (index.flagged.some((pair) => pair.a === 'L0' && pair.b === 'L1')) found++;
      others += index.flagged.filter((pair) => !(pair.a === 'L0' && pair.b === 'L1')).length;
    }
    console.info(
      `  copying ${percent(share)} of the answers: pair found in ${percent(found / assignments)} (${found}/${assignments}); ` +
        `other pairs flagged ${others}`,
    );
  }
}

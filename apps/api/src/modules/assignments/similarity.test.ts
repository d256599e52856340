import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poissonBinomialTail, type SimilarityLearner, similarityIndex } from './similarity';

/** P(X ≥ k) by listing every outcome: the reference for the dynamic programme. */
function bruteTail(probabilities: number[], k: number) {
  let total = 0;
  for (let mask = 0; mask < 1 << probabilities.length; mask++) {
    let chance = 1;
    let count = 0;
    probabilities.forEach((p, index) => {
      const hit = (mask >> index) & 1;
      count += hit;
      chance *= hit ? p : 1 - p;
    });
    if (count >= k) total += chance;
  }
  return total;
}

/** A seeded generator, so the simulated classes are the same on every run. */
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

/** A class answering four-option questions alone: right with chance `level`, else one of three distractors. */
function classOf(seed: number, learners: number, questions: number): SimilarityLearner[] {
  const random = generator(seed);
  const attraction = Array.from({ length: questions }, () => [1 + random(), random(), random()]);
  return Array.from({ length: learners }, (_, index) => {
    const level = 0.3 + random() * 0.6;
    const responses: string[] = [];
    const correct: boolean[] = [];
    for (let q = 0; q < questions; q++) {
      if (random() < level) {
        responses.push('A');
        correct.push(true);
        continue;
      }
      const weights = attraction[q]!;
      let target = random() * weights.reduce((sum, w) => sum + w, 0);
      let choice = 0;
      for (; choice < 2; choice++) {
        target -= weights[choice]!;
        if (target <= 0) break;
      }
      responses.push(['B', 'C', 'D'][choice]!);
      correct.push(false);
    }
    return { id: `L${index}`, responses, correct };
  });
}

describe('the Poisson-binomial tail', () => {
  it('equals the sum over every outcome', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 0, maxLength: 10 }),
        fc.integer({ min: 0, max: 11 }),
        (probabilities, k) => {
          expect(poissonBinomialTail(probabilities, k)).toBeCloseTo(bruteTail(probabilities, k), 10);
        },
      ),
    );
  });
});

describe('the similarity index', () => {
  it('needs five learners before it says anything', () => {
    const index = similarityIndex(classOf(1, 4, 30));
    expect(index).toMatchObject({ learners: 4, pairs: 6, enough: false, flagged: [] });
  });

  it('flags no pair in classes of learners working alone', () => {
    for (let seed = 1; seed <= 20; seed++) expect(similarityIndex(classOf(seed, 30, 40)).flagged).toEqual([]);
  });

  it('finds a learner who copied most of a neighbour’s answers, with the shared wrong ones as evidence', () => {
    const learners = classOf(7, 30, 40);
    // The neighbour copied from is the class's weakest: many wrong answers to share.
    const weakest = learners.reduce((low, learner) =>
      learner.correct.filter(Boolean).length < low.correct.filter(Boolean).length ? learner : low,
    );
    const at = learners.indexOf(weakest);
    [learners[0], learners[at]] = [weakest, learners[0]!];
    const source = learners[0]!;
    const copier = learners[1]!;
    for (let q = 0; q < 40; q++) {
      if (q % 5 === 4) continue;
      copier.responses[q] = source.responses[q]!;
      copier.correct[q] = source.correct[q]!;
    }
    const index = similarityIndex(learners);
    expect(index.flagged).toHaveLength(1);
    const pair = index.flagged[0]!;
    expect([pair.a, pair.b].sort()).toEqual([source.id, copier.id].sort());
    expect(pair.identical).toBeGreaterThanOrEqual(3);
    expect(pair.identical).toBeGreaterThan(pair.expected);
    expect(pair.probability * index.pairs).toBeLessThan(0.005);
    for (const q of pair.questions) {
      expect(source.correct[q]).toBe(false);
      expect(copier.responses[q]).toBe(source.responses[q]);
    }
  });

  it('does not count a wrong answer everyone gives as evidence (one distractor only)', () => {
    const learners: SimilarityLearner[] = Array.from({ length: 8 }, (_, index) => ({
      id: `L${index}`,
      responses: Array.from({ length: 20 }, (__, q) => ((q + index) % 3 === 0 ? 'A' : 'B')),
      correct: Array.from({ length: 20 }, (__, q) => (q + index) % 3 === 0),
    }));
    // Two learners wrong on every question the same way: the only wrong answer there is.
    for (const id of [0, 1]) {
      learners[id]!.responses.fill('B');
      learners[id]!.correct.fill(false);
    }
    expect(similarityIndex(learners).flagged).toEqual([]);
  });
});

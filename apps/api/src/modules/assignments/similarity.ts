/**
 * The answer-similarity index of an assignment (issue 29, decision 029): pairs of learners whose identical
 * wrong answers are improbable for learners working on their own. Pure: the service reads the answers.
 *
 * For a question both learners of a pair got wrong, the chance that two independent learners give the same
 * wrong answer is estimated from everyone else's wrong answers to it (leave the pair out, add-one smoothing
 * over the answers seen plus one unseen): p = Σ_r P(r | wrong)². The number of identical wrong answers is
 * then a sum of independent Bernoulli(p_q) (Poisson-binomial); its exact upper tail is the pair's
 * probability. A pair is flagged when that probability times the number of pairs (Bonferroni) is below
 * `alpha`, so that over an assignment of independent learners the chance of any flag stays ≤ alpha.
 */

/** One learner's answers: per question index, the response (a canonical string) and whether it scored. */
export interface SimilarityLearner {
  id: string;
  /** responses[q]: null when blank; otherwise the answer as a comparable string. */
  responses: (string | null)[];
  /** correct[q]: full marks on question q. */
  correct: boolean[];
}

export interface SimilarityOptions {
  /** The family-wise false-positive rate aimed at. */
  alpha?: number;
  /** A pair needs at least this many identical wrong answers to be reported. */
  minIdentical?: number;
  /** Fewer submitted learners than this: no index (the wrong answers' spread cannot be estimated). */
  minLearners?: number;
}

export interface SimilarPair {
  a: string;
  b: string;
  /** Questions both answered wrong (not blank). */
  compared: number;
  /** Of those, with the same wrong answer. */
  identical: number;
  /** The identical wrong answers expected by chance (Σ p_q). */
  expected: number;
  /** P(identical ≥ observed) for independent learners. */
  probability: number;
  /** The probability times the number of pairs, at most 1. */
  adjusted: number;
  /** Question indices of the identical wrong answers. */
  questions: number[];
}

export interface SimilarityIndex {
  learners: number;
  pairs: number;
  /** Whether there were enough learners for an index. */
  enough: boolean;
  flagged: SimilarPair[];
}

export const SIMILARITY_DEFAULTS = { alpha: 0.005, minIdentical: 3, minLearners: 5 } as const;

/** The kernel's width on the share of questions right (learners within ~0.1 count as neighbours). */
const BANDWIDTH = 0.1;
/** How many learners' worth of everyone's spread a neighbourhood's estimate is shrunk toward. */
const PRIOR_STRENGTH = 2;
/** Pseudo-count of each wrong answer in everyone's spread (and of one answer no one gave). */
const PSEUDO_COUNT = 0.25;

/**
 * P(X ≥ k) for X a sum of independent Bernoulli(p_i): the exact Poisson-binomial tail by dynamic
 * programming over the count distribution (O(n²)).
 */
export function poissonBinomialTail(probabilities: readonly number[], k: number): number {
  if (k <= 0) return 1;
  if (k > probabilities.length) return 0;
  // dist[j]: P(exactly j successes so far); j ≥ k collapsed into dist[k].
  const dist = new Float64Array(k + 1);
  dist[0] = 1;
  for (const raw of probabilities) {
    const p = Math.min(1, Math.max(0, raw));
    dist[k] = dist[k]! + dist[k - 1]! * p;
    for (let j = k - 1; j >= 1; j--) dist[j] = dist[j]! * (1 - p) + dist[j - 1]! * p;
    dist[0] = dist[0]! * (1 - p);
  }
  return Math.min(1, dist[k]!);
}

/** The similarity index of the learners' answers (each learner once). */
export function similarityIndex(
  learners: readonly SimilarityLearner[],
  options: SimilarityOptions = {},
): SimilarityIndex {
  const alpha = options.alpha ?? SIMILARITY_DEFAULTS.alpha;
  const minIdentical = options.minIdentical ?? SIMILARITY_DEFAULTS.minIdentical;
  const minLearners = options.minLearners ?? SIMILARITY_DEFAULTS.minLearners;
  const n = learners.length;
  const pairs = (n * (n - 1)) / 2;
  if (n < minLearners) return { learners: n, pairs, enough: false, flagged: [] };
  const width = Math.max(0, ...learners.map((learner) => learner.responses.length));
  const wrongOf = (learner: SimilarityLearner, q: number) =>
    learner.responses[q] != null && !learner.correct[q] ? (learner.responses[q] as string) : null;

  // Per question: how many learners gave each wrong answer, and how many were wrong in all.
  const counts: Map<string, number>[] = [];
  const wrongTotals: number[] = [];
  for (let q = 0; q < width; q++) {
    const byAnswer = new Map<string, number>();
    let total = 0;
    for (const learner of learners) {
      const wrong = wrongOf(learner, q);
      if (wrong === null) continue;
      byAnswer.set(wrong, (byAnswer.get(wrong) ?? 0) + 1);
      total++;
    }
    counts.push(byAnswer);
    wrongTotals.push(total);
  }

  // Learners of a similar level choose alike among wrong answers (weaker ones favour the same attractive
  // distractor): each learner's chances are estimated from the others weighted by how close their share
  // correct is (a Gaussian kernel), shrunk toward everyone's spread, the pair itself always left out.
  const level = learners.map(
    (learner) => learner.correct.filter(Boolean).length / Math.max(1, learner.responses.length),
  );
  const closeness = learners.map((_, i) =>
    learners.map((__, k) => (i === k ? 0 : Math.exp(-0.5 * ((level[i]! - level[k]!) / BANDWIDTH) ** 2))),
  );
  /** Weighted wrong answers to q seen by learner i's neighbours: per answer, and in all. */
  const near = learners.map((_, i) =>
    Array.from({ length: width }, (__, q) => {
      const byAnswer = new Map<string, number>();
      let total = 0;
      learners.forEach((other, k) => {
        const wrong = k === i ? null : wrongOf(other, q);
        if (wrong === null) return;
        const weight = closeness[i]![k]!;
        byAnswer.set(wrong, (byAnswer.get(wrong) ?? 0) + weight);
        total += weight;
      });
      return { byAnswer, total };
    }),
  );

  /**
   * P(learners i and j, working alone, give the same wrong answer to q): Σ_r P_i(r) P_j(r), each from the
   * learner's neighbours without the other one of the pair, shrunk toward everyone's (pair left out).
   */
  const matchChance = (q: number, i: number, j: number, answerI: string, answerJ: string) => {
    const everyone = counts[q]!;
    const othersWrong = wrongTotals[q]! - 2;
    const seen = new Set<string>();
    for (const [answer, count] of everyone) {
      const left = count - (answer === answerI ? 1 : 0) - (answer === answerJ ? 1 : 0);
      if (left > 0) seen.add(answer);
    }
    seen.add(answerI);
    seen.add(answerJ);
    // Everyone's spread: counts with a small pseudo-count per answer seen and one unseen answer.
    const kinds = seen.size + 1;
    const popTotal = othersWrong + PSEUDO_COUNT * kinds;
    const population = (answer: string | null) => {
      if (answer === null) return PSEUDO_COUNT / popTotal;
      const count = (everyone.get(answer) ?? 0) - (answer === answerI ? 1 : 0) - (answer === answerJ ? 1 : 0);
      return (Math.max(0, count) + PSEUDO_COUNT) / popTotal;
    };
    const chanceOf = (self: number, other: number, otherAnswer: string) => {
      const { byAnswer, total } = near[self]![q]!;
      const weight = closeness[self]![other]!;
      const denominator = total - weight + PRIOR_STRENGTH;
      return (answer: string | null) => {
        const own = answer === null ? 0 : (byAnswer.get(answer) ?? 0) - (answer === otherAnswer ? weight : 0);
        return (Math.max(0, own) + PRIOR_STRENGTH * population(answer)) / denominator;
      };
    };
    const pI = chanceOf(i, j, answerJ);
    const pJ = chanceOf(j, i, answerI);
    let chance = pI(null) * pJ(null);
    for (const answer of seen) chance += pI(answer) * pJ(answer);
    return chance;
  };

  const flagged: SimilarPair[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const first = learners[i]!;
      const second = learners[j]!;
      const chances: number[] = [];
      const same: number[] = [];
      for (let q = 0; q < width; q++) {
        const a = wrongOf(first, q);
        const b = wrongOf(second, q);
        if (a === null || b === null) continue;
        chances.push(matchChance(q, i, j, a, b));
        if (a === b) same.push(q);
      }
      if (same.length < minIdentical) continue;
      const probability = poissonBinomialTail(chances, same.length);
      const adjusted = Math.min(1, probability * pairs);
      if (adjusted >= alpha) continue;
      flagged.push({
        a: first.id,
        b: second.id,
        compared: chances.length,
        identical: same.length,
        expected: chances.reduce((sum, p) => sum + p, 0),
        probability,
        adjusted,
        questions: same,
      });
    }
  }
  flagged.sort((x, y) => x.probability - y.probability || y.identical - x.identical);
  return { learners: n, pairs, enough: true, flagged };
}

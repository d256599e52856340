/*
 * Word error rate of a transcript against what was said (issue 28's transcription benchmark). No npm
 * package computes it over words (the Levenshtein ones compare characters), so it is written here.
 */

/** The words of a text as recognisers are compared: lower case, without punctuation (`don't` stays one word). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean);
}

export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words of the reference. */
  words: number;
  /** (substitutions + deletions + insertions) / words; for an empty reference, the words heard. */
  rate: number;
}

/**
 * The fewest word substitutions, deletions (reference words not heard) and insertions (words heard that
 * were not said) turning `reference` into `hypothesis` (word-level Levenshtein), and their rate.
 */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  const said = wordsOf(reference);
  const heard = wordsOf(hypothesis);
  type Cell = { cost: number; s: number; d: number; i: number };
  // One row of the table at a time: row[j] is the cheapest alignment of said[0..i) with heard[0..j).
  let row: Cell[] = heard.map((_, j) => ({ cost: j + 1, s: 0, d: 0, i: j + 1 }));
  row.unshift({ cost: 0, s: 0, d: 0, i: 0 });
  for (let i = 1; i <= said.length; i++) {
    const next: Cell[] = [{ cost: i, s: 0, d: i, i: 0 }];
    for (let j = 1; j <= heard.length; j++) {
      const diagonal = row[j - 1]!;
      const same = said[i - 1] === heard[j - 1];
      const candidates: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...row[j]!, cost: row[j]!.cost + 1, d: row[j]!.d + 1 },
        { ...next[j - 1]!, cost: next[j - 1]!.cost + 1, i: next[j - 1]!.i + 1 },
      ];
      next.push(candidates.reduce((best, cell) => (cell.cost < best.cost ? cell : best)));
    }
    row = next;
  }
  const { s, d, i } = row[heard.length]!;
  const errors = s + d + i;
  return {
    substitutions: s,
    deletions: d,
    insertions: i,
    words: said.length,
    rate: said.length === 0 ? (errors === 0 ? 0 : errors) : errors / said.length,
  };
}

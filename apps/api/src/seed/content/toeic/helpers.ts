import type { ChoiceQuestion, Line, ListeningSet, Speaker } from '../types';

export const q = (
  stem: string,
  options: [string, string, string, string],
  answer: ChoiceQuestion['answer'],
  vi: string,
  en: string,
): ChoiceQuestion => ({ stem, options, answer, vi, en });

const WHO: Record<string, Speaker> = { M: 'man', W: 'woman', M2: 'man2', W2: 'woman2', N: 'narrator' };

/** A script written as "M: …" / "W: …" / "M2: …" / "W2: …" lines; a talk may be one voice throughout. */
export function script(text: string): Line[] {
  return text
    .trim()
    .split('\n')
    .map((row) => {
      const match = /^(M2|W2|M|W|N):\s*(.+)$/.exec(row.trim());
      if (!match) throw new Error(`Bad script line: ${row}`);
      return { who: WHO[match[1]!]!, text: match[2]! };
    });
}

export const set = (
  title: string,
  lines: string,
  questions: [ChoiceQuestion, ChoiceQuestion, ChoiceQuestion],
): ListeningSet => ({ title, lines: script(lines), questions });

/** Deterministic letters for where each key should sit, so that answers spread over the options. */
function plannedKeys(count: number, letters: string, seed: number): string[] {
  let state = seed >>> 0 || 1;
  return Array.from({ length: count }, () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return letters[(state >>> 8) % letters.length]!;
  });
}

/**
 * Moves a key to another letter by swapping two options, relabelling "(X)" in the explanations. Returns
 * the options, the new key and the explanations.
 */
export function moveKey<T extends string[], K extends string>(
  options: T,
  answer: K,
  target: K,
  explanations: { vi: string; en: string },
): { options: T; answer: K; vi: string; en: string } {
  const from = 'ABCD'.indexOf(answer);
  const to = 'ABCD'.indexOf(target);
  if (from === to) return { options, answer, ...explanations };
  const moved = [...options] as T;
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  const swap = (text: string) =>
    text.replace(/\(([ABCD])\)/g, (_, letter: string) =>
      letter === answer ? `(${target})` : letter === target ? `(${answer})` : `(${letter})`,
    );
  return { options: moved, answer: target, vi: swap(explanations.vi), en: swap(explanations.en) };
}

/** Moves each key to its planned letter by swapping two options, relabelling "(X)" in explanations. */
export function spreadKeys(questions: ChoiceQuestion[], seed: number): ChoiceQuestion[] {
  const planned = plannedKeys(questions.length, 'ABCD', seed);
  return questions.map((question, index) => {
    // Position questions ([1]–[4]) keep their natural order.
    if (question.options[0] === '[1]') return question;
    const target = planned[index] as ChoiceQuestion['answer'];
    const moved = moveKey(question.options, question.answer, target, question);
    return { ...question, ...moved };
  });
}

/** Spreads the keys of every question of some listening or reading sets. */
export function spreadSetKeys<T extends { questions: ChoiceQuestion[] }>(sets: T[], seed: number): T[] {
  const all = spreadKeys(
    sets.flatMap((s) => s.questions),
    seed,
  );
  let next = 0;
  return sets.map((s) => ({ ...s, questions: s.questions.map(() => all[next++]!) }) as T);
}

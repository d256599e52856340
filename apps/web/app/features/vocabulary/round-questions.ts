import type { TopicWord } from './types';

export type Question =
  | { kind: 'choose'; word: TopicWord; options: string[]; answer: string }
  | { kind: 'type'; word: TopicWord; answer: string }
  | { kind: 'listen'; word: TopicWord; answer: string };

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A learn round: up to `size` words of the topic, in turn "choose the meaning" (the right meaning
 * among up to four), "type the word" (from its meaning) and "listen and type" (from its spoken audio).
 */
export function buildRound(words: TopicWord[], size = 10, random: () => number = Math.random): Question[] {
  const picked = shuffle(words, random).slice(0, size);
  return picked.map((word, index) => {
    if (index % 3 === 1) return { kind: 'type', word, answer: word.headword };
    if (index % 3 === 2) return { kind: 'listen', word, answer: word.headword };
    const others = shuffle(
      [...new Set(words.filter((other) => other.id !== word.id).map((other) => other.meaning_vi))].filter(
        (meaning) => meaning !== word.meaning_vi,
      ),
      random,
    ).slice(0, 3);
    return {
      kind: 'choose',
      word,
      options: shuffle([word.meaning_vi, ...others], random),
      answer: word.meaning_vi,
    };
  });
}

/** A typed answer is right whatever its case, surrounding or doubled spaces. */
export function isTypedAnswerRight(typed: string, answer: string): boolean {
  const normalize = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return normalize(typed) === normalize(answer);
}

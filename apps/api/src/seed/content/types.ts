/**
 * Shapes of Prepwise's original seed content. Text fields are plain text unless named `html`;
 * the seed step escapes plain text and wraps it in paragraphs.
 */

/**
 * Bilingual explanation of a question: the evidence, why the key is right and what the trap is.
 * A blank line starts a new paragraph; a single line break stays a line break.
 */
export interface Explained {
  vi: string;
  en: string;
}

export interface KeyedText {
  key: string;
  content: string;
}

interface Base extends Explained {
  /** Instructions shown above the first question of a set (IELTS), plain text. */
  intro?: string;
  stem: string;
}

export type SeedQuestion =
  | (Base & { kind: 'single_choice'; options: string[]; answer: string })
  | (Base & { kind: 'true_false_not_given'; answer: 'true' | 'false' | 'not_given' })
  | (Base & { kind: 'gap_fill' | 'short_answer'; accepted: string[] })
  | (Base & { kind: 'matching'; item: KeyedText; options: KeyedText[]; answer: string })
  /** Options are keyed A, B, C …; `answers` are all the correct keys. */
  | (Base & { kind: 'multiple_choice'; options: string[]; answers: string[] })
  /** Pieces are keyed A, B, C … in the order given; `order` is their keys in the correct order. */
  | (Base & { kind: 'ordering'; pieces: string[]; order: string[] })
  /** Marked by a teacher; `guidance` (plain text) is shown with the result. */
  | (Base & { kind: 'essay'; guidance: string });

/** Who speaks a line of a listening script; the generator gives each a different voice. */
export type Speaker = 'narrator' | 'man' | 'woman' | 'man2' | 'woman2';

export interface Line {
  who: Speaker;
  text: string;
}

export interface ReadingPassage {
  /** Group title in the bank. */
  title: string;
  /** Passage HTML shown to the learner. */
  html: string;
  questions: SeedQuestion[];
}

/** TOEIC Part 1: an original drawn scene and four spoken statements. */
export interface PhotoItem extends Explained {
  /** Media file name (PNG) under content/media. */
  image: string;
  /** SVG source of the scene, rendered by scripts/generate-seed-media.mjs. */
  svg: string;
  statements: [string, string, string, string];
  answer: 'A' | 'B' | 'C' | 'D';
  voice: Speaker;
}

/** TOEIC Part 2: a spoken question or statement and three spoken responses. */
export interface ResponseItem extends Explained {
  prompt: Line;
  responses: [string, string, string];
  responder: Speaker;
  answer: 'A' | 'B' | 'C';
}

export interface ChoiceQuestion extends Explained {
  stem: string;
  options: [string, string, string, string];
  answer: 'A' | 'B' | 'C' | 'D';
}

/** TOEIC Parts 3 and 4: a conversation or talk with three questions. */
export interface ListeningSet {
  title: string;
  lines: Line[];
  questions: [ChoiceQuestion, ChoiceQuestion, ChoiceQuestion];
}

/** TOEIC Parts 6 and 7: one or more texts with their questions. */
export interface TextSet {
  title: string;
  html: string;
  questions: ChoiceQuestion[];
}

/** File name of the clip of a listening item under content/media. */
export const clipName = (part: number, index: number) =>
  `toeic-p${part}-${String(index + 1).padStart(2, '0')}.mp3`;

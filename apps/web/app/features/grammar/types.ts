/*
 * The lesson content lives on the server (`*.server.ts`, bilingual); loaders send the page only the
 * language it shows, in the `*Lesson` shapes below.
 */

/** A text in both interface languages. */
export interface Localized {
  vi: string;
  en: string;
}

export interface Example {
  /** The English sentence. */
  en: string;
  /** Its Vietnamese meaning. */
  vi: string;
}

export interface Mistake {
  wrong: string;
  right: string;
  note: Localized;
}

/** A multiple-choice gap: `sentence` holds `___` where the answer goes. */
export interface Question {
  sentence: string;
  options: string[];
  answer: number;
  /** Why the answer is right, shown once an option is chosen (in the page's language). */
  explanation?: string;
}

/** A practice question of a topic lesson, explained in both languages. */
export interface TopicQuestion extends Omit<Question, 'explanation'> {
  explanation: Localized;
}

/** A table of a topic lesson: column heads, and rows of English forms or explained cells. */
export interface TopicTable {
  head: Localized[];
  rows: (string | Localized)[][];
}

export interface TopicSection {
  id: string;
  title: Localized;
  intro: Localized;
  /** Rules or tips, one a bullet. */
  points?: Localized[];
  formulas?: string[];
  table?: TopicTable;
  examples: Example[];
}

/** A grammar topic served at /grammar/{slug}: sections, mistakes and practice. */
export interface GrammarTopic {
  slug: string;
  title: Localized;
  /** The hub card's one-line summary. */
  card: Localized;
  lead: Localized;
  metaTitle: Localized;
  metaDescription: Localized;
  sections: TopicSection[];
  mistakes: Mistake[];
  practice: TopicQuestion[];
}

export interface Tense {
  id: string;
  name: Localized;
  forms: { affirmative: string; negative: string; question: string };
  uses: Localized[];
  signals: string[];
  examples: Example[];
  mistakes: Mistake[];
  practice: Question[];
}

export interface ComparisonRule {
  rule: Localized;
  comparative: string;
  superlative: string;
}

export interface ComparisonSection {
  id: string;
  title: Localized;
  intro: Localized;
  formulas?: string[];
  rules?: ComparisonRule[];
  examples: Example[];
}

/** An English example; `translation` (its Vietnamese meaning) only on the Vietnamese page. */
export interface LessonExample {
  en: string;
  translation?: string;
}

export interface LessonMistake {
  wrong: string;
  right: string;
  note: string;
}

export interface TenseLesson {
  id: string;
  name: string;
  /** The English name shown beside the Vietnamese one, only on the Vietnamese page. */
  englishName?: string;
  forms: Tense['forms'];
  uses: string[];
  signals: string[];
  examples: LessonExample[];
  mistakes: LessonMistake[];
  practice: Question[];
}

export interface ComparisonLesson {
  sections: {
    id: string;
    title: string;
    intro: string;
    formulas?: string[];
    rules?: { rule: string; comparative: string; superlative: string }[];
    examples: LessonExample[];
  }[];
  mistakes: LessonMistake[];
  practice: Question[];
}

export interface TopicLesson {
  slug: string;
  title: string;
  lead: string;
  sections: {
    id: string;
    title: string;
    intro: string;
    points?: string[];
    formulas?: string[];
    table?: { head: string[]; rows: string[][] };
    examples: LessonExample[];
  }[];
  mistakes: LessonMistake[];
  practice: Question[];
}

/** A card of the /grammar hub. */
export interface GrammarHubEntry {
  to: string;
  title: string;
  text: string;
}

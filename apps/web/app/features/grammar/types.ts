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

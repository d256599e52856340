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

export const pick = (text: Localized, language: string) => (language === 'en' ? text.en : text.vi);

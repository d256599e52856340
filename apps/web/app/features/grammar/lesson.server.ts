import type { Locale } from '@prepwise/contract';
import type { Example, LessonExample, LessonMistake, Localized, Mistake } from './types';

export const pick = (text: Localized, locale: Locale) => text[locale];

export const localizeExample = (example: Example, locale: Locale): LessonExample =>
  locale === 'vi' ? { en: example.en, translation: example.vi } : { en: example.en };

export const localizeMistake = (mistake: Mistake, locale: Locale): LessonMistake => ({
  wrong: mistake.wrong,
  right: mistake.right,
  note: pick(mistake.note, locale),
});

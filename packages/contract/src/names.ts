import type { Locale } from './constants';

/**
 * Levels, categories, exams, parts and tests carry an optional English form next to their Vietnamese
 * name (`name_en`, tests `title_en`). English mode shows it when written, else the Vietnamese name.
 */
export function localName(named: { name: string; name_en?: string | null }, locale: Locale | string): string {
  return locale === 'en' && named.name_en ? named.name_en : named.name;
}

/** The title of a test in a language: `title_en` in English mode when written, else `title`. */
export function localTitle(
  test: { title: string; title_en?: string | null },
  locale: Locale | string,
): string {
  return locale === 'en' && test.title_en ? test.title_en : test.title;
}

import type { Locale } from '@prepwise/contract';
import { createInstance, type i18n as I18n, type ResourceLanguage } from 'i18next';

export const DEFAULT_NAMESPACE = 'common';

/**
 * One i18next instance per render language. Resources come from the root loader, so the
 * server and the hydrating client translate from exactly the same strings.
 */
export function createI18n(locale: Locale, resources: ResourceLanguage): I18n {
  const i18n = createInstance();
  void i18n.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** A translate function for keys computed at run time (API error keys, menu data). */
export type LooseTranslate = (key: string, options?: Record<string, unknown>) => string;

export function looseT(t: unknown): LooseTranslate {
  return t as LooseTranslate;
}

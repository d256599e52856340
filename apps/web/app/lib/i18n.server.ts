import { LOCALES, type Locale } from '@prepwise/contract';
import type { FlatNamespace, ResourceLanguage, TFunction } from 'i18next';
import { createI18n, type I18n } from './i18n';

const files = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { eager: true, import: 'default' });

const resourcesByLocale = new Map<Locale, ResourceLanguage>(LOCALES.map((locale) => [locale, {}]));
for (const [file, namespace] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  const locale = match?.[1];
  const resources = locale ? resourcesByLocale.get(locale as Locale) : undefined;
  if (match?.[2] && resources) resources[match[2]] = namespace;
}

/** All namespaces of one language. */
export function getLocaleResources(locale: Locale): ResourceLanguage {
  return resourcesByLocale.get(locale) ?? {};
}

/**
 * The namespaces a page ships to the browser in the root loader data: those its routes declare
 * (see `i18nHandle`), or every namespace when `namespaces` is null or undefined.
 */
export function getPageResources(
  locale: Locale,
  namespaces: readonly FlatNamespace[] | null | undefined,
): ResourceLanguage {
  const all = getLocaleResources(locale);
  if (!namespaces) return all;
  const picked: ResourceLanguage = {};
  for (const namespace of namespaces) {
    const bundle = all[namespace];
    if (bundle) picked[namespace] = bundle;
  }
  return picked;
}

const serverInstances = new Map<Locale, I18n>();

/** A translate function for loaders and `meta` (titles, descriptions) on the server. */
export function getServerT<N extends FlatNamespace>(locale: Locale, namespace: N): TFunction<N> {
  let i18n = serverInstances.get(locale);
  if (!i18n) {
    i18n = createI18n(locale, getLocaleResources(locale));
    serverInstances.set(locale, i18n);
  }
  return i18n.getFixedT(namespace);
}

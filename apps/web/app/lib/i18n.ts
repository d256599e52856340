import type { Locale } from '@prepwise/contract';
import type { FlatNamespace, ResourceLanguage } from 'i18next';
import { createTranslator, type I18n } from './translator';

export type { I18n } from './translator';

export const DEFAULT_NAMESPACE = 'common';

/**
 * Namespaces every page gets: the layout chrome (`common`) and what error pages and API error
 * messages need (`errors`, `messages`).
 */
export const BASE_NAMESPACES: readonly FlatNamespace[] = ['common', 'errors', 'messages'];

/**
 * A route module's `handle` naming the translation namespaces its page uses besides
 * BASE_NAMESPACES. The page then ships only the namespaces its matched routes declare; a page
 * whose own route module declares nothing gets every namespace (safe, but heavy). One line:
 *
 *     export const handle = i18nHandle('site', 'home');
 *
 * Layout routes declare what their chrome uses (the default layout: `site`).
 * See docs/ARCHITECTURE.md, "Translations per page".
 */
export interface I18nHandle {
  i18n: readonly FlatNamespace[];
}

export function i18nHandle(...namespaces: FlatNamespace[]): I18nHandle {
  return { i18n: namespaces };
}

/**
 * One translator per render language. Resources come from the root loader, so the server and the
 * hydrating client translate from exactly the same strings.
 */
export function createI18n(locale: Locale, resources: ResourceLanguage): I18n {
  return createTranslator(locale, resources, DEFAULT_NAMESPACE);
}

/**
 * Client navigation brings the namespaces of the next page in the root loader data: add the ones
 * this instance lacks (synchronously, before the page renders).
 */
export function addMissingNamespaces(i18n: I18n, resources: ResourceLanguage): void {
  for (const [namespace, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(namespace)) i18n.addResourceBundle(namespace, bundle);
  }
}

/** A translate function for keys computed at run time (API error keys, menu data). */
export type LooseTranslate = (key: string, options?: Record<string, unknown>) => string;

export function looseT(t: unknown): LooseTranslate {
  return t as LooseTranslate;
}

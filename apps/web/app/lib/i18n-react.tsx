import type { DefaultNamespace, Namespace, TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { I18n } from './translator';

const I18nContext = createContext<{ i18n: I18n } | null>(null);

/**
 * Gives the page its translator. The root creates one per language (a language change replaces it);
 * a client navigation may add namespaces to it, and the changed size re-renders every component that
 * translates, so none keeps showing a key that has just arrived.
 */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const size = i18n.size;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new size is new content in the same translator.
  const value = useMemo(() => ({ i18n }), [i18n, size]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t` for the namespace (default `common`), typed by i18next's `TFunction`, and the translator. */
export function useTranslation<N extends Namespace = DefaultNamespace>(
  namespace?: N,
): { t: TFunction<N>; i18n: I18n } {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useTranslation needs an I18nProvider above it');
  const { i18n } = context;
  const key = String(namespace);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the namespace (a new array each render).
  const t = useMemo(
    () => (namespace === undefined ? i18n.t : i18n.getFixedT(namespace)) as TFunction<N>,
    [i18n, key],
  );
  return { t, i18n };
}

import type { DefaultNamespace, Namespace, ResourceLanguage, TFunction } from 'i18next';

/*
 * The app's translator (docs/decisions/011-in-house-translator.md): the part of i18next the app
 * uses, in a few hundred bytes. i18next stays for its types only, so `t` keys are checked as before.
 * Behaves like i18next (nsSeparator ':', keySeparator '.', pluralSeparator '_', escapeValue false)
 * for: nested keys, `ns:key`, `{{name}}` and `{{a.b}}` interpolation, `count` plurals
 * (Intl.PluralRules, `_zero` first for 0), `defaultValue`, `replace`, and a missing key returning
 * the key. Not supported: formatters (`{{x, format}}`), `$t()` nesting, context, ordinals,
 * returnObjects, keyPrefix, fallback languages.
 */

type Options = Record<string, unknown>;

/** What components and loaders use of the translator; a subset of i18next's `i18n`. */
export interface I18n {
  /** The render language. */
  readonly language: string;
  /** Translates in the default namespace; `ns:key` reaches another one. */
  readonly t: TFunction<DefaultNamespace>;
  exists(key: string, options?: { ns?: string }): boolean;
  getFixedT<N extends Namespace>(namespace: N): TFunction<N>;
  hasResourceBundle(namespace: string): boolean;
  addResourceBundle(namespace: string, bundle: ResourceLanguage[string]): void;
  /** How many namespaces it holds: changes when one is added. */
  readonly size: number;
}

/** `hello {{name}}` and, never applied by i18next with escapeValue false, `{{- name}}`. */
const VARIABLE = /\{\{-?(.+?)\}\}/g;
/** i18next reads a key holding one of these (before its first '.') as a sentence, not `ns:key`. */
const SENTENCE = /[ ,?!;]/;

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, data: Options): string {
  return text.replace(VARIABLE, (match, name: string) => {
    const value = lookup(data, name.trim());
    if (value === undefined) return Object.hasOwn(data, name.trim()) ? '' : match;
    return value === null ? '' : String(value);
  });
}

export function createTranslator(
  language: string,
  resources: ResourceLanguage,
  defaultNamespace: string,
): I18n {
  const bundles: Record<string, unknown> = { ...resources };
  const rules = new Intl.PluralRules(language);

  /** `ns:key` names its namespace; i18next then joins any further ':' parts with '.'. */
  function parse(key: string, namespaces: string | readonly string[]): [readonly string[], string] {
    const separator = key.indexOf(':');
    if (separator > 0 && !SENTENCE.test(key.split('.')[0]!)) {
      return [[key.slice(0, separator)], key.slice(separator + 1).replaceAll(':', '.')];
    }
    return [typeof namespaces === 'string' ? [namespaces] : namespaces, key];
  }

  /** The key's value in the first namespace that has it, trying its plural forms first. */
  function resolve(names: readonly string[], path: string, count: unknown): unknown {
    const candidates =
      count === undefined || typeof count === 'string'
        ? [path]
        : [...(count === 0 ? [`${path}_zero`] : []), `${path}_${rules.select(Number(count))}`, path];
    for (const namespace of names) {
      for (const candidate of candidates) {
        const value = lookup(bundles[namespace], candidate);
        if (value !== undefined && value !== null) return value;
      }
    }
    return undefined;
  }

  function translate(
    namespaces: string | readonly string[],
    keys: string | readonly string[],
    second?: string | Options,
    third?: Options,
  ) {
    // As i18next: `t(key, 'default text', options?)`, and a list of keys tried in order.
    const options: Options = typeof second === 'string' ? { defaultValue: second, ...third } : (second ?? {});
    let value: unknown;
    let path = '';
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      const [names, keyPath] = parse(key, namespaces);
      path = keyPath;
      value = resolve(names, path, options.count);
      if (value !== undefined) break;
    }
    const text =
      typeof value === 'string'
        ? value
        : typeof options.defaultValue === 'string'
          ? options.defaultValue
          : path;
    const replace = options.replace;
    return interpolate(text, replace && typeof replace === 'object' ? (replace as Options) : options);
  }

  const getFixedT = <N extends Namespace>(namespace: N) =>
    ((keys: string | string[], second?: string | Options, third?: Options) =>
      translate(namespace, keys, second, third)) as unknown as TFunction<N>;

  return {
    language,
    t: getFixedT(defaultNamespace as DefaultNamespace),
    getFixedT,
    exists: (key, options = {}) =>
      resolve(...parse(key, options.ns ?? defaultNamespace), undefined) !== undefined,
    hasResourceBundle: (namespace) => Object.hasOwn(bundles, namespace),
    addResourceBundle(namespace, bundle) {
      bundles[namespace] = bundle;
    },
    get size() {
      return Object.keys(bundles).length;
    },
  };
}

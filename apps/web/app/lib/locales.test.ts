import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';

const localesDir = fileURLToPath(new URL('../locales', import.meta.url));

function namespacesOf(locale: string): string[] {
  return readdirSync(path.join(localesDir, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

/** Every leaf of a translation file as a dotted key, e.g. `hero.title`. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      leafKeys(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

function readNamespace(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8'));
}

describe('translations', () => {
  it('exist for exactly the supported locales', () => {
    const folders = readdirSync(localesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...LOCALES].sort());
  });

  const reference = namespacesOf(DEFAULT_LOCALE);

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has the same namespaces as vi',
    (locale) => {
      expect(namespacesOf(locale)).toEqual(reference);
    },
  );

  describe.each(reference)('namespace %s', (namespace) => {
    it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
      'has the same keys in vi and %s',
      (locale) => {
        const viKeys = new Set(leafKeys(readNamespace(DEFAULT_LOCALE, namespace)));
        const otherKeys = new Set(leafKeys(readNamespace(locale, namespace)));
        expect({ missingIn: locale, keys: [...viKeys].filter((key) => !otherKeys.has(key)) }).toEqual({
          missingIn: locale,
          keys: [],
        });
        expect({ missingIn: DEFAULT_LOCALE, keys: [...otherKeys].filter((key) => !viKeys.has(key)) }).toEqual(
          {
            missingIn: DEFAULT_LOCALE,
            keys: [],
          },
        );
      },
    );

    it.each([...LOCALES])('has only non-empty strings in %s', (locale) => {
      const data = readNamespace(locale, namespace);
      const empty = leafKeys(data).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    });
  });
});

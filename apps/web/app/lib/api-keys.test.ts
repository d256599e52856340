import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@prepwise/contract';
import { ERROR_KEYS, LOCALES } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';

/*
 * Every key the API can answer with has a text in every locale: the `key` of an error body
 * (ERROR_KEYS → errors.json `api.*`) and the translation keys of field errors, refusals and success
 * messages (the contract's other `*_KEYS` constants, plus any such literal left in apps/api/src →
 * messages.json).
 */

const localesDir = fileURLToPath(new URL('../locales', import.meta.url));
const apiSourceDir = fileURLToPath(new URL('../../../api/src', import.meta.url));

function readNamespace(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8'));
}

function textAt(data: unknown, dottedKey: string): unknown {
  return dottedKey
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      data,
    );
}

/** The values of the contract's `*_KEYS` objects, e.g. `content.category_in_use`. */
const contractKeys = [
  ...new Set(
    Object.entries(contract)
      .filter(([name, value]) => name.endsWith('_KEYS') && name !== 'ERROR_KEYS' && typeof value === 'object')
      .flatMap(([, value]) => Object.values(value as Record<string, unknown>))
      .filter((value): value is string => typeof value === 'string'),
  ),
].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** `'section.key'` literals in the API's sources whose section is one the contract's keys use. */
const sections = new Set(contractKeys.map((key) => key.split('.')[0]));
const literalKeys = [
  ...new Set(
    sourceFiles(apiSourceDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'([a-z]+)\.([a-z_]+)'/g)]
        .filter((match) => sections.has(match[1]!))
        .map((match) => `${match[1]}.${match[2]}`),
    ),
  ),
].sort();

describe('keys the API answers with', () => {
  it('are collected from the contract and the API sources', () => {
    expect(contractKeys).toContain('content.category_in_use');
    expect(contractKeys).toContain('structure.level_in_use');
    expect(contractKeys).toContain('common.deleted');
    expect(contractKeys.length).toBeGreaterThan(60);
    expect(literalKeys).toContain('common.required_field');
  });

  it.each([...LOCALES])('have a text in messages.json (%s)', (locale) => {
    const messages = readNamespace(locale, 'messages');
    const missing = [...new Set([...contractKeys, ...literalKeys])].filter((key) => {
      const text = textAt(messages, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each([...LOCALES])('error keys have a text in errors.json (%s)', (locale) => {
    const errors = readNamespace(locale, 'errors');
    const missing = ERROR_KEYS.filter((key) => typeof textAt(errors, `api.${key}`) !== 'string');
    expect(missing).toEqual([]);
  });
});

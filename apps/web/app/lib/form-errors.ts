import type { FieldErrors } from '@prepwise/contract';
import { ApiError } from './api-error';

/**
 * What a refused save puts in front of the user, as translation keys only — never the server's
 * English `message` (seed-spec §8: the key is the contract, the message is for developers).
 *
 * - `reasons`: the keys that explain the whole refusal (the `id` entry, or for a 409 conflict the
 *   entries themselves, e.g. a taken slug);
 * - `fields`: the field errors no input on the form shows (`items.5`, `sections.0`), each to be
 *   printed under the alert with its translated text.
 * Keys with no translation are dropped: the alert's own text (from the answer's `key`) says enough.
 */
export interface RefusalKeys {
  reasons: string[];
  fields: [field: string, key: string][];
}

export function refusalKeys(
  error: unknown,
  shownFields: readonly string[],
  exists: (key: string) => boolean,
): RefusalKeys {
  if (!(error instanceof ApiError) || !error.errors) return { reasons: [], fields: [] };
  const errors: FieldErrors = error.errors;
  const reasons = errors.id ? [errors.id] : error.code === 409 ? [...new Set(Object.values(errors))] : [];
  const fields = Object.entries(errors).filter(
    ([field, key]) =>
      field !== 'id' &&
      !shownFields.includes(field) &&
      !(error.code === 409 && reasons.includes(key)) &&
      exists(key),
  );
  return { reasons: reasons.filter(exists), fields };
}

/** The fields whose value changed between two renders (by path), among those that carry an error. */
export function changedErrorFields(
  errors: Record<string, unknown>,
  previous: unknown,
  next: unknown,
): string[] {
  const read = (values: unknown, path: string) =>
    path
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        values,
      );
  return Object.keys(errors).filter(
    (field) => errors[field] && !Object.is(read(previous, field), read(next, field)),
  );
}

/**
 * The field paths an input shows (every leaf of the values, and every list): their errors sit next
 * to the input, the alert leaves them out.
 */
export function shownFieldsOf(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object') return prefix ? [prefix] : [];
  const entries = Array.isArray(values)
    ? values.map((item, index) => [String(index), item] as const)
    : Object.entries(values as Record<string, unknown>);
  const own = prefix ? [prefix] : [];
  return own.concat(
    entries.flatMap(([key, value]) => shownFieldsOf(value, prefix ? `${prefix}.${key}` : key)),
  );
}

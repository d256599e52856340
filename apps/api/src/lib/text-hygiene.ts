import { VALIDATION_KEYS } from '@prepwise/contract';
import { AppError } from './errors';

/** Text no column can hold or no person typed (issue 13): see plugins/input-hygiene.ts. */

/** A NUL, or a surrogate half without its partner. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The path (as field names) of the first unsafe string in a parsed JSON value or object key; null when clean. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, '_'];
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** An upload's filename with a NUL or a lone surrogate is refused (422 on `file`). */
export function checkFilename(filename: string, key: string = VALIDATION_KEYS.invalidCharacters) {
  if (isUnsafeText(filename)) {
    throw new AppError(422, 'VALIDATION_FAILED', 'The file name contains characters that are not allowed', {
      file: key,
    });
  }
}

import { VALIDATION_KEYS } from '@prepwise/contract';

/**
 * Form validators of seed-spec §5. A failed rule yields a message key (the same vocabulary the
 * API uses in its `errors` map) and, for length rules, the number of characters.
 */
export interface ValidationMessage {
  key: string;
  count?: number;
}

export type FormValues = Record<string, unknown>;
export type Validator = (value: unknown, values: FormValues) => ValidationMessage | null;

export type ValidatorName = 'required' | 'email' | 'length' | 'minLength' | 'confirmed';
/** A rule by name, with its argument where it takes one: `'required'`, `['minLength', 8]`. */
export type Rule =
  | 'required'
  | 'email'
  | readonly ['length', number]
  | readonly ['minLength', number]
  | readonly ['confirmed', string];

/** An address with a domain suffix of 2 to 3 letters (seed-spec §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,3}$/;

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function characterCount(value: unknown): number {
  return [...String(value)].length;
}

const factories: Record<ValidatorName, (argument?: number | string) => Validator> = {
  required: () => (value) => (isEmpty(value) ? { key: VALIDATION_KEYS.required } : null),
  email: () => (value) =>
    isEmpty(value) || EMAIL_PATTERN.test(String(value).trim()) ? null : { key: VALIDATION_KEYS.email },
  length: (argument) => {
    const count = Number(argument);
    return (value) =>
      isEmpty(value) || characterCount(value) === count ? null : { key: VALIDATION_KEYS.length, count };
  },
  minLength: (argument) => {
    const count = Number(argument);
    return (value) =>
      isEmpty(value) || characterCount(value) >= count ? null : { key: VALIDATION_KEYS.minLength, count };
  },
  confirmed: (argument) => (value, values) =>
    (value ?? '') === (values[String(argument)] ?? '') ? null : { key: VALIDATION_KEYS.confirmed },
};

/** The validator called `name`; an unknown name is a programming error. */
export function getValidator(name: string, argument?: number | string): Validator {
  if (!Object.hasOwn(factories, name)) throw new Error('No such validator exists');
  return factories[name as ValidatorName](argument);
}

/** The first failed rule's message, or null when the value passes them all. */
export function validateValue(
  rules: readonly Rule[],
  value: unknown,
  values: FormValues,
): ValidationMessage | null {
  for (const rule of rules) {
    const validator = typeof rule === 'string' ? getValidator(rule) : getValidator(rule[0], rule[1]);
    const message = validator(value, values);
    if (message) return message;
  }
  return null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text shown under a field. Length rules read "<text> <n> <characters>"; a key without a
 * translation falls back to the generic "{field} is not valid."
 */
export function formatValidationMessage(
  t: Translate,
  message: ValidationMessage,
  field: string,
  exists: (key: string) => boolean,
): string {
  if (message.count !== undefined && message.key === VALIDATION_KEYS.length) {
    return `${t('common.field_must_be_length')} ${message.count} ${t('common.characters')}`;
  }
  if (message.count !== undefined && message.key === VALIDATION_KEYS.minLength) {
    return `${t('common.minimum')} ${message.count} ${t('common.characters')}`;
  }
  if (exists(message.key)) return t(message.key, { field });
  return t(VALIDATION_KEYS.invalid, { field });
}

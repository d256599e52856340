import type { z } from 'zod';
import type { FieldErrors } from './errors';

/** Translation keys for validation messages shared by the API and the web forms (seed-spec §5). */
export const VALIDATION_KEYS = {
  required: 'common.required_field',
  email: 'common.must_be_email',
  length: 'common.must_be_length',
  minLength: 'common.min_length',
  maxLength: 'common.max_length',
  confirmed: 'common.passwords_do_not_match',
  invalid: 'common.invalid_field',
  /** A NUL character or a lone UTF-16 surrogate (input hygiene, issue 13). */
  invalidCharacters: 'common.invalid_characters',
  /** A JSON body with arrays or objects nested deeper than the API reads (64 levels, issue 26). */
  nestingTooDeep: 'common.nesting_too_deep',
  /** A URL that is neither https nor one of our own media files. */
  invalidUrl: 'common.invalid_url',
} as const;

/** Maps zod issues to `{ field: messageKey }`, first issue per field wins. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (errors[field]) continue;
    errors[field] = messageKeyForIssue(issue);
  }
  return errors;
}

function messageKeyForIssue(issue: z.core.$ZodIssue): string {
  if (typeof issue.message === 'string' && /^[a-z_]+\.[a-z0-9_.]+$/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? VALIDATION_KEYS.required
        : VALIDATION_KEYS.invalid;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return VALIDATION_KEYS.required;
      if (issue.origin === 'array' && issue.minimum === 1) return VALIDATION_KEYS.required;
      return issue.origin === 'string' ? VALIDATION_KEYS.minLength : VALIDATION_KEYS.invalid;
    case 'too_big':
      return issue.origin === 'string' ? VALIDATION_KEYS.maxLength : VALIDATION_KEYS.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? VALIDATION_KEYS.email : VALIDATION_KEYS.invalid;
    default:
      return VALIDATION_KEYS.invalid;
  }
}

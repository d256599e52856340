import { z } from 'zod';

/** Stable, machine-readable error codes carried in the `key` field of every error response. */
export const ERROR_KEYS = [
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'EXPIRED_TOKEN',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'TOO_MANY_ATTEMPTS',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'ORGANIZATION_PENDING',
  'ORGANIZATION_REJECTED',
  'ORGANIZATION_SUSPENDED',
  'GOOGLE_SIGN_IN_DISABLED',
  'INVALID_CODE',
  'TOO_MANY_REQUESTS',
  'MAIL_LIMIT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Field name → translation key of the message, e.g. `{ "email": "common.must_be_email" }`. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Values the translated message of an error's keys names, e.g. `{ "count": 12 }` (i18next `{{count}}`). */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/**
 * One item of a refusal that lists several things (a publish refusal: one per part and what it lacks):
 * the field it is about, the translation key of its message and the values that message names.
 */
export const errorDetailSchema = z.object({
  field: z.string(),
  key: z.string(),
  params: errorParamsSchema.optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    key: z.string(),
    errors: fieldErrorsSchema.optional(),
    params: errorParamsSchema.optional(),
    /** A refusal's list, each item once (a publish refusal: each part and what it lacks). */
    details: z.array(errorDetailSchema).optional(),
    /** Seconds to wait before trying again (429 answers). */
    retryAfter: z.number().int().optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

import type { ErrorDetail, ErrorParams, FieldErrors } from '@prepwise/contract';

/** A failed API answer as seed-spec §8 records it: code, message and key (plus field errors). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly key: string;
  readonly errors: FieldErrors | undefined;
  /** Values the translated messages of `errors` name (`{{count}}`). */
  readonly params: ErrorParams | undefined;
  /** A refusal's list, each item once with its own key and values (a publish refusal: each part). */
  readonly details: ErrorDetail[] | undefined;
  /** Seconds to wait before trying again (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    code: number;
    key: string;
    message: string;
    errors?: FieldErrors;
    params?: ErrorParams;
    details?: ErrorDetail[];
    retryAfter?: number;
  }) {
    super(init.message);
    this.code = init.code;
    this.key = init.key;
    this.errors = init.errors;
    this.params = init.params;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

export const NETWORK_ERROR_KEY = 'NETWORK_ERROR';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Code from the body's statusCode (default 500), message and key from the body. */
export function toApiError(body: unknown, status?: number): ApiError {
  const record = isRecord(body) ? body : {};
  const code = typeof record.statusCode === 'number' ? record.statusCode : 500;
  const errors = isRecord(record.errors)
    ? Object.fromEntries(Object.entries(record.errors).filter(([, value]) => typeof value === 'string'))
    : undefined;
  return new ApiError({
    code,
    key: typeof record.key === 'string' ? record.key : 'INTERNAL_ERROR',
    message:
      typeof record.message === 'string' ? record.message : `Request failed${status ? ` (${status})` : ''}`,
    errors: errors as FieldErrors | undefined,
    params: isRecord(record.params)
      ? (Object.fromEntries(
          Object.entries(record.params).filter(([, value]) => ['string', 'number'].includes(typeof value)),
        ) as ErrorParams)
      : undefined,
    details: Array.isArray(record.details) ? record.details.flatMap(toDetail) : undefined,
    retryAfter: typeof record.retryAfter === 'number' ? record.retryAfter : undefined,
  });
}

function toDetail(item: unknown): ErrorDetail[] {
  if (!isRecord(item) || typeof item.field !== 'string' || typeof item.key !== 'string') return [];
  const params = isRecord(item.params)
    ? (Object.fromEntries(
        Object.entries(item.params).filter(([, value]) => ['string', 'number'].includes(typeof value)),
      ) as ErrorParams)
    : undefined;
  return [{ field: item.field, key: item.key, ...(params ? { params } : {}) }];
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError({
    code: 500,
    key: NETWORK_ERROR_KEY,
    message: cause instanceof Error ? cause.message : 'Network error',
  });
  error.cause = cause;
  return error;
}

/** An answer whose field errors (422, or 409 "already taken") the form shows next to its inputs. */
export function isFieldValidationError(error: unknown): boolean {
  return error instanceof ApiError && Object.keys(error.errors ?? {}).length > 0;
}

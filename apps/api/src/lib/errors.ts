import type { ErrorDetail, ErrorKey, ErrorParams, FieldErrors } from '@prepwise/contract';

/**
 * An error the API answers with as-is: a status, a stable key, optional field errors, the values
 * their translated messages name (`params`) and a list of keyed items (`details`).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message: string,
    readonly errors?: FieldErrors,
    readonly params?: ErrorParams,
    /** A refusal's list of items (each once), e.g. each part of a test and what it lacks. */
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not Found') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, 'CONFLICT', message, errors);
export const validationFailed = (errors: FieldErrors, message = 'Validation failed') =>
  new AppError(422, 'VALIDATION_FAILED', message, errors);

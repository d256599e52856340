import type { ErrorBody, ErrorKey } from '@prepwise/contract';
import { fieldErrorsFromIssues } from '@prepwise/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, outageReporter } from '../lib/database-outage';
import { AppError } from '../lib/errors';
import { StorageError } from '../lib/storage';

const KEY_BY_STATUS: Record<number, ErrorKey> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function send(reply: FastifyReply, body: ErrorBody) {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Turns every thrown error into the API error envelope; client mistakes never become a 500. */
export function toErrorBody(
  error: FastifyError | Error,
  request: FastifyRequest,
  reportOutage: (report: () => void) => void = (report) => report(),
): ErrorBody {
  if (error instanceof AppError) {
    const retryAfter = (error as AppError & { retryAfter?: number }).retryAfter;
    return {
      statusCode: error.statusCode,
      message: error.message,
      key: error.key,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.params ? { params: error.params } : {}),
      ...(error.details ? { details: error.details } : {}),
      ...(retryAfter ? { retryAfter } : {}),
    };
  }
  if (error instanceof StorageError) {
    // The operator needs the store's own words (logged); the client gets a gateway error to retry later.
    request.log.error({ err: error, reason: error.reason, code: error.code }, 'file storage failed');
    return error.reason === 'unavailable'
      ? {
          statusCode: 503,
          message: 'File storage is unavailable; please try again shortly',
          key: 'SERVICE_UNAVAILABLE',
        }
      : {
          statusCode: 502,
          message: 'File storage refused the request',
          key: 'SERVICE_UNAVAILABLE',
        };
  }
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    // A malformed id in the path names nothing that exists.
    return { statusCode: 404, message: 'Not Found', key: 'NOT_FOUND' };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((item) => ({
      ...(item.params as object),
      code: item.keyword,
      message: item.message,
      path: item.instancePath.split('/').filter(Boolean),
    })) as unknown as z.core.$ZodIssue[];
    return {
      statusCode: 422,
      message: `Validation failed for ${error.validationContext ?? 'request'}`,
      key: 'VALIDATION_FAILED',
      errors: fieldErrorsFromIssues(issues),
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return { statusCode: 500, message: 'Internal Server Error', key: 'INTERNAL_ERROR' };
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'The request body is not valid JSON', key: 'MALFORMED_JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        statusCode: 400,
        message: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`,
        key: 'UNSUPPORTED_MEDIA_TYPE',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'The request body is too large', key: 'PAYLOAD_TOO_LARGE' };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { statusCode: 400, message: 'The request body is not valid JSON', key: 'MALFORMED_JSON' };
  }
  if (isDatabaseUnavailable(error)) {
    // One warning per outage, without a stack per request; the client tries again shortly.
    reportOutage(() =>
      request.log.warn(
        { err: error },
        'the database cannot be reached: answering 503 until it is back (one warning per outage)',
      ),
    );
    return {
      statusCode: 503,
      message: 'The service is briefly unavailable; please try again shortly',
      key: 'SERVICE_UNAVAILABLE',
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { statusCode: status, message: error.message, key: KEY_BY_STATUS[status] ?? 'BAD_REQUEST' };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { statusCode: 500, message: 'Internal Server Error', key: 'INTERNAL_ERROR' };
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Properties of a driver's error that say what failed without repeating the row's values. */
const SAFE_DRIVER_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'dataType',
  'routine',
] as const;

/** Quoted values in a driver's message (`invalid input syntax for type uuid: "…"`) are left out. */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/**
 * The logger's `err` serializer: the type, message, stack and code of an error, with its causes. A
 * failed query is logged as its statement and the database's error, never its parameter values
 * (argon2id hashes, e-mails, phone numbers), and a driver's `detail` (`Key (email)=(…)`) is left out.
 */
export function safeErrorSerializer(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const record = error as Error & Record<string, unknown>;
  const isQueryError = typeof record.query === 'string' && 'params' in record;
  const message = isQueryError
    ? `Failed query: ${record.query as string}`
    : withoutQuotedValues(error.message);
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    // The stack's first line repeats the message: it is rewritten the same way.
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  if (isQueryError) out.query = record.query;
  for (const field of SAFE_DRIVER_FIELDS) if (record[field] !== undefined) out[field] = record[field];
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (error.cause !== undefined && depth < 3) out.cause = safeErrorSerializer(error.cause, depth + 1);
  return out;
}

export function registerErrorHandling(app: FastifyInstance) {
  const reportOutage = outageReporter();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error, request, reportOutage);
    if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
    return send(reply, body);
  });
}

/** 404 for any /api path without a route. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return send(reply, {
    statusCode: 404,
    message: `Route ${request.method} ${path} not found`,
    key: 'NOT_FOUND',
  });
}

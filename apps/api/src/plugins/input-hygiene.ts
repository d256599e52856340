import { VALIDATION_KEYS } from '@prepwise/contract';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppError } from '../lib/errors';
import { findUnsafeText } from '../lib/text-hygiene';

/**
 * Input hygiene in one place (issue 13): text that no column can hold or no person typed never reaches a
 * service. A NUL character (PostgreSQL text cannot store it) or a lone UTF-16 surrogate (not Unicode
 * text; PostgreSQL refuses it) in any JSON body or query field answers 422 naming the field; in a path
 * it answers 404 (no resource has such a name); in an upload's filename, 422 on `file`.
 */

const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The zod validator compiler, preceded by the hygiene check. The failure has the shape of a zod
 * validation error, so the error handler answers it like any other (422 for body and query, 404 for
 * path parameters), and it runs where validation runs: after authentication and the permission check.
 */
export const hygienicValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const path = findUnsafeText(data);
    if (path) {
      const field = path.length > 0 ? path : ['_'];
      return {
        error: [
          {
            [ZOD_VALIDATION_ERROR]: true,
            keyword: 'custom',
            instancePath: `/${field.join('/')}`,
            schemaPath: '#/custom',
            message: VALIDATION_KEYS.invalidCharacters,
            params: {},
          },
        ] as never,
      };
    }
    return validate(data);
  };
};

/** A path whose raw text carries an encoded NUL (`%00`) or a decoded one names nothing: 404 before routing. */
export function hasNulInPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return /%00/i.test(path) || path.includes('\u0000');
}

export function registerInputHygiene(app: FastifyInstance, notFound: (path: string) => AppError) {
  app.setValidatorCompiler(hygienicValidatorCompiler);
  app.addHook('onRequest', async (request) => {
    if (hasNulInPath(request.url)) throw notFound(request.url.split('?', 1)[0] ?? '');
  });
}

import { VALIDATION_KEYS } from '@prepwise/contract';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { findUnsafeText } from '../lib/text-hygiene';

/**
 * Input hygiene in one place (issue 13): text that no column can hold or no person typed never reaches a
 * service. A NUL character (PostgreSQL text cannot store it) or a lone UTF-16 surrogate (not Unicode
 * text; PostgreSQL refuses it) in any JSON body or query field answers 422 naming the field; in a path
 * it answers 404 (no resource has such a name); in an upload's filename, 422 on `file`.
 * A JSON body nested deeper than MAX_JSON_DEPTH answers 400 before it is parsed (issue 26): validation
 * and the checks here walk a value recursively, and 5,000 nested arrays overflowed the stack (500).
 */

/** Arrays and objects one inside another, at most: no form of ours nests deeper than a handful. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text opens more than `limit` arrays or objects one inside another: one pass over the text
 * counting `[`/`{` against `]`/`}` outside strings (a backslash in a string skips the next character).
 * Text that is not JSON is left to the parser.
 */
export function jsonNestingExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

export const nestingTooDeep = () =>
  new AppError(400, 'BAD_REQUEST', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`, {
    _: VALIDATION_KEYS.nestingTooDeep,
  });

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
  // Fastify's own JSON parser (secure-json-parse, the app's proto and constructor settings), behind the
  // depth check. It runs while the body is read, before authentication: a deep body costs one pass over it.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': the body arrives as text.
    const text = body as string;
    if (jsonNestingExceeds(text)) {
      done(nestingTooDeep(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('onRequest', async (request) => {
    if (hasNulInPath(request.url)) throw notFound(request.url.split('?', 1)[0] ?? '');
  });
}

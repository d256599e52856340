import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What an upload route receives as multipart/form-data, for the OpenAPI document only: the route reads
 * the parts itself (and validates its fields with the same zod schema), so Fastify must not validate a
 * `body`. Given as the route's `config.multipart`.
 */
export interface MultipartDoc {
  /** What the `file` part is. */
  file: string;
  /** The text fields besides the file. */
  fields?: z.ZodObject;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartDoc;
  }
}

/** The JSON Schema of a multipart body: a binary `file` and the fields' schema as clients send them. */
export function multipartBodySchema(doc: MultipartDoc) {
  const fields = doc.fields
    ? (z.toJSONSchema(doc.fields, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  return {
    type: 'object',
    required: ['file', ...(fields.required ?? [])],
    properties: {
      file: { type: 'string', format: 'binary', description: doc.file },
      ...fields.properties,
    },
  };
}

/** The zod transform, plus the multipart bodies that upload routes describe in `config.multipart`. */
const transform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const doc = (input.route.config as { multipart?: MultipartDoc } | undefined)?.multipart;
  if (!doc) return result;
  return { ...result, schema: { ...result.schema, body: multipartBodySchema(doc) } };
};

/** OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/openapi.json, UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prepwise API',
        description:
          'English learning and exam practice. Every answer is `{ statusCode, message, result }`; every error is `{ statusCode, message, key, errors? }`.',
        version,
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

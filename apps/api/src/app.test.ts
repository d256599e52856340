import { okEnvelope } from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/helpers';

let harness: Awaited<ReturnType<typeof createTestApp>>;

// A route shaped like the real ones, to exercise validation end to end.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe',
    {
      schema: {
        body: z.object({ email: z.email(), name: z.string().min(1), password: z.string().min(8) }),
        response: { 200: okEnvelope(z.object({ email: z.string() })) },
      },
    },
    async (request) => ({ statusCode: 200, message: 'OK', result: { email: request.body.email } }),
  );
  app.get('/api/test-crash', async () => {
    throw new Error('database exploded with secret detail');
  });
};

beforeAll(async () => {
  harness = await createTestApp({ env: { BODY_LIMIT: '2048' } });
  await harness.app.register(probeRoutes);
  await harness.app.ready();
});
afterAll(() => harness.close());

describe('API envelope and errors', () => {
  it('answers /api/health with the success envelope', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 200, message: 'OK', result: { status: 'ok' } });
    expect(typeof body.result.version).toBe('string');
  });

  it('reports ready with current migrations', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.status).toBe('ready');
    expect(result.database.reachable).toBe(true);
    expect(result.database.migrationsApplied).toBe(result.database.migrationsExpected);
    expect(result.database.migrationsExpected).toBeGreaterThan(0);
  });

  it('has the e2e learner clock only with APP_ENV=test', async () => {
    // The test harness runs with APP_ENV=test: the route exists (and wants a learner).
    expect(
      (await harness.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { days: 1 } })).statusCode,
    ).toBe(401);
    const development = await createTestApp({ env: { APP_ENV: 'development' } });
    try {
      const response = await development.app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        payload: { days: 1 },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().key).toBe('NOT_FOUND');
    } finally {
      await development.close();
    }
  });

  it('answers an unknown /api path with a JSON 404 and key NOT_FOUND', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /api/no/such/thing not found',
      key: 'NOT_FOUND',
    });
  });

  it('rejects malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.vn",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, key: 'MALFORMED_JSON' });
  });

  it('rejects an empty JSON body with 400 MALFORMED_JSON', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('MALFORMED_JSON');
  });

  it('rejects a wrong content type with 400 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'email=a@b.vn',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, key: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('rejects a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.vn', name: 'x'.repeat(5000), password: 'longenough' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().key).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers invalid fields with 422 VALIDATION_FAILED naming each field with a translation key', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      payload: { email: 'not-an-email', name: '', password: 'short' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      statusCode: 422,
      key: 'VALIDATION_FAILED',
      errors: { email: 'common.must_be_email', name: 'common.required_field', password: 'common.min_length' },
    });
  });

  it('names a missing field as required', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      payload: { name: 'An' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      email: 'common.required_field',
      password: 'common.required_field',
    });
  });

  it('accepts a valid body', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      payload: { email: 'hoa@truong.edu.vn', name: 'Hoa', password: 'longenough' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'OK',
      result: { email: 'hoa@truong.edu.vn' },
    });
  });

  it('hides the details of an unexpected failure behind 500 INTERNAL_ERROR', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      message: 'Internal Server Error',
      key: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('secret detail');
  });
});

describe('request id and security headers', () => {
  it('gives every response a request id and keeps a well-formed incoming one', async () => {
    const generated = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await harness.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const refused = await harness.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(refused.headers['x-request-id']).not.toContain('script');
  });

  it('carries the request id on error responses too', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/missing' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers, on errors too', async () => {
    for (const url of ['/api/health', '/api/missing']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // Inline scripts run only on pages, with that page's nonce (plugins/web.ts).
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Prepwise API');
    const health = document.paths['/api/health'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.result).toBeDefined();
    expect(document.paths['/api/ready'].get.responses['503']).toBeDefined();
  });

  it('describes the multipart body of every upload: a binary file and the fields it takes', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const uploads = Object.entries(
      document.paths as Record<string, Record<string, { consumes?: string[]; requestBody?: unknown }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => JSON.stringify(operation).includes('multipart/form-data'))
        .map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
    );
    // Media (two realms), question imports, rosters (two realms × preview and import), word imports.
    expect(uploads.length).toBeGreaterThanOrEqual(10);
    for (const { at, operation } of uploads) {
      const body = (
        operation.requestBody as
          | {
              content: Record<
                string,
                { schema: { properties: Record<string, unknown>; required: string[] } }
              >;
            }
          | undefined
      )?.content['multipart/form-data']?.schema;
      expect(body, at).toBeDefined();
      expect(body!.properties.file, at).toMatchObject({ type: 'string', format: 'binary' });
      expect(body!.required, at).toContain('file');
    }
    const questionImport =
      document.paths['/api/admin/question-bank/import'].post.requestBody.content['multipart/form-data']
        .schema;
    expect(Object.keys(questionImport.properties)).toEqual(
      expect.arrayContaining(['file', 'format', 'format_id', 'level_id', 'tags', 'skip_invalid']),
    );
    expect(questionImport.required).toEqual(expect.arrayContaining(['file', 'format_id']));
  });

  it('serves the documentation UI at /api/docs', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});

describe('compression', () => {
  it('compresses a large JSON answer for clients that accept it, and leaves small ones alone', async () => {
    const large = await harness.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    const gzip = await harness.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const small = await harness.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

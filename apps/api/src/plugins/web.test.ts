import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';
import { registerWeb } from './web';

/*
 * A stand-in for apps/web/build: the entry module exposes the two functions registerWeb takes from
 * the real build, and its "React Router" answers with what it received, so the Fastify ⇄ Fetch
 * conversion is tested without building the web app.
 */
const STUB_SERVER_BUILD = `
import { Readable } from 'node:stream';

async function handle(request, context) {
  const url = new URL(request.url);
  if (url.pathname === '/echo') {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const headers = new Headers({ 'content-type': 'application/json', 'x-web': 'yes' });
    headers.append('set-cookie', 'first=1; Path=/');
    headers.append('set-cookie', 'second=2; Path=/');
    return new Response(
      JSON.stringify({
        method: request.method,
        url: request.url,
        contentType: request.headers.get('content-type'),
        cookie: request.headers.get('cookie'),
        body,
      }),
      { status: 201, headers },
    );
  }
  if (url.pathname === '/via-api') {
    return Response.json(await context.api.get('/api/whoami'));
  }
  if (url.pathname === '/page') {
    return new Response(
      '<!DOCTYPE html><title>Page</title><script nonce="' + context.cspNonce + '">window.x = 1</script>',
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  }
  return new Response('<!DOCTYPE html><title>Not found</title>', {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

export const entry = {
  module: {
    createRequestHandler: (_build, mode) => (request, context) =>
      mode === 'production' ? handle(request, context) : Promise.reject(new Error('wrong mode')),
    createReadableStreamFromReadable: (source) => Readable.toWeb(source),
  },
};
`;

let webRoot: string;
let app: FastifyInstance;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'prepwise-web-plugin-'));
  mkdirSync(path.join(webRoot, 'build/server'), { recursive: true });
  mkdirSync(path.join(webRoot, 'build/client/assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'build/server/index.js'), STUB_SERVER_BUILD);
  writeFileSync(path.join(webRoot, 'build/client/assets/app-1a2b3c.js'), 'console.log("app");\n');
  writeFileSync(path.join(webRoot, 'build/client/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  app = Fastify({ bodyLimit: 1024 });
  registerSecurityHeaders(app);
  app.get('/api/whoami', async (request) => ({
    cookie: request.headers.cookie ?? null,
    authorization: request.headers.authorization ?? null,
  }));
  app.post('/api/parsed', async (request) => ({ body: request.body }));
  await registerWeb(app, { mode: 'production', webRoot });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('registerWeb in production', () => {
  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('console.log');

    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('hands every other path to React Router and streams its answer back', async () => {
    const response = await app.inject({
      url: '/echo?x=1',
      headers: { host: 'prepwise.test:8080', cookie: 'locale=en' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-web']).toBe('yes');
    expect(response.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/']);
    expect(response.json()).toMatchObject({
      method: 'GET',
      url: 'http://prepwise.test:8080/echo?x=1',
      cookie: 'locale=en',
    });

    const missing = await app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
  });

  it('passes form posts to React Router unparsed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'locale=en&redirectTo=%2F',
    });
    expect(response.json()).toMatchObject({
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      body: 'locale=en&redirectTo=%2F',
    });
  });

  it('still parses JSON for the API routes', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/parsed', payload: { a: 1 } });
    expect(response.json()).toEqual({ body: { a: 1 } });
  });

  it('refuses bodies over the body limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(2048),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers unknown /api paths with the API 404, not a page', async () => {
    const response = await app.inject({ url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /api/nope not found',
      key: 'NOT_FOUND',
    });
  });

  it('gives loaders an in-process API client that forwards cookie and authorization', async () => {
    const response = await app.inject({
      url: '/via-api',
      headers: { cookie: 'access_token=abc', authorization: 'Bearer xyz' },
    });
    expect(response.json()).toMatchObject({
      status: 200,
      ok: true,
      body: { cookie: 'access_token=abc', authorization: 'Bearer xyz' },
    });
  });

  it('gives each page a fresh script nonce that its inline scripts carry, and no other response one', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const page = await app.inject({ url: '/page' });
      const policy = String(page.headers['content-security-policy']);
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc ?? '')?.[1];
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(nonce).toBeDefined();
      expect(page.body).toContain(`<script nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const url of ['/echo', '/api/whoami', '/assets/app-1a2b3c.js']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    }
  });
});

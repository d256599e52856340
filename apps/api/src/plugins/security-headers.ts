import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/*
 * Security headers (Content-Security-Policy, HSTS, nosniff, frame and referrer policies …) from helmet,
 * worked out once at start-up: they are the same for every response, and building them per request, as
 * @fastify/helmet does, was a measurable share of an answer save. Only server-rendered pages get a
 * per-response script nonce on top (`withScriptNonce`, used by plugins/web.ts).
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // No inline script runs without the page's nonce: web.ts adds `'nonce-…'` to HTML pages, whose
      // inline scripts (React Router's hydration data, React's streaming) carry it.
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // https images that authors put in rich text (lib/html.ts keeps those and our own media only).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, found by running it once against a stand-in response. */
export function securityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** A policy whose `script-src` also admits the inline scripts that carry `nonce`. */
export function withScriptNonce(policy: string, nonce: string): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const source = `'nonce-${nonce}'`;
  let found = false;
  const widened = directives.map((directive) => {
    if (!directive.startsWith('script-src ')) return directive;
    found = true;
    return `${directive} ${source}`;
  });
  if (!found) widened.push(`script-src 'self' ${source}`);
  return widened.join(';');
}

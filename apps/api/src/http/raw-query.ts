import type { FastifyRequest } from 'fastify';

/**
 * The parameters of the request's own query string, read raw: a payment gateway signs exactly what it
 * sent, before Fastify's parser coerces or merges anything.
 */
export function rawQuery(request: FastifyRequest): Record<string, string> {
  const url = request.raw.url ?? '';
  const cut = url.indexOf('?');
  const params: Record<string, string> = {};
  if (cut < 0) return params;
  for (const [key, value] of new URLSearchParams(url.slice(cut + 1))) params[key] = value;
  return params;
}

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Headers = Record<string, string>;

/**
 * The API as a client calls it through `app.inject`: `call` answers the raw response, `ok` expects a status
 * (200 unless told) and answers the envelope's `result`. `app` is read at each call, so a test file can make
 * its client before `beforeAll` builds the app.
 */
export function apiClient(app: () => FastifyInstance) {
  const call = (method: Method, url: string, headers?: Headers, payload?: object) =>
    app().inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  async function ok<T = Record<string, unknown> & { id: string }>(
    method: Method,
    url: string,
    headers?: Headers,
    payload?: object,
    status = 200,
  ): Promise<T> {
    const response = await call(method, url, headers, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json().result as T;
  }
  return { call, ok };
}

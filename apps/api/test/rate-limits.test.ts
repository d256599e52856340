import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitOf } from '../src/plugins/rate-limits';
import { authHeader, createAccount, uniqueEmail } from './factories';
import { createTestApp } from './helpers';

/** Issue 13: abuse limits with @fastify/rate-limit, in-process and shared through Redis. */

const LIMITS = {
  RATE_LIMITS: 'true',
  RATE_LIMIT_SIGN_IN: '3/60',
  RATE_LIMIT_REGISTER: '2/3600',
  RATE_LIMIT_ORGANIZATION_APPLICATION: '1/3600',
  RATE_LIMIT_FORGOT_PASSWORD: '2/3600',
  RATE_LIMIT_RESET_CODE: '2/900',
  RATE_LIMIT_SEARCH: '3/60',
  RATE_LIMIT_UPLOAD: '2/60',
  RATE_LIMIT_SPEECH: '2/60',
};

/** A fresh documentation address per call, so runs against a shared Redis never meet old counters. */
const someIp = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp({ env: LIMITS });
  await harness.app.ready();
  // Registration and forgot-password queue their mails.
  await harness.app.jobs.start();
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);
const signIn = (ip: string, realm: 'user' | 'admin' = 'user', app = harness.app) =>
  app.inject({
    method: 'POST',
    url: `/api/${realm}/auth/login`,
    payload: { email: 'nobody@example.vn', password: 'Wrong-password-1' },
    remoteAddress: ip,
  });

describe('which routes are limited', () => {
  it('covers sign-in, registration, organization application, password reset, uploads and search', () => {
    const limited = new Map<string, string>();
    for (const route of harness.app.routeList) {
      const name = rateLimitOf(route);
      if (name) limited.set(`${[route.method].flat().join(',')} ${route.url}`, name);
    }
    expect(
      Object.fromEntries([...limited].filter(([, name]) => !['upload', 'search'].includes(name))),
    ).toEqual({
      'POST /api/user/auth/login': 'signIn',
      'POST /api/admin/auth/login': 'signIn',
      'POST /api/user/auth/login-google': 'signIn',
      'POST /api/user/auth/register': 'register',
      'POST /api/public/organizations/register': 'organizationApplication',
      'POST /api/user/auth/forgot-password': 'forgotPassword',
      'POST /api/user/auth/verify-reset-code': 'resetCode',
      'POST /api/user/auth/reset-password': 'resetCode',
      'GET /api/admin/vocabulary-speech': 'speech',
    });
    expect(limited.get('POST /api/admin/media')).toBe('upload');
    expect(limited.get('POST /api/educator/media')).toBe('upload');
    expect(limited.get('GET /api/public/blog/posts')).toBe('search');
  });
});

describe('in-process limits', () => {
  it('sign-in: per address, both sign-in forms on one counter, 429 with Retry-After', async () => {
    const ip = someIp();
    expect((await signIn(ip)).statusCode).toBe(401);
    expect((await signIn(ip, 'admin')).statusCode).toBe(401);
    expect((await signIn(ip)).statusCode).toBe(401);
    const refused = await signIn(ip, 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, key: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().retryAfter).toBe(Number(refused.headers['retry-after']));
    // Another address is not affected.
    expect((await signIn(someIp())).statusCode).toBe(401);
  });

  it('registration, organization application, forgot-password and reset codes are limited per address', async () => {
    const ip = someIp();
    const register = () =>
      inject({
        method: 'POST',
        url: '/api/user/auth/register',
        remoteAddress: ip,
        payload: {
          full_name: 'Học viên',
          email: uniqueEmail('limited'),
          password: 'Hoc-tieng-Anh-2026',
          password_confirmation: 'Hoc-tieng-Anh-2026',
        },
      });
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(429);

    const apply = () =>
      inject({ method: 'POST', url: '/api/public/organizations/register', remoteAddress: ip, payload: {} });
    expect((await apply()).statusCode).toBe(422);
    expect((await apply()).statusCode).toBe(429);

    const forgot = () =>
      inject({
        method: 'POST',
        url: '/api/user/auth/forgot-password',
        remoteAddress: ip,
        payload: { email: 'x@example.vn' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);

    const check = (url: string) =>
      inject({ method: 'POST', url, remoteAddress: ip, payload: { email: 'x@example.vn', code: '000000' } });
    expect((await check('/api/user/auth/verify-reset-code')).statusCode).toBe(422);
    expect((await check('/api/user/auth/verify-reset-code')).statusCode).toBe(422);
    expect((await check('/api/user/auth/reset-password')).statusCode).toBe(429);
  });

  it('signed-in callers are counted per account: a school behind one address is not one client', async () => {
    const school = someIp();
    const learners = await Promise.all(
      [1, 2].map(async () => authHeader(harness.app, await createAccount(harness.database.db))),
    );
    const search = (headers: Record<string, string>) =>
      inject({ method: 'GET', url: '/api/public/blog/posts?search=ielts', headers, remoteAddress: school });
    for (const headers of learners) {
      for (let i = 0; i < 3; i++) expect((await search(headers)).statusCode).toBe(200);
    }
    expect((await search(learners[0]!)).statusCode).toBe(429);
    expect((await search(learners[1]!)).statusCode).toBe(429);
    // An anonymous visitor from the same address has a counter of their own (the address's).
    expect((await search({})).statusCode).toBe(200);
  });

  it("the authors' spoken preview is counted per account (issue 26: each new text costs 1–2 s of CPU)", async () => {
    const office = someIp();
    // Signed in from addresses of their own: the sign-in limit of this file is three a minute.
    const authors = await Promise.all(
      [1, 2].map(async () => {
        const account = await createAccount(harness.database.db, {
          scope: 'admin',
          permissions: ['update_vocabulary'],
        });
        const response = await inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { email: account.email, password: account.password },
          remoteAddress: someIp(),
        });
        return { authorization: `Bearer ${response.json().result.access_token}` };
      }),
    );
    const speak = (headers: Record<string, string>) =>
      inject({ method: 'GET', url: '/api/admin/vocabulary-speech?text=hi', headers, remoteAddress: office });
    expect((await speak(authors[0]!)).statusCode).toBe(200);
    expect((await speak(authors[0]!)).statusCode).toBe(200);
    const refused = await speak(authors[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().key).toBe('TOO_MANY_REQUESTS');
    // A colleague at the same address has a counter of their own.
    expect((await speak(authors[1]!)).statusCode).toBe(200);
  });
});

/** True when something answers on the Redis port. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(300);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('limits shared through Redis (127.0.0.1:6379)', () => {
  it('two processes share one counter', async () => {
    const env = { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:6379' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env });
    try {
      const ip = someIp();
      expect((await signIn(ip, 'user', first.app)).statusCode).toBe(401);
      expect((await signIn(ip, 'user', second.app)).statusCode).toBe(401);
      expect((await signIn(ip, 'user', first.app)).statusCode).toBe(401);
      // The fourth attempt is refused by the process that saw only one of the three before.
      const refused = await signIn(ip, 'user', second.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().key).toBe('TOO_MANY_REQUESTS');
    } finally {
      await first.close();
      await second.close();
    }
  });
});

import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { rateLimitOf } from '../src/plugins/rate-limits';
import { authHeader, createAccount, uniqueEmail } from './factories';
import { createTestApp } from './helpers';
import { startMailbox } from './mailbox';

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
    // A fresh e-mail each time: the per-account sign-in delays (auth.service) are not these limits.
    payload: { email: uniqueEmail('nobody'), password: 'Wrong-password-1' },
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
      'POST /api/user/auth/sign-in-code': 'forgotPassword',
      'POST /api/admin/auth/sign-in-code': 'forgotPassword',
      'POST /api/user/auth/verify-reset-code': 'resetCode',
      'POST /api/user/auth/reset-password': 'resetCode',
      'GET /api/admin/vocabulary-speech': 'speech',
      'POST /api/user/organizations/:slug/tests/:testSlug/attempts': 'accessCode',
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

/**
 * Issue 26: hourly mail limits, in the database (so every process shares them) and on whatever
 * RATE_LIMITS says: invitation mails per sending account and per recipient, reset codes per e-mail.
 */
describe('mail limits', () => {
  let mailHarness: Awaited<ReturnType<typeof createTestApp>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    mailHarness = await createTestApp({
      env: {
        SMTP_URL: mailbox.url,
        MAIL_LIMIT_INVITATIONS_PER_SENDER: '5/3600',
        MAIL_LIMIT_INVITATIONS_PER_RECIPIENT: '2/3600',
        MAIL_LIMIT_RESET_CODES: '3/3600',
      },
    });
    await mailHarness.app.ready();
    await mailHarness.app.jobs.start();
  });
  afterAll(async () => {
    await mailHarness.close();
    await mailbox.close();
  });

  let sequence = 0;
  async function centreOwner() {
    const db = mailHarness.database.db;
    const [centre] = await db
      .insert(organizations)
      .values({
        name: `Trung tâm Thư ${sequence}`,
        slug: `trung-tam-thu-${Date.now()}-${sequence++}`,
        email: uniqueEmail('centre'),
        status: 'approved',
      })
      .returning({ id: organizations.id });
    const owner = await createAccount(db, { scope: 'educator', organizationId: centre!.id });
    await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, centre!.id));
    return authHeader(mailHarness.app, owner);
  }
  const invite = (headers: Record<string, string>, emails: string[]) =>
    mailHarness.app.inject({
      method: 'POST',
      url: '/api/educator/student-invitations',
      headers,
      payload: { emails },
    });
  const mailsTo = (email: string) => mailbox.received.filter((mail) => mail.to.includes(email)).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  it('an account sends at most N invitation mails an hour: a request beyond them is refused whole', async () => {
    const owner = await centreOwner();
    const first = Array.from({ length: 3 }, (_, i) => uniqueEmail(`moi${i}`));
    expect((await invite(owner, first)).statusCode).toBe(200);
    const more = Array.from({ length: 3 }, (_, i) => uniqueEmail(`them${i}`));
    const refused = await invite(owner, more);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, key: 'MAIL_LIMIT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().retryAfter).toBe(Number(refused.headers['retry-after']));
    // Two more fit (five in the hour); nothing of the refused request was stored or mailed.
    expect((await invite(owner, more.slice(0, 2))).statusCode).toBe(200);
    await mailbox.waitFor(more[1]!, /join/);
    await settle();
    expect(mailsTo(more[2]!)).toBe(0);
    const listed = await mailHarness.app.inject({
      method: 'GET',
      url: '/api/educator/student-invitations',
      headers: owner,
    });
    expect(
      listed
        .json()
        .result.items.map((row: { email: string }) => row.email)
        .sort(),
    ).toEqual([...first, ...more.slice(0, 2)].sort());
  });

  it('a re-invite of a pending address within the hour is the same invitation, not another mail', async () => {
    const owner = await centreOwner();
    const email = uniqueEmail('lai');
    const once = await invite(owner, [email]);
    const again = await invite(owner, [email]);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.invited.map((row: { id: string }) => row.id)).toEqual(
      once.json().result.invited.map((row: { id: string }) => row.id),
    );
    await mailbox.waitFor(email, /join/);
    await settle();
    expect(mailsTo(email)).toBe(1);
  });

  it('an address gets at most M invitation mails an hour, whoever sends them', async () => {
    const email = uniqueEmail('nhieu');
    expect((await invite(await centreOwner(), [email])).statusCode).toBe(200);
    expect((await invite(await centreOwner(), [email])).statusCode).toBe(200);
    const third = await invite(await centreOwner(), [email, uniqueEmail('khac')]);
    expect(third.statusCode).toBe(429);
    expect(third.json().key).toBe('MAIL_LIMIT');
    await settle();
    expect(mailsTo(email)).toBe(2);
  });

  it('reset codes: at most K requests an hour per e-mail from every address, the same for an unknown one', async () => {
    const account = await createAccount(mailHarness.database.db);
    for (const email of [account.email, uniqueEmail('ghost')]) {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          await mailHarness.app.inject({
            method: 'POST',
            url: '/api/user/auth/forgot-password',
            payload: { email },
            remoteAddress: someIp(),
          }),
        );
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[3]!.json()).toMatchObject({ key: 'MAIL_LIMIT' });
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(3500);
    }
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

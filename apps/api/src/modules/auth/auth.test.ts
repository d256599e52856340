import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount as createFactoryAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { startMailbox } from '../../../test/mailbox';
import { loginFailures, mailThrottle, organizations, users } from '../../db/schema';
import { signAccessToken } from '../../lib/tokens';

type Harness = Awaited<ReturnType<typeof createTestApp>>;
let harness: Harness;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let jwksServer: Server;
let googleKeys: Awaited<ReturnType<typeof generateKeyPair>>;
const GOOGLE_CLIENT_ID = 'prepwise-test.apps.googleusercontent.com';
const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-000000';

beforeAll(async () => {
  mailbox = await startMailbox();
  googleKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(googleKeys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  harness = await createTestApp({
    env: {
      SMTP_URL: mailbox.url,
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
      JWT_SECRET,
    },
  });
  await harness.app.ready();
  await harness.app.jobs.start();
});

afterAll(async () => {
  await harness.close();
  await mailbox.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const createAccount = (overrides: Parameters<typeof createFactoryAccount>[1] = {}) =>
  createFactoryAccount(harness.database.db, overrides);

async function signIn(email: string, password: string, realm: 'user' | 'admin' = 'user') {
  const response = await inject({
    method: 'POST',
    url: `/api/${realm}/auth/login`,
    payload: { email, password },
  });
  return response;
}

async function tokensOf(email: string, password: string, realm: 'user' | 'admin' = 'user') {
  const response = await signIn(email, password, realm);
  expect(response.statusCode).toBe(200);
  return response.json().result as { access_token: string; refresh_token: string; strategy: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('registration', () => {
  it('creates a learner who can then sign in, and welcomes them by mail', async () => {
    const email = uniqueEmail('new.learner');
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: {
        full_name: 'Lê Văn Nam',
        email,
        password: 'Mua-he-xanh-2026',
        password_confirmation: 'Mua-he-xanh-2026',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ message_key: 'auth.register_success', signed_in: true });
    // Signed in at once: the session cookies it set open the learner's own profile.
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(response.cookies.map((c) => c.name).sort()).toEqual(['access_token', 'refresh_token', 'strategy']);
    const me = await inject({ method: 'GET', url: '/api/user/auth/info', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ email, full_name: 'Lê Văn Nam' });
    const login = await signIn(email, 'Mua-he-xanh-2026');
    expect(login.statusCode).toBe(200);
    expect(login.json().result.user).toMatchObject({
      email,
      full_name: 'Lê Văn Nam',
      scope: 'user',
      is_admin: false,
    });
    await mailbox.waitFor(email, /Prepwise/);
  });

  it('answers a taken email exactly like a new one and mails the owner instead', async () => {
    const existing = await createAccount();
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: {
        full_name: 'Kẻ giả mạo',
        email: existing.email,
        password: 'Another-pass-99',
        password_confirmation: 'Another-pass-99',
      },
    });
    expect(response.statusCode).toBe(200);
    // The same message; no session for whoever typed someone else's address.
    expect(response.json().result).toEqual({ message_key: 'auth.register_success', signed_in: false });
    expect(response.cookies).toEqual([]);
    expect((await signIn(existing.email, 'Another-pass-99')).statusCode).toBe(401);
    expect((await signIn(existing.email, existing.password)).statusCode).toBe(200);
    await mailbox.waitFor(existing.email, /(already has|đã có tài khoản)/);
  });

  it('mails "account exists" to an address at most once an hour, however often it is registered', async () => {
    const existing = await createAccount();
    const registerAgain = (email: string) =>
      inject({
        method: 'POST',
        url: '/api/user/auth/register',
        payload: {
          full_name: 'Ai đó',
          email,
          password: 'Another-pass-99',
          password_confirmation: 'Another-pass-99',
        },
      });
    for (let i = 0; i < 4; i++) expect((await registerAgain(existing.email)).statusCode).toBe(200);
    // A mail sent after those: once it has arrived, any mail of the four would have too.
    const newcomer = uniqueEmail('newcomer');
    await registerAgain(newcomer);
    await mailbox.waitFor(newcomer);
    await mailbox.waitFor(existing.email, /(already has|đã có tài khoản)/);
    const notices = () => mailbox.received.filter((mail) => mail.to.includes(existing.email));
    expect(notices()).toHaveLength(1);
    // An hour later the address may be told again.
    await harness.database.db
      .update(mailThrottle)
      .set({ sentAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(mailThrottle.email, existing.email));
    await registerAgain(existing.email);
    for (let i = 0; i < 200 && notices().length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notices()).toHaveLength(2);
  });

  it('names each invalid field with a translation key', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: { full_name: '', email: 'not-an-email', password: 'short', password_confirmation: 'other' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      key: 'VALIDATION_FAILED',
      errors: {
        full_name: 'common.required_field',
        email: 'common.must_be_email',
        password: 'common.min_length',
        password_confirmation: 'common.passwords_do_not_match',
      },
    });
  });

  it('refuses one of the most common passwords', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: {
        full_name: 'An',
        email: uniqueEmail('common'),
        password: 'password123',
        password_confirmation: 'password123',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: 'auth.password_too_common' });
  });
});

describe('sign-in and session user', () => {
  it('answers tokens, the user and httpOnly SameSite=Lax cookies, never a hash', async () => {
    const account = await createAccount();
    const response = await signIn(account.email, account.password);
    const body = response.json();
    expect(body.result).toMatchObject({ token_type: 'Bearer', strategy: 'user', expires_in: 900 });
    expect(body.result.user).toMatchObject({
      email: account.email,
      permissions: [],
      user_amount: 0,
      organization: null,
    });
    expect(response.body).not.toContain('$argon2');
    const cookies = response.cookies;
    const access = cookies.find((c) => c.name === 'access_token')!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true, path: '/api' });
    expect(cookies.find((c) => c.name === 'strategy')).toMatchObject({ value: 'user' });
    expect(cookies.find((c) => c.name === 'strategy')?.httpOnly).toBeFalsy();

    const byHeader = await inject({
      method: 'GET',
      url: '/api/user/auth/info',
      headers: bearer(body.result.access_token),
    });
    expect(byHeader.json().result.email).toBe(account.email);
    const byCookie = await inject({
      method: 'GET',
      url: '/api/user/auth/info',
      cookies: { access_token: access.value },
    });
    expect(byCookie.json().result.email).toBe(account.email);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const account = await createAccount();
    const wrong = await signIn(account.email, 'wrong-password');
    const unknown = await signIn(uniqueEmail('nobody'), 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().key).toBe('INVALID_CREDENTIALS');
  });

  it('keeps staff and learners to their own sign-in', async () => {
    const learner = await createAccount();
    const staff = await createAccount({ scope: 'admin', isAdmin: true });
    expect((await signIn(learner.email, learner.password, 'admin')).json().key).toBe('INVALID_CREDENTIALS');
    expect((await signIn(staff.email, staff.password, 'user')).json().key).toBe('INVALID_CREDENTIALS');
    const staffTokens = await tokensOf(staff.email, staff.password, 'admin');
    expect(staffTokens.strategy).toBe('admin');
    const info = await inject({
      method: 'GET',
      url: '/api/admin/auth/info',
      headers: bearer(staffTokens.access_token),
    });
    expect(info.json().result).toMatchObject({ scope: 'admin', is_admin: true });
    const learnerTokens = await tokensOf(learner.email, learner.password);
    const refused = await inject({
      method: 'GET',
      url: '/api/admin/auth/info',
      headers: bearer(learnerTokens.access_token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('FORBIDDEN');
  });

  it('asks for sign-in without a token', async () => {
    const response = await inject({ method: 'GET', url: '/api/user/auth/info' });
    expect(response.statusCode).toBe(401);
    expect(response.json().key).toBe('UNAUTHORIZED');
  });

  it('tells a disabled account so only after the right password, and ends its sessions', async () => {
    const account = await createAccount();
    const tokens = await tokensOf(account.email, account.password);
    await harness.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, account.id));
    expect((await signIn(account.email, 'wrong-password')).json().key).toBe('INVALID_CREDENTIALS');
    const response = await signIn(account.email, account.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('ACCOUNT_DISABLED');
    const info = await inject({
      method: 'GET',
      url: '/api/user/auth/info',
      headers: bearer(tokens.access_token),
    });
    expect(info.statusCode).toBe(401);
    expect(info.json().key).toBe('ACCOUNT_DISABLED');
  });
});

describe('sign-in throttling (per account, across addresses)', () => {
  const from = (ip: string, email: string, password: string, code?: string) =>
    inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email, password, ...(code ? { code } : {}) },
      remoteAddress: ip,
    });
  /** Moves the account's recorded failures `seconds` into the past (as if that much time went by). */
  const wait = (email: string, seconds: number) =>
    harness.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(loginFailures.accountKey, email));
  const askCode = (email: string, ip = '127.0.0.1') =>
    inject({ method: 'POST', url: '/api/user/auth/sign-in-code', payload: { email }, remoteAddress: ip });
  const codeIn = (raw: string) => /\b(\d{6})\b/.exec(raw)?.[1];

  it('counts failures from every address: A and five more addresses cannot guess on, the owner gets in with a mailed code', async () => {
    const account = await createAccount();
    const ghost = uniqueEmail('ghost');
    const addresses = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];
    for (const email of [account.email, ghost]) {
      const answers: number[] = [];
      // Three guesses from A, then one from each of B..F.
      for (let i = 0; i < 3; i++)
        answers.push((await from('198.51.100.7', email, `guess-a-${i}`)).statusCode);
      for (const ip of addresses) answers.push((await from(ip, email, `guess-${ip}`)).statusCode);
      expect(answers, email).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    }
    // The owner, from their own address and with the right password, waits too; an unknown e-mail
    // answers exactly the same.
    const owner = await from('127.0.0.1', account.email, account.password);
    const unknown = await from('127.0.0.1', ghost, account.password);
    for (const answer of [owner, unknown]) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({ key: 'TOO_MANY_ATTEMPTS' });
      expect(answer.json().retryAfter).toBeGreaterThan(0);
      expect(answer.json().retryAfter).toBeLessThanOrEqual(30);
      expect(Number(answer.headers['retry-after'])).toBe(answer.json().retryAfter);
    }

    // "Mail me a code": the same answer for both, a mail only to the owner.
    const asked = await askCode(account.email);
    const askedGhost = await askCode(ghost);
    expect(asked.statusCode).toBe(200);
    expect(askedGhost.json()).toEqual(asked.json());
    expect(asked.json().result).toEqual({ message_key: 'auth.sign_in_code_sent' });
    const mail = await mailbox.waitFor(account.email, /(sign-in code|Mã đăng nhập)/);
    const code = codeIn(mail.raw)!;

    // A wrong code is refused; the code with the right password signs the owner in at once.
    const wrong = await from(
      '127.0.0.1',
      account.email,
      account.password,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ key: 'INVALID_CODE', errors: { code: 'auth.invalid_code' } });
    expect((await from('127.0.0.1', ghost, account.password, code)).statusCode).toBe(422);
    const signedIn = await from('127.0.0.1', account.email, account.password, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Single use: the right password cleared the failures, and the code does not work again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received.filter((m) => m.to.includes(ghost))).toEqual([]);
    for (let i = 0; i < 5; i++) await from('198.51.100.7', account.email, `again-${i}`);
    expect((await from('127.0.0.1', account.email, account.password, code)).statusCode).toBe(422);
  });

  it('a code with a wrong password is spent and counts as a failure; the code alone never signs in', async () => {
    const account = await createAccount();
    for (let i = 0; i < 5; i++)
      expect((await from('198.51.100.8', account.email, `x-${i}`)).statusCode).toBe(401);
    await askCode(account.email);
    const code = codeIn((await mailbox.waitFor(account.email, /(sign-in code|Mã đăng nhập)/)).raw)!;
    expect((await from('127.0.0.1', account.email, 'not-the-password', code)).statusCode).toBe(401);
    expect((await from('127.0.0.1', account.email, account.password, code)).statusCode).toBe(422);
    expect((await from('127.0.0.1', account.email, account.password)).statusCode).toBe(429);
  });

  it('mails no code to an account whose sign-ins do not wait', async () => {
    const account = await createAccount();
    expect((await from('127.0.0.1', account.email, 'wrong-once')).statusCode).toBe(401);
    expect((await askCode(account.email)).statusCode).toBe(200);
    // A reset code asked for after it arrives; a moment later still no other mail came.
    await inject({
      method: 'POST',
      url: '/api/user/auth/forgot-password',
      payload: { email: account.email },
    });
    await mailbox.waitFor(account.email, /\b\d{6}\b/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.received.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it('delays grow: 30 s after five failures, doubling after each further one, at most 15 minutes', async () => {
    const account = await createAccount();
    for (let i = 0; i < 5; i++)
      expect((await from('198.51.100.9', account.email, `w-${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let step = 0; step < 7; step++) {
      const refused = await from(`203.0.113.${20 + step}`, account.email, account.password);
      expect(refused.statusCode).toBe(429);
      const seconds = refused.json().retryAfter as number;
      waits.push(seconds);
      await wait(account.email, seconds + 1);
      // The wait is over: one more guess is heard (and fails), the next waits twice as long.
      expect((await from(`203.0.113.${40 + step}`, account.email, `w-late-${step}`)).statusCode).toBe(401);
    }
    const expected = [30, 60, 120, 240, 480, 900, 900];
    waits.forEach((seconds, i) => {
      expect(seconds).toBeLessThanOrEqual(expected[i]!);
      expect(seconds).toBeGreaterThan(expected[i]! - 5);
    });
    // Once the wait is over, the right password works and clears the count.
    await wait(account.email, 901);
    expect((await from('127.0.0.1', account.email, account.password)).statusCode).toBe(200);
    expect((await from('127.0.0.1', account.email, 'wrong-after')).statusCode).toBe(401);
  });

  it('guesses sent together while the account waits: only one is heard', async () => {
    const account = await createAccount();
    for (let i = 0; i < 5; i++) await from('198.51.100.10', account.email, `c-${i}`);
    await wait(account.email, 31);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => from(`203.0.113.${60 + i}`, account.email, `together-${i}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });
});

describe('access tokens', () => {
  it('answers an expired token with EXPIRED_TOKEN', async () => {
    const account = await createAccount();
    const tokens = await tokensOf(account.email, account.password);
    const { sid } = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    const expired = await signAccessToken(JWT_SECRET, { sub: account.id, sid, strategy: 'user' }, -5);
    const response = await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(response.json().key).toBe('EXPIRED_TOKEN');
  });

  it('answers every forged token with INVALID_TOKEN', async () => {
    const account = await createAccount();
    const tokens = await tokensOf(account.email, account.password);
    const [, payload] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const alg = (name: string) => encode({ alg: name, typ: 'JWT' });
    const forged = [
      `${alg('none')}.${payload}.`,
      `${alg('none')}.${encode({ ...claims, sub: account.id })}.`,
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-00')),
      await new SignJWT({ ...claims, aud: 'someone-else' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(JWT_SECRET)),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(JWT_SECRET.repeat(2))),
      `${tokens.access_token.slice(0, -4)}AAAA`,
      'not-a-jwt-at-all',
    ];
    for (const token of forged) {
      const response = await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
      expect(response.json().key, token).toBe('INVALID_TOKEN');
    }
  });

  it('checks each session on its own when many requests arrive together', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createAccount()));
    const tokens = await Promise.all(accounts.map((account) => tokensOf(account.email, account.password)));
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; sub: string };
    // The third signs out; the fifth's session is presented under the sixth's account; a session id
    // that is not a UUID (only our own key could have signed it) must not spoil the others' checks.
    const signOut = await inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: bearer(tokens[2]!.access_token),
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const borrowed = await signAccessToken(
      JWT_SECRET,
      { sub: accounts[5]!.id, sid: claimsOf(tokens[4]!.access_token).sid, strategy: 'user' },
      60,
    );
    const odd = await signAccessToken(
      JWT_SECRET,
      { sub: accounts[0]!.id, sid: 'not-a-uuid', strategy: 'user' },
      60,
    );
    const presented = [
      tokens[0]!.access_token,
      tokens[1]!.access_token,
      tokens[2]!.access_token,
      tokens[3]!.access_token,
      borrowed,
      odd,
      tokens[5]!.access_token,
      tokens[0]!.access_token,
    ];
    const responses = await Promise.all(
      presented.map((token) => inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(token) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 401, 200, 401, 401, 200, 200,
    ]);
    const owners = [0, 1, 3, 6, 7].map((index) => responses[index]!.json().result.email);
    expect(owners).toEqual([
      accounts[0]!.email,
      accounts[1]!.email,
      accounts[3]!.email,
      accounts[5]!.email,
      accounts[0]!.email,
    ]);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and revokes the whole session when a used token comes back', async () => {
    const account = await createAccount();
    const first = await tokensOf(account.email, account.password);
    const rotated = await inject({
      method: 'POST',
      url: '/api/user/auth/refresh-token',
      payload: { refresh_token: first.refresh_token },
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().result;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(
      (await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(second.access_token) }))
        .statusCode,
    ).toBe(200);

    const replay = await inject({
      method: 'POST',
      url: '/api/user/auth/refresh-token',
      payload: { refresh_token: first.refresh_token },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().key).toBe('INVALID_TOKEN');
    const afterReplay = await inject({
      method: 'POST',
      url: '/api/user/auth/refresh-token',
      payload: { refresh_token: second.refresh_token },
    });
    expect(afterReplay.statusCode).toBe(401);
    const info = await inject({
      method: 'GET',
      url: '/api/user/auth/info',
      headers: bearer(second.access_token),
    });
    expect(info.json().key).toBe('INVALID_TOKEN');
  });

  it('reads the refresh token from its cookie and sets new cookies', async () => {
    const account = await createAccount();
    const first = await tokensOf(account.email, account.password);
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/refresh-token',
      cookies: { refresh_token: first.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'refresh_token')?.value).toBe(
      response.json().result.refresh_token,
    );
  });

  it('refuses a token of another strategy, an unknown token and none', async () => {
    const account = await createAccount();
    const first = await tokensOf(account.email, account.password);
    for (const [url, payload] of [
      ['/api/admin/auth/refresh-token', { refresh_token: first.refresh_token }],
      ['/api/user/auth/refresh-token', { refresh_token: 'x'.repeat(43) }],
      ['/api/user/auth/refresh-token', {}],
    ] as const) {
      const response = await inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().key).toBe('INVALID_TOKEN');
    }
  });

  it('signs out: the session ends and the cookies are cleared', async () => {
    const account = await createAccount();
    const tokens = await tokensOf(account.email, account.password);
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/logout',
      headers: bearer(tokens.access_token),
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
    expect(
      (
        await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(tokens.access_token) })
      ).json().key,
    ).toBe('INVALID_TOKEN');
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/user/auth/refresh-token',
          payload: { refresh_token: tokens.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('profile and password', () => {
  it('updates the profile and validates it', async () => {
    const account = await createAccount();
    const { access_token } = await tokensOf(account.email, account.password);
    const updated = await inject({
      method: 'PUT',
      url: '/api/user/auth/update',
      headers: bearer(access_token),
      payload: { full_name: 'Trần Thu Hà (IELTS 7.0)', phone: '0912 345 678', date_of_birth: '2004-09-02' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({
      full_name: 'Trần Thu Hà (IELTS 7.0)',
      phone: '0912 345 678',
      date_of_birth: '2004-09-02',
    });
    const invalid = await inject({
      method: 'PUT',
      url: '/api/user/auth/update',
      headers: bearer(access_token),
      payload: { full_name: '', phone: 'abc', date_of_birth: '2999-01-01' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      full_name: 'common.required_field',
      phone: 'common.invalid_phone',
      date_of_birth: 'common.invalid_date',
    });
  });

  it('lets staff update their profile on the admin path', async () => {
    const staff = await createAccount({ scope: 'admin' });
    const { access_token } = await tokensOf(staff.email, staff.password, 'admin');
    const response = await inject({
      method: 'PUT',
      url: '/api/admin/auth/update-profile',
      headers: bearer(access_token),
      payload: { full_name: 'Nhân viên mới' },
    });
    expect(response.json().result.full_name).toBe('Nhân viên mới');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const account = await createAccount();
    const here = await tokensOf(account.email, account.password);
    const elsewhere = await tokensOf(account.email, account.password);
    const wrong = await inject({
      method: 'PUT',
      url: '/api/user/auth/change-password',
      headers: bearer(here.access_token),
      payload: {
        current_password: 'not-it',
        password: 'Brand-new-pass-1',
        password_confirmation: 'Brand-new-pass-1',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: 'auth.current_password_wrong' });

    const changed = await inject({
      method: 'PUT',
      url: '/api/user/auth/change-password',
      headers: bearer(here.access_token),
      payload: {
        current_password: account.password,
        password: 'Brand-new-pass-1',
        password_confirmation: 'Brand-new-pass-1',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(here.access_token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(elsewhere.access_token) })
      ).json().key,
    ).toBe('INVALID_TOKEN');
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/user/auth/refresh-token',
          payload: { refresh_token: elsewhere.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, 'Brand-new-pass-1')).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  const codeIn = (raw: string) => /\b(\d{6})\b/.exec(raw)?.[1];

  it('answers the same for unknown emails and mails a 6-digit code to a known one', async () => {
    const account = await createAccount();
    const tokens = await tokensOf(account.email, account.password);
    const unknown = await inject({
      method: 'POST',
      url: '/api/user/auth/forgot-password',
      payload: { email: uniqueEmail('ghost') },
    });
    const known = await inject({
      method: 'POST',
      url: '/api/user/auth/forgot-password',
      payload: { email: account.email },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await mailbox.waitFor(account.email, /\b\d{6}\b/);
    const code = codeIn(mail.raw)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await inject({
      method: 'POST',
      url: '/api/user/auth/verify-reset-code',
      payload: { email: account.email, code: wrongCode },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ key: 'INVALID_CODE', errors: { code: 'auth.invalid_code' } });
    const right = await inject({
      method: 'POST',
      url: '/api/user/auth/verify-reset-code',
      payload: { email: account.email, code },
    });
    expect(right.statusCode).toBe(200);

    const reset = await inject({
      method: 'POST',
      url: '/api/user/auth/reset-password',
      payload: {
        email: account.email,
        code,
        password: 'Quen-roi-nho-lai-7',
        password_confirmation: 'Quen-roi-nho-lai-7',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(account.email, 'Quen-roi-nho-lai-7')).statusCode).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/user/auth/info', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(401);
    const reused = await inject({
      method: 'POST',
      url: '/api/user/auth/reset-password',
      payload: {
        email: account.email,
        code,
        password: 'Another-one-88',
        password_confirmation: 'Another-one-88',
      },
    });
    expect(reused.json().key).toBe('INVALID_CODE');
  });

  it('allows 5 tries of a code', async () => {
    const account = await createAccount();
    await inject({
      method: 'POST',
      url: '/api/user/auth/forgot-password',
      payload: { email: account.email },
    });
    const code = codeIn((await mailbox.waitFor(account.email, /\b\d{6}\b/)).raw)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (
          await inject({
            method: 'POST',
            url: '/api/user/auth/verify-reset-code',
            payload: { email: account.email, code: wrongCode },
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    const tooLate = await inject({
      method: 'POST',
      url: '/api/user/auth/verify-reset-code',
      payload: { email: account.email, code },
    });
    expect(tooLate.statusCode).toBe(429);
    expect(tooLate.json().key).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a malformed code before looking anything up', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/verify-reset-code',
      payload: { email: 'a@b.vn', code: '12ab' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: 'auth.invalid_code' });
  });
});

describe('Google sign-in', () => {
  async function googleToken(
    claims: Record<string, unknown>,
    options: { audience?: string; expiresIn?: string } = {},
  ) {
    return new SignJWT({ email_verified: true, name: 'Phạm Gia Huy', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
      .setSubject(String(claims.sub ?? 'google-sub-1'))
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(googleKeys.privateKey);
  }

  it('creates the account on first use and finds it again after', async () => {
    const email = uniqueEmail('google');
    const credential = await googleToken({ sub: `sub-${email}`, email });
    const first = await inject({
      method: 'POST',
      url: '/api/user/auth/login-google',
      payload: { credential },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result.user).toMatchObject({ email, full_name: 'Phạm Gia Huy', has_password: false });
    const again = await inject({
      method: 'POST',
      url: '/api/user/auth/login-google',
      payload: { credential },
    });
    expect(again.json().result.user.id).toBe(first.json().result.user.id);
  });

  it('refuses a wrong audience, an expired token, an unverified email and another signer', async () => {
    const email = uniqueEmail('google');
    const otherKeys = await generateKeyPair('RS256');
    const tokens = [
      await googleToken({ email }, { audience: 'someone-else' }),
      await googleToken({ email }, { expiresIn: '-1m' }),
      await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT_ID)
        .setSubject('x')
        .setExpirationTime('10m')
        .sign(otherKeys.privateKey),
    ];
    for (const credential of tokens) {
      const response = await inject({
        method: 'POST',
        url: '/api/user/auth/login-google',
        payload: { credential },
      });
      expect(response.statusCode).toBe(401);
    }
    const unverified = await inject({
      method: 'POST',
      url: '/api/user/auth/login-google',
      payload: { credential: await googleToken({ email, email_verified: false }) },
    });
    expect(unverified.json().key).toBe('INVALID_CREDENTIALS');
  });
});

describe('organization registration', () => {
  it('records a pending organization whose owner waits for approval, then signs in as educator', async () => {
    const ownerEmail = uniqueEmail('owner');
    const payload = {
      organization: {
        name: 'Trung tâm Ngoại ngữ Ánh Dương',
        email: uniqueEmail('center'),
        phone: '028 1234 5678',
      },
      owner: {
        full_name: 'Đỗ Hải Yến',
        email: ownerEmail,
        password: 'Anh-duong-2026',
        password_confirmation: 'Anh-duong-2026',
      },
    };
    const response = await inject({ method: 'POST', url: '/api/public/organizations/register', payload });
    expect(response.statusCode).toBe(202);
    expect(response.json().result).toEqual({ message_key: 'organization.application_received' });
    const pending = await signIn(ownerEmail, 'Anh-duong-2026');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().key).toBe('ORGANIZATION_PENDING');

    const [owner] = await harness.database.db.select().from(users).where(eq(users.email, ownerEmail));
    const [organization] = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner!.organizationId!));
    expect(organization).toMatchObject({ slug: 'trung-tam-ngoai-ngu-anh-duong', status: 'pending' });
    await harness.database.db
      .update(organizations)
      .set({ status: 'approved' })
      .where(eq(organizations.id, organization!.id));
    await harness.database.db.update(users).set({ status: 'active' }).where(eq(users.id, owner!.id));
    const tokens = await tokensOf(ownerEmail, 'Anh-duong-2026');
    expect(tokens.strategy).toBe('educator');
    // The staff sign-in (/sign-in?as=staff) takes organization staff too, with the educator strategy.
    const asStaff = await tokensOf(ownerEmail, 'Anh-duong-2026', 'admin');
    expect(asStaff.strategy).toBe('educator');
    const refreshed = await inject({
      method: 'POST',
      url: '/api/educator/auth/refresh-token',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);

    const again = await inject({
      method: 'POST',
      url: '/api/public/organizations/register',
      payload: {
        ...payload,
        organization: { ...payload.organization, name: 'Trung tâm Ngoại ngữ Ánh Dương' },
      },
    });
    expect(again.statusCode).toBe(202);
    const sameName = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Trung tâm Ngoại ngữ Ánh Dương'));
    expect(sameName).toHaveLength(1);
  });

  it('names the invalid nested fields', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/public/organizations/register',
      payload: {
        organization: { name: '', email: 'x' },
        owner: { full_name: 'A', email: 'b@c.vn', password: 'Abcdefgh-1', password_confirmation: 'nope' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'organization.name': 'common.required_field',
      'organization.email': 'common.must_be_email',
      'owner.password_confirmation': 'common.passwords_do_not_match',
    });
  });
});

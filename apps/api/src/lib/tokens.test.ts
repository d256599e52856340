import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, TokenError, verifyAccessToken } from './tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-000000';
const OTHER = 'another-secret-that-is-long-enough-for-hs256-0';
const claims = { sub: 'user-1', sid: 'session-1', strategy: 'user' as const };

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof TokenError ? error.reason : `other: ${String(error)}`),
  );

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('are accepted until they expire, also when verified again and again', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    const token = await signAccessToken(SECRET, claims, 60);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T08:00:59Z'));
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T08:01:01Z'));
    expect(await reason(verifyAccessToken(SECRET, token))).toBe('expired');
    expect(await reason(verifyAccessToken(SECRET, token))).toBe('expired');
  });

  it('are refused when altered or checked with another secret, even right after a good one', async () => {
    const token = await signAccessToken(SECRET, claims, 60);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await reason(verifyAccessToken(SECRET, `${header}.${forged}.${signature}`))).toBe('invalid');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reason(verifyAccessToken(SECRET, `${header}.${payload}.${flipped}`))).toBe('invalid');
    expect(await reason(verifyAccessToken(OTHER, token))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, 'not-a-token'))).toBe('invalid');
  });

  it('are refused unless HS256-signed for Prepwise with a subject, an issue time and an expiry', async () => {
    const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
    const sign = (
      header: Record<string, unknown>,
      options: { iss?: string; aud?: string; exp?: boolean; iat?: boolean; sub?: boolean } = {},
    ) => {
      let jwt = new SignJWT({ sid: claims.sid, strategy: claims.strategy }).setProtectedHeader({
        alg: 'HS256',
        ...header,
      } as { alg: string });
      if (options.sub !== false) jwt = jwt.setSubject(claims.sub);
      jwt = jwt.setIssuer(options.iss ?? 'prepwise').setAudience(options.aud ?? 'prepwise-api');
      if (options.iat !== false) jwt = jwt.setIssuedAt();
      if (options.exp !== false) jwt = jwt.setExpirationTime('1h');
      return jwt.sign(key);
    };
    // The same claims signed the right way pass (so each refusal below is about one thing).
    expect(await verifyAccessToken(SECRET, await sign({}))).toEqual(claims);
    expect(await reason(verifyAccessToken(SECRET, await sign({ alg: 'HS512' })))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, await sign({}, { iss: 'someone-else' })))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, await sign({}, { aud: 'another-api' })))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, await sign({}, { exp: false })))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, await sign({}, { iat: false })))).toBe('invalid');
    expect(await reason(verifyAccessToken(SECRET, await sign({}, { sub: false })))).toBe('invalid');
    // An unsigned token (alg none) with otherwise perfect claims.
    const good = await sign({});
    const [, payload] = good.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await reason(verifyAccessToken(SECRET, `${none}.${payload}.`))).toBe('invalid');
    // Correctly signed, but with a critical header extension this server does not know.
    const critical = Buffer.from(
      JSON.stringify({ alg: 'HS256', crit: ['x-policy'], 'x-policy': 1 }),
    ).toString('base64url');
    const mac = createHmac('sha256', SECRET).update(`${critical}.${payload}`).digest('base64url');
    expect(await reason(verifyAccessToken(SECRET, `${critical}.${payload}.${mac}`))).toBe('invalid');
    // The same hand-made signature over a plain header is accepted: the refusal above is the extension.
    const plain = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    const plainMac = createHmac('sha256', SECRET).update(`${plain}.${payload}`).digest('base64url');
    expect(await verifyAccessToken(SECRET, `${plain}.${payload}.${plainMac}`)).toEqual(claims);
  });
});

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
});

import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import type { Strategy } from '@prepwise/contract';
import { SignJWT } from 'jose';
import { setBounded } from './bounded-map';

const ALGORITHM = 'HS256';

/** The HMAC key of each secret, made once: importing it on every request costs more than verifying. */
const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
const ISSUER = 'prepwise';
const AUDIENCE = 'prepwise-api';

export interface AccessClaims {
  sub: string;
  sid: string;
  strategy: Strategy;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The access token has expired' : 'The access token is not valid');
  }
}

export function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid, strategy: claims.strategy })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(hmacKey(secret));
}

/*
 * Tokens already verified, until they expire. A learner's page sends the same access token with every
 * answer save; checking its signature again each time was a tenth of a save's CPU. The same string
 * verified with the same secret always gives the same answer, so only the expiry is checked again.
 */
const MAX_VERIFIED = 50_000;
const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

function rememberVerified(secret: string, token: string, claims: AccessClaims, exp: unknown) {
  if (typeof exp !== 'number') return;
  setBounded(verified, MAX_VERIFIED, `${secret}\0${token}`, { claims, expiresAt: exp * 1000 });
}

const decodePart = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * Checks an HS256 JWT with node:crypto, synchronously: the header must name HS256 (`none` and every other
 * algorithm are refused) and carry no critical extensions; the signature must be the canonical base64url
 * of HMAC-SHA256 over `header.payload`; then issuer, audience, `sub`/`exp`/`iat` and expiry.
 * (jose's verify goes through WebCrypto's promise jobs, which cost more than the HMAC itself.)
 */
function verifyHs256(secret: string, token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('invalid');
  const [header, payload, signature] = parts as [string, string, string];
  let head: unknown;
  let body: unknown;
  try {
    head = decodePart(header);
    body = decodePart(payload);
  } catch {
    throw new TokenError('invalid');
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head)) throw new TokenError('invalid');
  const { alg, crit } = head as Record<string, unknown>;
  if (alg !== ALGORITHM || crit !== undefined) throw new TokenError('invalid');
  const expected = createHmac('sha256', hmacKey(secret)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (
    given.length !== expected.length ||
    given.toString('base64url') !== signature ||
    !timingSafeEqual(given, expected)
  ) {
    throw new TokenError('invalid');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TokenError('invalid');
  const claims = body as Record<string, unknown>;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== ISSUER || !audience.includes(AUDIENCE)) throw new TokenError('invalid');
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') {
    throw new TokenError('invalid');
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.nbf === 'number' && claims.nbf > now) throw new TokenError('invalid');
  if (claims.exp <= now) throw new TokenError('expired');
  return claims;
}

/** Verifies signature, algorithm (pinned: `none` and others are refused), issuer, audience and expiry. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  const known = verified.get(`${secret}\0${token}`);
  if (known) {
    if (known.expiresAt > Date.now()) return known.claims;
    verified.delete(`${secret}\0${token}`);
    throw new TokenError('expired');
  }
  const payload = verifyHs256(secret, token);
  const { sub, sid, strategy } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof strategy !== 'string') {
    throw new TokenError('invalid');
  }
  const claims = { sub, sid, strategy: strategy as Strategy };
  rememberVerified(secret, token, claims, payload.exp);
  return claims;
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

/** Keyed hash for short codes, so a database leak does not let anyone brute-force them offline. */
export function hashCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

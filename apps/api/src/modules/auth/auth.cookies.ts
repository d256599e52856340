import {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  STRATEGY_COOKIE,
  type Strategy,
} from '@prepwise/contract';
import type { FastifyReply } from 'fastify';

/**
 * The browser keeps both tokens in httpOnly SameSite=Lax cookies it cannot read; `strategy` is readable.
 * The access cookie outlives its token so that an expired token still reaches the API and is answered
 * with EXPIRED_TOKEN (which starts a refresh) rather than looking like a visitor.
 */
export function setAuthCookies(
  reply: FastifyReply,
  tokens: { access_token: string; refresh_token: string; strategy: Strategy },
  options: { secure: boolean; maxAgeSeconds: number },
) {
  const base = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  };
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.access_token, { ...base, path: '/' });
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refresh_token, { ...base, path: '/api' });
  reply.setCookie(STRATEGY_COOKIE, tokens.strategy, { ...base, httpOnly: false, path: '/' });
}

export function clearAuthCookies(reply: FastifyReply) {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, { path: '/api' });
  reply.clearCookie(STRATEGY_COOKIE, { path: '/' });
}

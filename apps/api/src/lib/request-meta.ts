import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const accepted = request.headers['accept-language']?.slice(0, 2).toLowerCase();
  return isLocale(accepted) ? accepted : DEFAULT_LOCALE;
}

export function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: requestLocale(request) };
}

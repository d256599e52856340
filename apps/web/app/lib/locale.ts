import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
} from '@prepwise/contract';
import { readCookie, serializePreferenceCookie } from './cookies';

/** The interface language: the `locale` cookie when valid, else Vietnamese (seed-spec §9). */
export function getLocale(request: Request): Locale {
  const value = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function serializeLocaleCookie(locale: Locale): string {
  return serializePreferenceCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
}

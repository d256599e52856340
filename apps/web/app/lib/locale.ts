import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
} from '@prepwise/contract';
import { readCookie, serializePreferenceCookie } from './cookies';

/** The query parameter that picks a language in a link (`/blog?lang=en`, the hreflang URLs). */
export const LOCALE_PARAM = 'lang';

/** The language a URL asks for with `?lang=`, if any. */
export function getUrlLocale(request: Request): Locale | undefined {
  const value = new URL(request.url).searchParams.get(LOCALE_PARAM);
  return isLocale(value) ? value : undefined;
}

/**
 * The interface language: `?lang=` when the URL names one (search engines follow the hreflang
 * links without cookies), else the `locale` cookie when valid, else Vietnamese (seed-spec §9).
 */
export function getLocale(request: Request): Locale {
  const fromUrl = getUrlLocale(request);
  if (fromUrl) return fromUrl;
  const value = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A `Set-Cookie` that remembers a `?lang=` choice, when it differs from the cookie. */
export function urlLocaleCookie(request: Request): string | undefined {
  const fromUrl = getUrlLocale(request);
  if (!fromUrl) return undefined;
  const cookie = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  return cookie === fromUrl ? undefined : serializeLocaleCookie(fromUrl);
}

export function serializeLocaleCookie(locale: Locale): string {
  return serializePreferenceCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
}

/** Only same-site paths: `/x` yes, `//evil.example` or `/\evil.example` no. */
export function safeRedirectPath(value: FormDataEntryValue | null): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  return value;
}

import { readCookie, serializePreferenceCookie } from './cookies';
import { DEFAULT_TIME_ZONE } from './format';

/** The cookie holding the viewer's IANA time zone, written by the browser after its first page. */
export const TIME_ZONE_COOKIE = 'tz';
const TIME_ZONE_COOKIE_MAX_AGE_DAYS = 365;

/** A zone name Intl knows ("Asia/Ho_Chi_Minh", "Europe/London"), else false. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a `Cookie` header (or `document.cookie`) names, else Vietnam's. */
export function timeZoneFromCookies(cookieHeader: string | null | undefined): string {
  const value = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** The server render's zone: the request's `tz` cookie, else Vietnam's. */
export function getTimeZone(request: Request): string {
  return timeZoneFromCookies(request.headers.get('cookie'));
}

/** The browser's own zone, when it names a valid one. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

export function serializeTimeZoneCookie(timeZone: string): string {
  return serializePreferenceCookie(TIME_ZONE_COOKIE, timeZone, TIME_ZONE_COOKIE_MAX_AGE_DAYS);
}

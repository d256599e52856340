import type { MantineColorSchemeManager } from '@mantine/core';
import { readCookie, serializePreferenceCookie } from './cookies';

export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_COOKIE = 'color_scheme';
const COLOR_SCHEME_DAYS = 365;
/** Seed-spec §9: dark mode is a `dark` class on `<html>`. */
export const DARK_CLASS = 'dark';

export function getColorScheme(request: Request): ColorScheme {
  return readCookie(request.headers.get('cookie'), COLOR_SCHEME_COOKIE) === 'dark' ? 'dark' : 'light';
}

/**
 * Keeps Mantine's colour scheme in a cookie instead of localStorage, so the server renders the
 * chosen scheme (attribute and `dark` class on `<html>`) and hydration never has to correct it.
 */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      if (typeof document === 'undefined') return defaultValue;
      const stored = readCookie(document.cookie, COLOR_SCHEME_COOKIE);
      return stored === 'dark' || stored === 'light' ? stored : defaultValue;
    },
    set: (value) => {
      const scheme: ColorScheme = value === 'dark' ? 'dark' : 'light';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
      document.cookie = serializePreferenceCookie(COLOR_SCHEME_COOKIE, scheme, COLOR_SCHEME_DAYS);
      document.documentElement.classList.toggle(DARK_CLASS, scheme === 'dark');
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
      document.cookie = serializePreferenceCookie(COLOR_SCHEME_COOKIE, '', 0);
      document.documentElement.classList.remove(DARK_CLASS);
    },
  };
}

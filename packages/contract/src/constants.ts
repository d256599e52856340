/** Business constants of seed-spec §9. */
export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export const STRATEGY_COOKIE = 'strategy';
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const EDITOR_DEBOUNCE_MS = 300;
export const VALIDATION_DEBOUNCE_MS = 5;
export const OTP_DEFAULT_LENGTH = 4;
export const OTP_FOCUS_CORRECTION_MS = 100;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The widths an uploaded picture is also served at, as WebP (`/api/media/:id?w=640`), for `srcset`: a
 * phone downloads a cover of its own width instead of the editor's 1,200-pixel original. Here, with no
 * zod beside it, so a public page's bundle that needs only the list does not take the schemas along.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

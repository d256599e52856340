import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

/** Field builders shared by the request schemas, so every form names its errors the same way. */

export const requiredText = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(max, { error: VALIDATION_KEYS.maxLength });

/** Empty, null or missing all become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null);

/** A URL slug typed by hand; empty means "make one from the title". */
export const optionalSlug = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'common.invalid_slug' })
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null);

export const optionalId = z
  .uuid({ error: VALIDATION_KEYS.invalid })
  .nullish()
  .transform((value) => value ?? null);

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-30, no month 13). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The instants a timestamp column holds: years 0001–9999 in UTC. ISO 8601 text also allows year 0000
 * (PostgreSQL has no year 0 and refused it: a 500), and an offset can move 0001 or 9999 past either end.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** An ISO 8601 moment with its offset (`2026-09-01T07:00:00+07:00`) that the database can store. */
export const isoDateTime = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine(
    (value) => {
      const time = Date.parse(value);
      return time >= EARLIEST && time <= LATEST;
    },
    { error },
  );

/** An ISO 8601 day (`2026-09-01`) that the database can store: not in year 0000. */
export const isoDate = (error: string) =>
  z.iso.date({ error }).refine((value) => value >= '0001-01-01', { error });

const OUR_MEDIA = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * A URL a user may store and others will follow or load: one of our uploads (`/api/media/{id}`) or an
 * https address on a public host name (no `javascript:`, no `http:`, no localhost or IP literal).
 */
export function isSafeStoredUrl(value: string): boolean {
  if (OUR_MEDIA.test(value)) return true;
  // https://host[:port][/path][?query][#fragment], with no credentials and no white space.
  const match = /^https:\/\/([^/?#@\s\\]+)(?:[/?#][^\s\\]*)?$/i.exec(value);
  if (!match) return false;
  const authority = (match[1] ?? '').toLowerCase();
  const host = authority.startsWith('[') ? authority.replace(/\]:\d+$/, ']') : authority.replace(/:\d+$/, '');
  if (!/^[a-z0-9.[\]:-]+$/.test(host) || !host.includes('.') || host.endsWith('.')) return false;
  return !(host === 'localhost' || host.endsWith('.localhost') || IP_LITERAL.test(host));
}

/** An optional stored URL (see `isSafeStoredUrl`); empty, null or missing become null. */
export const optionalSafeUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .refine(isSafeStoredUrl, { error: VALIDATION_KEYS.invalidUrl })
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null);

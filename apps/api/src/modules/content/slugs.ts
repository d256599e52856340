import { slugify } from '@prepwise/contract';
import { like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';

/**
 * The slug to store: the one given (which must be free), or one made from the title, numbered when
 * taken ("on-thi-toeic", "on-thi-toeic-2" …).
 */
export async function resolveSlug(
  db: Db,
  table: PgTable & { id: PgColumn; slug: PgColumn },
  options: { given: string | null; title: string; exceptId?: string; takenKey: string },
): Promise<string> {
  const base = options.given ?? (slugify(options.title) || 'bai-viet');
  const rows = (await db
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(like(table.slug, `${base}%`))) as { id: string; slug: string }[];
  const taken = new Set(rows.filter((row) => row.id !== options.exceptId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  if (options.given) throw conflict('This slug is taken', { slug: options.takenKey });
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A violation of the unique index `constraint`, as either driver throws it (drizzle keeps it as `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const record = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (record.code === '23505' && record.constraint === constraint) return true;
    if (String(record.message ?? '').includes(`unique constraint "${constraint}"`)) return true;
    current = record.cause;
  }
  return false;
}

const SLUG_ATTEMPTS = 5;

/**
 * Writes a row under the slug `resolve` chooses (see resolveSlug), again when another writer took that
 * slug between the check and the write: two posts with one title created at the same instant both found
 * "on-thi-toeic" free, and the second insert broke the unique index (a 500). The retry chooses again, now
 * seeing the first writer's row ("on-thi-toeic-2"). A slug the user typed is never changed: it answers
 * 409 with `takenKey` on `slug`, as the check does.
 */
export async function writeWithFreeSlug<T>(
  options: { constraint: string; given: string | null; takenKey: string },
  resolve: () => Promise<string>,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await resolve();
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error, options.constraint)) throw error;
      if (options.given || attempt >= SLUG_ATTEMPTS) {
        throw conflict('This slug is taken', { slug: options.takenKey });
      }
    }
  }
}

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

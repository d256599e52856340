import { ATTEMPT_KEYS, type AttemptHighlights, type Highlight } from '@prepwise/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptHighlights } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { getOwnAttemptModel } from './results.service';

/*
 * Highlights and notes on an attempt's reading passages (issue 14). The runner keeps them in its journal
 * and saves the whole set here, so another device (and the review) shows them. Only the attempt's learner
 * reads or writes them; another learner's attempt is 404.
 */

async function stored(db: Db, attemptId: string): Promise<AttemptHighlights> {
  const [row] = await db.select().from(attemptHighlights).where(eq(attemptHighlights.attemptId, attemptId));
  return row
    ? { highlights: row.highlights, updated_at: row.updatedAt.toISOString() }
    : { highlights: [], updated_at: null };
}

export async function getHighlights(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<AttemptHighlights> {
  const { row } = await getOwnAttemptModel(db, userId, attemptId, now);
  return stored(db, row.id);
}

/**
 * Keeps the set unless the one kept is newer (a save from a device that was offline longer). Every highlight
 * lies on a passage of the attempt's parts.
 */
export async function saveHighlights(
  db: Db,
  userId: string,
  attemptId: string,
  body: { highlights: Highlight[]; updated_at: string },
  now: Date,
): Promise<AttemptHighlights> {
  const { row, model } = await getOwnAttemptModel(db, userId, attemptId, now);
  const passages = new Set<string>();
  for (const section of model.sections) {
    if (!row.sectionIds.includes(section.id)) continue;
    for (const item of section.items)
      if (item.kind === 'group' && item.group.passage) passages.add(item.group.id);
  }
  if (body.highlights.some((highlight) => !passages.has(highlight.group_id)))
    throw validationFailed({ highlights: ATTEMPT_KEYS.highlightNotInAttempt });
  // One highlight per id (the last one sent).
  const highlights = [...new Map(body.highlights.map((highlight) => [highlight.id, highlight])).values()];
  const updatedAt = new Date(body.updated_at);
  await db
    .insert(attemptHighlights)
    .values({ attemptId: row.id, highlights, updatedAt })
    .onConflictDoUpdate({
      target: attemptHighlights.attemptId,
      set: { highlights, updatedAt },
      setWhere: sql`${attemptHighlights.updatedAt} <= ${updatedAt.toISOString()}::timestamptz`,
    });
  return stored(db, row.id);
}

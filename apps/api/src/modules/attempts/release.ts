/**
 * The one rule deciding whether a learner may see a test's keys (issue 29, "nothing leaks before release"):
 * its correct answers, explanations and transcripts, and whatever is drawn from them (the mistake notebook,
 * practising mistakes, the words of missed questions). Every learner surface asks it here.
 *
 * A learner's keys of a test are withheld while any of their attempts of that test taken under an
 * organization's assignment waits for its release: answers shown "never", or "after the close time" before
 * that time and before the teacher released them. A practice of the test (no assignment of its own) follows
 * the learner's assigned attempts of the same test. A test whose answers are never shown keeps them hidden
 * too (its review still shows the learner's own answers).
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from './attempt-rows';

/** SQL: the assignment aliased `ta` has not released its keys at `now`. */
function pendingRelease(now: Date): SQL {
  return sql`(ta.answers_shown = 'never' or (ta.answers_shown = 'after_close'
    and ta.results_released_at is null and ta.closes_at > ${now.toISOString()}::timestamptz))`;
}

/** SQL: the assignments holding back learner `userId`'s keys of test `testId` at `now` (aliased `ta`). */
function withholdingAssignments(userId: SQL | Column, testId: SQL | Column, now: Date): SQL {
  return sql`select ta.answers_shown, ta.closes_at
    from attempts wa join test_assignments ta on ta.id = wa.assignment_id
    where wa.user_id = ${userId} and wa.test_id = ${testId} and ${pendingRelease(now)}`;
}

/**
 * SQL condition for list queries: an assignment holds back the learner's keys of the test at `now`, so
 * nothing drawn from its answers (notebook rows, practice) may be listed. Pass columns of the listed row.
 */
export function keysWithheldSql(userId: SQL | Column, testId: SQL | Column, now: Date): SQL {
  return sql`exists (${withholdingAssignments(userId, testId, now)})`;
}

/**
 * SQL condition for list queries: the learner may see the keys of the test at `now` (its answers are shown
 * after submitting and no assignment of it holds them back). Pass columns of the row being listed.
 */
export function keysReleasedSql(userId: SQL | Column, testId: SQL | Column, now: Date): SQL {
  return sql`(not ${keysWithheldSql(userId, testId, now)}
    and exists (select 1 from tests kt where kt.id = ${testId} and kt.answer_visibility <> 'never'))`;
}

export interface KeysRelease {
  /** The learner may read the keys now. */
  released: boolean;
  /** An assignment holds them back (the review is withheld), else null. */
  withheld: { until: string | null } | null;
  /** The test never shows its answers (its review keeps the learner's own answers). */
  neverShown: boolean;
}

/** The rule for one learner and test at `now`, with when an assignment will release the keys. */
export async function keysRelease(db: Db, userId: string, testId: string, now: Date): Promise<KeysRelease> {
  const [row] = await rows<{ held: number; never_held: boolean; until: string | null; never_shown: boolean }>(
    db,
    sql`select count(*)::int as held,
               coalesce(bool_or(w.answers_shown = 'never'), false) as never_held,
               max(w.closes_at)::text as until,
               (select answer_visibility = 'never' from tests where id = ${testId}) as never_shown
        from (${withholdingAssignments(sql`${userId}::uuid`, sql`${testId}::uuid`, now)}) w`,
  );
  const held = Number(row?.held ?? 0) > 0;
  const neverShown = row?.never_shown === true;
  return {
    released: !held && !neverShown,
    withheld: held
      ? { until: row?.never_held || !row?.until ? null : new Date(row.until).toISOString() }
      : null,
    neverShown,
  };
}

import { and, count, eq, sql } from 'drizzle-orm';
import { State } from 'ts-fsrs';
import type { Db } from '../../db/client';
import { vocabularyCards, vocabularyReviewLogs } from '../../db/schema';
import { getSettings } from './cards.service';

/** "Today" for daily limits and streaks is the Vietnamese calendar day (UTC+7, no daylight saving). */
const DAY_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
const FORECAST_DAYS = 14;

export function startOfDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS);
}

/** Progress figures for the learner's vocabulary page. */
export async function getStats(db: Db, userId: string, now: Date) {
  const settings = await getSettings(db, userId);
  const today = startOfDay(now);
  const endOfToday = new Date(today.getTime() + DAY_MS);
  const [cards] = await db
    .select({
      total: count(),
      dueToday: sql<number>`count(*) filter (where ${vocabularyCards.state} <> 0 and ${vocabularyCards.due} < ${endOfToday.toISOString()})::int`,
      learnt: sql<number>`count(*) filter (where ${vocabularyCards.state} = ${State.Review})::int`,
    })
    .from(vocabularyCards)
    .where(eq(vocabularyCards.userId, userId));
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const [logs] = await db
    .select({
      today: sql<number>`count(*) filter (where ${vocabularyReviewLogs.reviewedAt} >= ${today.toISOString()})::int`,
      matureTotal: sql<number>`count(*) filter (where ${vocabularyReviewLogs.stateBefore} = ${State.Review} and ${vocabularyReviewLogs.reviewedAt} >= ${monthAgo.toISOString()})::int`,
      matureRecalled: sql<number>`count(*) filter (where ${vocabularyReviewLogs.stateBefore} = ${State.Review} and ${vocabularyReviewLogs.rating} > 1 and ${vocabularyReviewLogs.reviewedAt} >= ${monthAgo.toISOString()})::int`,
    })
    .from(vocabularyReviewLogs)
    .where(eq(vocabularyReviewLogs.userId, userId));
  // The days (Vietnam calendar) with at least one review, newest first, over the last year.
  const days = await db
    .selectDistinct({
      day: sql<number>`floor((extract(epoch from ${vocabularyReviewLogs.reviewedAt}) * 1000 + ${DAY_OFFSET_MS}) / ${DAY_MS})::int`,
    })
    .from(vocabularyReviewLogs)
    .where(
      and(
        eq(vocabularyReviewLogs.userId, userId),
        sql`${vocabularyReviewLogs.reviewedAt} >= ${new Date(now.getTime() - 366 * DAY_MS).toISOString()}`,
      ),
    );
  const reviewed = new Set(days.map((d) => Number(d.day)));
  const todayIndex = Math.floor((now.getTime() + DAY_OFFSET_MS) / DAY_MS);
  // A streak still counts today before the first review of the day.
  let day = reviewed.has(todayIndex) ? todayIndex : todayIndex - 1;
  let streak = 0;
  while (reviewed.has(day)) {
    streak++;
    day--;
  }
  // Cards falling due on each of the next 14 days (today counts what is overdue too).
  // Constants inlined: GROUP BY must see the very expression of the select list, not other parameters.
  const dayOf = sql<number>`floor((extract(epoch from ${vocabularyCards.due}) * 1000 + ${sql.raw(String(DAY_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))})::int`;
  const upcoming = await db
    .select({ day: dayOf, n: count() })
    .from(vocabularyCards)
    .where(
      and(
        eq(vocabularyCards.userId, userId),
        sql`${vocabularyCards.state} <> 0`,
        sql`${vocabularyCards.due} < ${new Date(today.getTime() + FORECAST_DAYS * DAY_MS).toISOString()}`,
      ),
    )
    .groupBy(dayOf);
  const perDay = new Map<number, number>();
  for (const row of upcoming) {
    const index = Math.max(todayIndex, Number(row.day));
    perDay.set(index, (perDay.get(index) ?? 0) + Number(row.n));
  }
  const forecast = Array.from({ length: FORECAST_DAYS }, (_, offset) => ({
    date: new Date((todayIndex + offset) * DAY_MS).toISOString().slice(0, 10),
    count: perDay.get(todayIndex + offset) ?? 0,
  }));
  const matureTotal = Number(logs?.matureTotal ?? 0);
  return {
    total_cards: Number(cards?.total ?? 0),
    due_today: Number(cards?.dueToday ?? 0),
    learnt: Number(cards?.learnt ?? 0),
    reviews_today: Number(logs?.today ?? 0),
    streak_days: streak,
    retention_30d: matureTotal > 0 ? Number(logs?.matureRecalled ?? 0) / matureTotal : null,
    desired_retention: settings.desired_retention,
    forecast,
  };
}

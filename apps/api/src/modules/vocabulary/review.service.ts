/** Flashcard review (FSRS): the queue of cards due now, recording a rating, taking the last one back. */
import { VOCABULARY_KEYS } from '@prepwise/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Grade, Rating, State } from 'ts-fsrs';
import type { Db } from '../../db/client';
import { vocabularyCards, vocabularyReviewLogs, vocabularyWords } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import {
  type CardRow,
  cardOut,
  fromFsrsCard,
  getSettings,
  loadCard,
  schedulerFor,
  snapshotOf,
  toFsrsCard,
} from './cards.service';
import { startOfDay } from './progress.service';

/** Learning cards due within this many minutes are shown now (Anki's "learn ahead" limit). */
const LEARN_AHEAD_MINUTES = 20;

function intervalsOf(scheduler: ReturnType<typeof schedulerFor>, row: CardRow, now: Date) {
  const preview = scheduler.repeat(toFsrsCard(row), now);
  return ([Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as Grade[]).map((rating) => {
    const due = preview[rating].card.due;
    return {
      rating,
      due: due.toISOString(),
      interval_minutes: Math.max(0, Math.round((due.getTime() - now.getTime()) / 60_000)),
    };
  });
}

/**
 * Seen cards due now, or learning ones due within the learn-ahead window; written as one range on `due`
 * so the partial index (user_id, due) WHERE state <> 0 serves it.
 */
const dueCondition = (now: Date) =>
  and(
    sql`${vocabularyCards.state} <> 0`,
    sql`${vocabularyCards.due} <= ${new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000).toISOString()}`,
    or(
      sql`${vocabularyCards.due} <= ${now.toISOString()}`,
      inArray(vocabularyCards.state, [State.Learning, State.Relearning]),
    ),
  ) as SQL;

/** How many of the learner's cards are due now (the review queue's count; the learner home shows it). */
export async function countDueCards(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vocabularyCards)
    .where(and(eq(vocabularyCards.userId, userId), dueCondition(now)));
  return Number(row?.n ?? 0);
}

async function newStudiedToday(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(vocabularyReviewLogs)
    .where(
      and(
        eq(vocabularyReviewLogs.userId, userId),
        eq(vocabularyReviewLogs.stateBefore, State.New),
        sql`${vocabularyReviewLogs.reviewedAt} >= ${startOfDay(now).toISOString()}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The cards to review now: due cards first (earliest first), then new cards within today's limit. */
export async function getQueue(db: Db, userId: string, now: Date, limit = 20) {
  const settings = await getSettings(db, userId);
  const scheduler = schedulerFor(settings.desired_retention);
  const mine = eq(vocabularyCards.userId, userId);
  const [[dueCount], studied, due] = await Promise.all([
    db
      .select({ n: count() })
      .from(vocabularyCards)
      .where(and(mine, dueCondition(now))),
    newStudiedToday(db, userId, now),
    db
      .select({ card: vocabularyCards, word: vocabularyWords })
      .from(vocabularyCards)
      .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyCards.wordId))
      .where(and(mine, dueCondition(now)))
      .orderBy(asc(vocabularyCards.due), asc(vocabularyCards.id))
      .limit(limit),
  ]);
  const [newTotal] = await db
    .select({ n: count() })
    .from(vocabularyCards)
    .where(and(mine, eq(vocabularyCards.state, State.New)));
  const allowance = Math.max(0, settings.new_cards_per_day - studied);
  const newAvailable = Math.min(allowance, Number(newTotal?.n ?? 0));
  const room = Math.min(newAvailable, limit - due.length);
  const fresh =
    room > 0
      ? await db
          .select({ card: vocabularyCards, word: vocabularyWords })
          .from(vocabularyCards)
          .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyCards.wordId))
          .where(and(mine, eq(vocabularyCards.state, State.New)))
          .orderBy(asc(vocabularyCards.createdAt), asc(vocabularyCards.id))
          .limit(room)
      : [];
  return {
    due_count: Number(dueCount?.n ?? 0),
    new_available: newAvailable,
    new_studied_today: studied,
    new_cards_per_day: settings.new_cards_per_day,
    cards: [...due, ...fresh].map((row) => ({
      ...cardOut(row.card, row.word),
      intervals: intervalsOf(scheduler, row.card, now),
    })),
  };
}

/**
 * Records one rating: the card's new FSRS state and a log row, in one transaction. A `client_id`
 * already recorded answers the card as it is (the offline journal sending again).
 */
export function review(
  db: Db,
  userId: string,
  cardId: string,
  body: { rating: 1 | 2 | 3 | 4; client_id?: string; reviewed_at?: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { card, word } = await loadCard(t, userId, cardId, true);
    if (body.client_id) {
      const [previous] = await tx
        .select({ id: vocabularyReviewLogs.id, cardId: vocabularyReviewLogs.cardId })
        .from(vocabularyReviewLogs)
        .where(
          and(eq(vocabularyReviewLogs.userId, userId), eq(vocabularyReviewLogs.clientId, body.client_id)),
        );
      if (previous) {
        if (previous.cardId !== cardId) throw notFound();
        return { card: cardOut(card, word), log_id: previous.id, duplicate: true };
      }
    }
    // A rating made offline keeps its time, but never later than now nor before the card's last review.
    let at = body.reviewed_at ? new Date(body.reviewed_at) : now;
    if (at > now) at = now;
    if (card.lastReview && at < card.lastReview) at = card.lastReview;
    const settings = await getSettings(t, userId);
    const result = schedulerFor(settings.desired_retention).next(toFsrsCard(card), at, body.rating as Grade);
    const next = fromFsrsCard(result.card);
    const [updated] = await tx
      .update(vocabularyCards)
      .set(next)
      .where(eq(vocabularyCards.id, cardId))
      .returning();
    const [log] = await tx
      .insert(vocabularyReviewLogs)
      .values({
        userId,
        cardId,
        rating: body.rating,
        stateBefore: card.state,
        stateAfter: next.state,
        elapsedDays: result.log.elapsed_days,
        scheduledDays: result.log.scheduled_days,
        stabilityAfter: next.stability,
        difficultyAfter: next.difficulty,
        dueAfter: next.due,
        desiredRetention: settings.desired_retention,
        cardBefore: snapshotOf(card),
        clientId: body.client_id ?? null,
        reviewedAt: at,
      })
      .returning({ id: vocabularyReviewLogs.id });
    return { card: cardOut(updated!, word), log_id: log!.id, duplicate: false };
  });
}

/** Takes back the rating the learner recorded last (an offline one may carry an earlier time): the card returns to its state before it, the log row goes. */
export function undoLastReview(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(vocabularyReviewLogs)
      .where(eq(vocabularyReviewLogs.userId, userId))
      .orderBy(desc(vocabularyReviewLogs.createdAt), desc(vocabularyReviewLogs.reviewedAt))
      .limit(1)
      .for('update');
    if (!last) throw conflict('Nothing to undo', { review: VOCABULARY_KEYS.nothingToUndo });
    const before = last.cardBefore;
    await tx
      .update(vocabularyCards)
      .set({
        state: before.state,
        due: new Date(before.due),
        stability: before.stability,
        difficulty: before.difficulty,
        elapsedDays: before.elapsedDays,
        scheduledDays: before.scheduledDays,
        learningSteps: before.learningSteps,
        reps: before.reps,
        lapses: before.lapses,
        lastReview: before.lastReview ? new Date(before.lastReview) : null,
      })
      .where(eq(vocabularyCards.id, last.cardId));
    await tx.delete(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.id, last.id));
    const row = await loadCard(tx as unknown as Db, userId, last.cardId);
    return cardOut(row.card, row.word);
  });
}

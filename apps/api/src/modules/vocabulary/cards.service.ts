/** A learner's flashcards: adding, removing and listing them, their FSRS state, and the learner's review settings. */
import { CARD_STATES } from '@prepwise/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Card, fsrs, type State } from 'ts-fsrs';
import type { Db } from '../../db/client';
import {
  type CardSnapshot,
  vocabularyCards,
  vocabularySettings,
  vocabularyTopics,
  vocabularyTopicWords,
  vocabularyWords,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { inPublishedTopic, wordOut } from './words.service';

export type Word = typeof vocabularyWords.$inferSelect;
export type CardRow = typeof vocabularyCards.$inferSelect;

export function toFsrsCard(row: CardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.lastReview ?? undefined,
  };
}

export function fromFsrsCard(card: Card) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number,
    lastReview: card.last_review ?? null,
  };
}

export function snapshotOf(row: CardRow): CardSnapshot {
  return {
    state: row.state,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview?.toISOString() ?? null,
  };
}

export function cardOut(row: CardRow, word: Word) {
  return {
    id: row.id,
    word: wordOut(word),
    state: row.state,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.lastReview?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getSettings(db: Db, userId: string) {
  const [row] = await db.select().from(vocabularySettings).where(eq(vocabularySettings.userId, userId));
  return { desired_retention: row?.desiredRetention ?? 0.9, new_cards_per_day: row?.newCardsPerDay ?? 20 };
}

export async function saveSettings(
  db: Db,
  userId: string,
  body: { desired_retention: number; new_cards_per_day: number },
  now: Date,
) {
  const values = { desiredRetention: body.desired_retention, newCardsPerDay: body.new_cards_per_day };
  await db
    .insert(vocabularySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: vocabularySettings.userId, set: { ...values, updatedAt: now } });
  return getSettings(db, userId);
}

/** The scheduler for a learner: FSRS-6 default weights, the learner's target retention, no fuzz. */
export function schedulerFor(desiredRetention: number) {
  return fsrs({ request_retention: desiredRetention, enable_fuzz: false });
}

export async function loadCard(db: Db, userId: string, cardId: string, lock = false) {
  const query = db
    .select({ card: vocabularyCards, word: vocabularyWords })
    .from(vocabularyCards)
    .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyCards.wordId))
    .where(and(eq(vocabularyCards.id, cardId), eq(vocabularyCards.userId, userId)));
  const [row] = lock ? await query.for('update', { of: vocabularyCards }) : await query;
  if (!row) throw notFound();
  return row;
}

export async function addCard(db: Db, userId: string, wordId: string, now: Date) {
  const [word] = await db
    .select({ id: vocabularyWords.id })
    .from(vocabularyWords)
    .where(and(eq(vocabularyWords.id, wordId), inPublishedTopic(wordId)));
  if (!word) throw notFound();
  await db.insert(vocabularyCards).values({ userId, wordId, due: now, createdAt: now }).onConflictDoNothing();
  const [card] = await db
    .select({ id: vocabularyCards.id })
    .from(vocabularyCards)
    .where(and(eq(vocabularyCards.userId, userId), eq(vocabularyCards.wordId, wordId)));
  const row = await loadCard(db, userId, card!.id);
  return cardOut(row.card, row.word);
}

/** Adds every word of a published topic to the learner's cards (those not there yet), in topic order. */
export async function addTopicCards(db: Db, userId: string, slug: string, now: Date) {
  const [topic] = await db
    .select({ id: vocabularyTopics.id })
    .from(vocabularyTopics)
    .where(and(eq(vocabularyTopics.slug, slug), eq(vocabularyTopics.published, true)));
  if (!topic) throw notFound();
  const words = await db
    .select({ wordId: vocabularyTopicWords.wordId })
    .from(vocabularyTopicWords)
    .where(eq(vocabularyTopicWords.topicId, topic.id))
    .orderBy(asc(vocabularyTopicWords.position));
  if (words.length === 0) return { added: 0 };
  // One millisecond apart, so that new cards come up in the topic's order.
  const inserted = await db
    .insert(vocabularyCards)
    .values(
      words.map((w, index) => ({
        userId,
        wordId: w.wordId,
        due: now,
        createdAt: new Date(now.getTime() + index),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: vocabularyCards.id });
  return { added: inserted.length };
}

export async function removeCard(db: Db, userId: string, cardId: string) {
  const deleted = await db
    .delete(vocabularyCards)
    .where(and(eq(vocabularyCards.id, cardId), eq(vocabularyCards.userId, userId)))
    .returning({ id: vocabularyCards.id });
  if (deleted.length === 0) throw notFound();
}

const STATE_NUMBER = Object.fromEntries(Object.entries(CARD_STATES).map(([n, name]) => [name, Number(n)]));

export async function listMyCards(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; search?: string; state?: string; topic?: string },
) {
  const filters: SQL[] = [eq(vocabularyCards.userId, userId)];
  if (query.topic)
    filters.push(
      sql`exists (select 1 from ${vocabularyTopicWords} tw join ${vocabularyTopics} t on t.id = tw.topic_id where tw.word_id = ${vocabularyCards.wordId} and t.slug = ${query.topic})`,
    );
  if (query.search) {
    const pattern = `%${query.search}%`;
    filters.push(
      or(ilike(vocabularyWords.headword, pattern), ilike(vocabularyWords.meaningVi, pattern)) as SQL,
    );
  }
  if (query.state) filters.push(eq(vocabularyCards.state, STATE_NUMBER[query.state]!));
  const where = and(...filters);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ card: vocabularyCards, word: vocabularyWords })
          .from(vocabularyCards)
          .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyCards.wordId))
          .where(where)
          .orderBy(desc(vocabularyCards.createdAt), asc(vocabularyCards.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => cardOut(row.card, row.word)),
    () =>
      db
        .select({ n: count() })
        .from(vocabularyCards)
        .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyCards.wordId))
        .where(where),
  );
}

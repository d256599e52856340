import {
  CARD_STATES,
  VOCABULARY_KEYS,
  type vocabularyTopicBodySchema,
  type vocabularyWordBodySchema,
} from '@prepwise/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Card, fsrs, type Grade, Rating, State } from 'ts-fsrs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  type CardSnapshot,
  vocabularyCards,
  vocabularyReviewLogs,
  vocabularySettings,
  vocabularyTopics,
  vocabularyTopicWords,
  vocabularyWords,
} from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { PLATFORM } from '../../tenancy/tenant';
import { resolveSlug } from '../content/slugs';
import { mediaOfTenant, mediaUrl } from '../media/media.service';

type TopicBody = z.output<typeof vocabularyTopicBodySchema>;
type WordBody = z.output<typeof vocabularyWordBodySchema>;
type Topic = typeof vocabularyTopics.$inferSelect;
type Word = typeof vocabularyWords.$inferSelect;
type CardRow = typeof vocabularyCards.$inferSelect;

/** Learning cards due within this many minutes are shown now (Anki's "learn ahead" limit). */
const LEARN_AHEAD_MINUTES = 20;
/** "Today" for daily limits and streaks is the Vietnamese calendar day (UTC+7, no daylight saving). */
const DAY_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
const FORECAST_DAYS = 14;

export function startOfDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS);
}

// ---------------------------------------------------------------- topics

const wordCount = sql<number>`(select count(*)::int from ${vocabularyTopicWords} where ${vocabularyTopicWords.topicId} = ${vocabularyTopics.id})`;

function topicOut(row: Topic & { wordCount: number }) {
  return {
    id: row.id,
    slug: row.slug,
    name_vi: row.nameVi,
    name_en: row.nameEn,
    description_vi: row.descriptionVi,
    description_en: row.descriptionEn,
    level: row.level,
    exam: row.exam,
    position: row.position,
    published: row.published,
    word_count: Number(row.wordCount),
  };
}

function topicFilters(query: { search?: string; level?: string; exam?: string }): SQL[] {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = `%${query.search}%`;
    filters.push(or(ilike(vocabularyTopics.nameVi, pattern), ilike(vocabularyTopics.nameEn, pattern)) as SQL);
  }
  if (query.level) filters.push(eq(vocabularyTopics.level, query.level));
  if (query.exam) filters.push(eq(vocabularyTopics.exam, query.exam));
  return filters;
}

export function listTopics(
  db: Db,
  query: { page: number; pageSize: number; search?: string; level?: string; exam?: string },
  options: { publishedOnly: boolean } = { publishedOnly: false },
) {
  const filters = topicFilters(query);
  if (options.publishedOnly) filters.push(eq(vocabularyTopics.published, true));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ topic: vocabularyTopics, wordCount })
          .from(vocabularyTopics)
          .where(where)
          .orderBy(asc(vocabularyTopics.position), asc(vocabularyTopics.nameVi))
          .limit(limit)
          .offset(offset)
      ).map((row) => topicOut({ ...row.topic, wordCount: row.wordCount })),
    () => db.select({ n: count() }).from(vocabularyTopics).where(where),
  );
}

export async function getTopic(db: Db, id: string) {
  const [row] = await db
    .select({ topic: vocabularyTopics, wordCount })
    .from(vocabularyTopics)
    .where(eq(vocabularyTopics.id, id));
  if (!row) throw notFound();
  return topicOut({ ...row.topic, wordCount: row.wordCount });
}

function topicValues(body: TopicBody) {
  return {
    nameVi: body.name_vi,
    nameEn: body.name_en,
    descriptionVi: body.description_vi,
    descriptionEn: body.description_en,
    level: body.level,
    exam: body.exam,
    position: body.position,
    published: body.published,
  };
}

export function createTopic(db: Db, body: TopicBody) {
  return db.transaction(async (tx) => {
    const slug = await resolveSlug(tx as unknown as Db, vocabularyTopics, {
      given: body.slug,
      title: body.name_vi,
      takenKey: VOCABULARY_KEYS.slugTaken,
    });
    const [row] = await tx
      .insert(vocabularyTopics)
      .values({ ...topicValues(body), slug })
      .returning();
    return topicOut({ ...row!, wordCount: 0 });
  });
}

export function updateTopic(db: Db, id: string, body: TopicBody, now: Date) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(vocabularyTopics)
      .where(eq(vocabularyTopics.id, id))
      .for('update');
    if (!current) throw notFound();
    const slug = body.slug
      ? await resolveSlug(tx as unknown as Db, vocabularyTopics, {
          given: body.slug,
          title: body.name_vi,
          exceptId: id,
          takenKey: VOCABULARY_KEYS.slugTaken,
        })
      : current.slug;
    await tx
      .update(vocabularyTopics)
      .set({ ...topicValues(body), slug, updatedAt: now })
      .where(eq(vocabularyTopics.id, id));
    return getTopic(tx as unknown as Db, id);
  });
}

export async function deleteTopic(db: Db, id: string) {
  const deleted = await db
    .delete(vocabularyTopics)
    .where(eq(vocabularyTopics.id, id))
    .returning({ id: vocabularyTopics.id });
  if (deleted.length === 0) throw notFound();
}

// ---------------------------------------------------------------- words

function wordOut(row: Word) {
  return {
    id: row.id,
    headword: row.headword,
    part_of_speech: row.partOfSpeech,
    ipa: row.ipa,
    meaning_vi: row.meaningVi,
    definition_en: row.definitionEn,
    examples: row.examples,
    level: row.level,
    tags: row.tags,
    image_id: row.imageId,
    image_url: row.imageId ? mediaUrl(row.imageId) : null,
    audio_id: row.audioId,
    audio_url: row.audioId ? mediaUrl(row.audioId) : null,
  };
}

async function topicIdsOf(db: Db, wordIds: string[]) {
  const map = new Map<string, string[]>();
  if (wordIds.length === 0) return map;
  const rows = await db
    .select({ wordId: vocabularyTopicWords.wordId, topicId: vocabularyTopicWords.topicId })
    .from(vocabularyTopicWords)
    .where(inArray(vocabularyTopicWords.wordId, wordIds));
  for (const row of rows) map.set(row.wordId, [...(map.get(row.wordId) ?? []), row.topicId]);
  return map;
}

export async function listWords(
  db: Db,
  query: { page: number; pageSize: number; search?: string; level?: string; topic_id?: string },
) {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = `%${query.search}%`;
    filters.push(
      or(ilike(vocabularyWords.headword, pattern), ilike(vocabularyWords.meaningVi, pattern)) as SQL,
    );
  }
  if (query.level) filters.push(eq(vocabularyWords.level, query.level));
  if (query.topic_id)
    filters.push(
      sql`exists (select 1 from ${vocabularyTopicWords} where ${vocabularyTopicWords.wordId} = ${vocabularyWords.id} and ${vocabularyTopicWords.topicId} = ${query.topic_id})`,
    );
  const where = filters.length ? and(...filters) : undefined;
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select()
        .from(vocabularyWords)
        .where(where)
        .orderBy(asc(sql`lower(${vocabularyWords.headword})`), asc(vocabularyWords.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(vocabularyWords).where(where),
  );
  const topics = await topicIdsOf(
    db,
    page.items.map((word) => word.id),
  );
  return {
    ...page,
    items: page.items.map((word) => ({ ...wordOut(word), topic_ids: topics.get(word.id) ?? [] })),
  };
}

export async function getWord(db: Db, id: string) {
  const [row] = await db.select().from(vocabularyWords).where(eq(vocabularyWords.id, id));
  if (!row) throw notFound();
  const topics = await topicIdsOf(db, [id]);
  return { ...wordOut(row), topic_ids: topics.get(id) ?? [] };
}

function wordValues(body: WordBody) {
  return {
    headword: body.headword,
    partOfSpeech: body.part_of_speech,
    ipa: body.ipa,
    meaningVi: body.meaning_vi,
    definitionEn: body.definition_en,
    examples: body.examples,
    level: body.level,
    tags: body.tags,
    imageId: body.image_id,
    audioId: body.audio_id,
  };
}

/**
 * A word's picture and recording are files of the platform's media (uploaded in the admin), of the
 * right kind: another organization's file, or an unknown one, is refused as unknown.
 */
async function checkWordMedia(db: Db, body: WordBody) {
  const wanted = [
    ['image_id', body.image_id, 'image', VOCABULARY_KEYS.mediaNotImage],
    ['audio_id', body.audio_id, 'audio', VOCABULARY_KEYS.mediaNotAudio],
  ] as const;
  const ids = wanted.map(([, id]) => id).filter((id): id is string => id !== null);
  const rows = await mediaOfTenant(db, PLATFORM, ids);
  const errors: Record<string, string> = {};
  for (const [field, id, kind, wrongKind] of wanted) {
    if (!id) continue;
    const row = rows.get(id);
    if (!row) errors[field] = VOCABULARY_KEYS.mediaUnknown;
    else if (row.kind !== kind) errors[field] = wrongKind;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function checkWordFree(db: Db, body: WordBody, exceptId?: string) {
  const [taken] = await db
    .select({ id: vocabularyWords.id })
    .from(vocabularyWords)
    .where(
      and(
        sql`lower(${vocabularyWords.headword}) = lower(${body.headword})`,
        eq(vocabularyWords.partOfSpeech, body.part_of_speech),
      ),
    );
  if (taken && taken.id !== exceptId)
    throw conflict('This word is already in the list', { headword: VOCABULARY_KEYS.wordTaken });
}

async function setWordTopics(db: Db, wordId: string, topicIds: string[]) {
  const unique = [...new Set(topicIds)];
  if (unique.length > 0) {
    const known = await db
      .select({ id: vocabularyTopics.id })
      .from(vocabularyTopics)
      .where(inArray(vocabularyTopics.id, unique));
    if (known.length !== unique.length) throw validationFailed({ topic_ids: VOCABULARY_KEYS.unknownTopic });
  }
  const current = await db
    .select({ topicId: vocabularyTopicWords.topicId })
    .from(vocabularyTopicWords)
    .where(eq(vocabularyTopicWords.wordId, wordId));
  const have = new Set(current.map((row) => row.topicId));
  const removed = [...have].filter((id) => !unique.includes(id));
  if (removed.length > 0)
    await db
      .delete(vocabularyTopicWords)
      .where(and(eq(vocabularyTopicWords.wordId, wordId), inArray(vocabularyTopicWords.topicId, removed)));
  for (const topicId of unique.filter((id) => !have.has(id))) {
    // A word added to a topic goes to its end.
    await db.insert(vocabularyTopicWords).values({
      topicId,
      wordId,
      position: sql`(select coalesce(max(${vocabularyTopicWords.position}) + 1, 0) from ${vocabularyTopicWords} where ${vocabularyTopicWords.topicId} = ${topicId})`,
    });
  }
}

export function createWord(db: Db, body: WordBody) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await checkWordFree(t, body);
    await checkWordMedia(t, body);
    const [row] = await tx.insert(vocabularyWords).values(wordValues(body)).returning();
    await setWordTopics(t, row!.id, body.topic_ids);
    return getWord(t, row!.id);
  });
}

export function updateWord(db: Db, id: string, body: WordBody, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [current] = await tx
      .select({ id: vocabularyWords.id })
      .from(vocabularyWords)
      .where(eq(vocabularyWords.id, id))
      .for('update');
    if (!current) throw notFound();
    await checkWordFree(t, body, id);
    await checkWordMedia(t, body);
    await tx
      .update(vocabularyWords)
      .set({ ...wordValues(body), updatedAt: now })
      .where(eq(vocabularyWords.id, id));
    await setWordTopics(t, id, body.topic_ids);
    return getWord(t, id);
  });
}

export async function deleteWord(db: Db, id: string) {
  const deleted = await db
    .delete(vocabularyWords)
    .where(eq(vocabularyWords.id, id))
    .returning({ id: vocabularyWords.id });
  if (deleted.length === 0) throw notFound();
}

// ---------------------------------------------------------------- public

export async function getPublicTopic(db: Db, slug: string) {
  const [row] = await db
    .select({ topic: vocabularyTopics, wordCount })
    .from(vocabularyTopics)
    .where(and(eq(vocabularyTopics.slug, slug), eq(vocabularyTopics.published, true)));
  if (!row) throw notFound();
  const words = await db
    .select({ word: vocabularyWords })
    .from(vocabularyTopicWords)
    .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyTopicWords.wordId))
    .where(eq(vocabularyTopicWords.topicId, row.topic.id))
    .orderBy(asc(vocabularyTopicWords.position), asc(vocabularyWords.headword));
  const { published: _p, position: _o, ...topic } = topicOut({ ...row.topic, wordCount: row.wordCount });
  return { ...topic, words: words.map((w) => wordOut(w.word)) };
}

/** A word a learner may add: one in at least one published topic. */
const inPublishedTopic = (wordId: SQL | string) =>
  sql`exists (select 1 from ${vocabularyTopicWords} tw join ${vocabularyTopics} t on t.id = tw.topic_id where tw.word_id = ${wordId} and t.published)`;

/**
 * What a word's audio says: its headword, or its example sentence number `example`. Only words of a
 * published topic are spoken to the public (404 otherwise, and for an example it does not have).
 */
export async function publicWordSpeechText(
  db: Db,
  id: string,
  example?: number,
): Promise<{ text: string; recordingId: string | null }> {
  const [row] = await db
    .select({
      headword: vocabularyWords.headword,
      examples: vocabularyWords.examples,
      audioId: vocabularyWords.audioId,
    })
    .from(vocabularyWords)
    .where(and(eq(vocabularyWords.id, id), inPublishedTopic(id)));
  if (!row) throw notFound();
  // The author's recording replaces the synthesized headword (example sentences stay synthesized).
  if (example === undefined) return { text: row.headword, recordingId: row.audioId };
  const sentence = row.examples[example]?.en;
  if (!sentence) throw notFound();
  return { text: sentence, recordingId: null };
}

// ---------------------------------------------------------------- learner cards

function toFsrsCard(row: CardRow): Card {
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

function fromFsrsCard(card: Card) {
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

function snapshotOf(row: CardRow): CardSnapshot {
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

function cardOut(row: CardRow, word: Word) {
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

async function loadCard(db: Db, userId: string, cardId: string, lock = false) {
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

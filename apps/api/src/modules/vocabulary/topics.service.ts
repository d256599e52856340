/** Vocabulary topics: the back office's lists of words (admin CRUD) and a published topic as the public reads it. */
import { VOCABULARY_KEYS, type vocabularyTopicBodySchema } from '@prepwise/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { vocabularyTopics, vocabularyTopicWords, vocabularyWords } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { resolveSlug } from '../content/slugs';
import { wordOut } from './words.service';

type TopicBody = z.output<typeof vocabularyTopicBodySchema>;
type Topic = typeof vocabularyTopics.$inferSelect;

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

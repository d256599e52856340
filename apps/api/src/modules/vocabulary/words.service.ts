/** Vocabulary words: the back office's CRUD (with their topics and media), and what a public word's audio says. */
import { VOCABULARY_KEYS, type vocabularyWordBodySchema } from '@prepwise/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { vocabularyTopics, vocabularyTopicWords, vocabularyWords } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { PLATFORM } from '../../tenancy/tenant';
import { mediaOfTenant, mediaUrl } from '../media/media.service';

type WordBody = z.output<typeof vocabularyWordBodySchema>;
type Word = typeof vocabularyWords.$inferSelect;

export function wordOut(row: Word) {
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

/** A word a learner may add: one in at least one published topic. */
export const inPublishedTopic = (wordId: SQL | string) =>
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

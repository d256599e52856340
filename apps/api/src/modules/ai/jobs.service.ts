/**
 * Generation jobs: creating one (checked against the tenant's formats, levels, types and AI credits),
 * listing, reading, cancelling and retrying them. The worker that writes their drafts is generation.service.ts.
 */
import { randomInt } from 'node:crypto';
import {
  AI_KEYS,
  AI_TASK_KINDS,
  type AiJob,
  type AiJobInput,
  type AiProvider,
  type AiTask,
  type AiVocabularyTopic,
} from '@prepwise/contract';
import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aiDrafts,
  aiGenerationJobs,
  categories,
  examFormats,
  exams,
  levels,
  questionTypes,
  users,
  vocabularyTopics,
  vocabularyTopicWords,
  vocabularyWords,
} from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { mediaUrl } from '../media/media.service';
import { assertAiCredits } from '../organization-packages/packages.service';
import { buildCloze } from './builtin-generator';
import type { ClozeMaterial, WordListEntry } from './provider';
import type { Providers } from './providers.service';

export type JobRow = typeof aiGenerationJobs.$inferSelect;

export const visibleTo = (column: Parameters<typeof ownedBy>[0], tenant: Tenant) =>
  tenant.organizationId ? or(isNull(column), eq(column, tenant.organizationId))! : isNull(column);

/** The question type a task's drafts take: the part's listed one of its answer kind, else the organization's own. */
export async function typeForTask(
  db: Db,
  tenant: Tenant,
  task: AiTask,
  format: typeof examFormats.$inferSelect,
) {
  const kind = AI_TASK_KINDS[task];
  const types = await db
    .select({ id: questionTypes.id, organizationId: questionTypes.organizationId })
    .from(questionTypes)
    .where(and(eq(questionTypes.answerKind, kind), visibleTo(questionTypes.organizationId, tenant)))
    .orderBy(asc(questionTypes.createdAt));
  // The part's listed types first; an organization's own types are allowed in every part (issue 29).
  const listed = types.filter(
    (type) => format.allowedQuestionTypeIds.length === 0 || format.allowedQuestionTypeIds.includes(type.id),
  );
  const own = types.filter((type) => type.organizationId !== null);
  return listed[0]?.id ?? own[0]?.id ?? null;
}

/** The words of a published vocabulary topic as a word list, in the topic's order; null for none. */
export async function publishedTopicWords(db: Db, topicId: string): Promise<WordListEntry[] | null> {
  const [topic] = await db
    .select({ id: vocabularyTopics.id })
    .from(vocabularyTopics)
    .where(and(eq(vocabularyTopics.id, topicId), eq(vocabularyTopics.published, true)));
  if (!topic) return null;
  const rows = await db
    .select({
      word: vocabularyWords.headword,
      pos: vocabularyWords.partOfSpeech,
      level: vocabularyWords.level,
      examples: vocabularyWords.examples,
    })
    .from(vocabularyTopicWords)
    .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyTopicWords.wordId))
    .where(eq(vocabularyTopicWords.topicId, topicId))
    .orderBy(asc(vocabularyTopicWords.position));
  return rows.map((row) => ({
    word: row.word,
    pos: row.pos,
    level: row.level,
    examples: row.examples.map((example) => example.en),
  }));
}

/** The published vocabulary topics a job may take its word list from (the platform's, for every tenant). */
export async function listVocabularyTopics(db: Db): Promise<AiVocabularyTopic[]> {
  const rows = await db
    .select({
      id: vocabularyTopics.id,
      nameVi: vocabularyTopics.nameVi,
      nameEn: vocabularyTopics.nameEn,
      level: vocabularyTopics.level,
      words: count(vocabularyTopicWords.wordId),
    })
    .from(vocabularyTopics)
    .leftJoin(vocabularyTopicWords, eq(vocabularyTopicWords.topicId, vocabularyTopics.id))
    .where(eq(vocabularyTopics.published, true))
    .groupBy(vocabularyTopics.id)
    .orderBy(asc(vocabularyTopics.position), asc(vocabularyTopics.nameEn));
  return rows.map((row) => ({
    id: row.id,
    name_vi: row.nameVi,
    name_en: row.nameEn,
    level: row.level,
    words: Number(row.words),
  }));
}

export async function createJob(
  db: Db,
  tenant: Tenant,
  userId: string,
  body: AiJobInput,
  providers: Providers,
  now: Date,
): Promise<string> {
  const provider = providers[body.provider];
  if (!provider) throw validationFailed({ provider: AI_KEYS.providerNotConfigured });
  const [found] = await db
    .select({ format: examFormats })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(examFormats.id, body.format_id), visibleTo(categories.organizationId, tenant)));
  if (!found) throw validationFailed({ format_id: 'common.invalid_field' });
  if (body.level_id) {
    const [level] = await db
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.id, body.level_id), visibleTo(levels.organizationId, tenant)));
    if (!level) throw validationFailed({ level_id: 'common.invalid_field' });
  }
  const typeId = await typeForTask(db, tenant, body.task, found.format);
  if (!typeId) throw validationFailed({ task: AI_KEYS.taskNotAllowed });
  const seed = body.seed ?? randomInt(0, 2_147_483_647);
  let words: WordListEntry[] | null = null;
  if (body.vocabulary_topic_id) {
    words = await publishedTopicWords(db, body.vocabulary_topic_id);
    if (!words) throw validationFailed({ vocabulary_topic_id: AI_KEYS.vocabularyTopicUnavailable });
  }
  let cloze: ClozeMaterial | null = null;
  if (body.task === 'cloze') {
    // The passage and its gaps are fixed now, for every provider: each item is then one gap.
    const [level] = body.level_id
      ? await db.select({ code: levels.code }).from(levels).where(eq(levels.id, body.level_id))
      : [];
    cloze = buildCloze({
      sourceText: body.source_text ?? null,
      words,
      topic: body.topic ?? null,
      level: level?.code ?? null,
      seed,
      count: body.count,
    });
    if (cloze.gaps.length < body.count)
      throw validationFailed({
        [body.source_text ? 'source_text' : 'count']: AI_KEYS.clozeNotEnoughGaps,
      });
  }
  return db.transaction(async (tx) => {
    // An organization spends its package's AI credits, one per item asked for; the platform has no limit.
    if (tenant.organizationId) await assertAiCredits(tx, tenant.organizationId, body.count, now);
    const [job] = await tx
      .insert(aiGenerationJobs)
      .values({
        organizationId: tenant.organizationId,
        formatId: body.format_id,
        levelId: body.level_id,
        task: body.task,
        count: body.count,
        topic: body.topic ?? null,
        sourceText: body.source_text ?? null,
        vocabularyTopicId: body.vocabulary_topic_id,
        cloze,
        explanationLanguage: body.explanation_language,
        provider: provider.name,
        model: provider.model,
        seed,
        createdBy: userId,
      })
      .returning({ id: aiGenerationJobs.id });
    await tx.insert(aiDrafts).values(
      Array.from({ length: body.count }, (_, position) => ({
        organizationId: tenant.organizationId,
        jobId: job!.id,
        position,
        provider: provider.name,
        model: provider.model,
      })),
    );
    return job!.id;
  });
}

async function progressOf(db: Db, jobIds: string[]) {
  const rows = jobIds.length
    ? await db
        .select({ jobId: aiDrafts.jobId, status: aiDrafts.status, n: count() })
        .from(aiDrafts)
        .where(inArray(aiDrafts.jobId, jobIds))
        .groupBy(aiDrafts.jobId, aiDrafts.status)
    : [];
  const result = new Map<string, AiJob['progress']>();
  for (const id of jobIds)
    result.set(id, { total: 0, queued: 0, done: 0, failed: 0, cancelled: 0, approved: 0, rejected: 0 });
  for (const row of rows) {
    const progress = result.get(row.jobId)!;
    const n = Number(row.n);
    progress.total += n;
    if (row.status === 'queued') progress.queued += n;
    else if (row.status === 'failed') progress.failed += n;
    else if (row.status === 'cancelled') progress.cancelled += n;
    else {
      progress.done += n;
      if (row.status === 'approved') progress.approved += n;
      if (row.status === 'rejected') progress.rejected += n;
    }
  }
  return result;
}

const creators = aliasedTable(users, 'creators');

function selectJobs(db: Db) {
  return db
    .select({
      job: aiGenerationJobs,
      formatName: examFormats.name,
      examName: exams.name,
      levelCode: levels.code,
      creatorName: creators.fullName,
      topicNameVi: vocabularyTopics.nameVi,
      topicNameEn: vocabularyTopics.nameEn,
    })
    .from(aiGenerationJobs)
    .innerJoin(examFormats, eq(examFormats.id, aiGenerationJobs.formatId))
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .leftJoin(levels, eq(levels.id, aiGenerationJobs.levelId))
    .leftJoin(creators, eq(creators.id, aiGenerationJobs.createdBy))
    .leftJoin(vocabularyTopics, eq(vocabularyTopics.id, aiGenerationJobs.vocabularyTopicId));
}

type JobSelect = Awaited<ReturnType<ReturnType<typeof selectJobs>['execute']>>[number];

function toJob(row: JobSelect, progress: AiJob['progress']): AiJob {
  const job = row.job;
  return {
    id: job.id,
    format: { id: job.formatId, name: row.formatName, exam_name: row.examName },
    level: job.levelId && row.levelCode ? { id: job.levelId, code: row.levelCode } : null,
    task: job.task as AiTask,
    count: job.count,
    topic: job.topic,
    source_text: job.sourceText,
    vocabulary_topic:
      job.vocabularyTopicId && row.topicNameVi !== null && row.topicNameEn !== null
        ? { id: job.vocabularyTopicId, name_vi: row.topicNameVi, name_en: row.topicNameEn }
        : null,
    cloze_passage: job.cloze ? sanitizeRichText(job.cloze.passage) : null,
    listening_script: job.listening
      ? {
          kind: job.listening.kind,
          lines: job.listening.lines,
          audio_url: job.listening.audioId ? mediaUrl(job.listening.audioId) : null,
        }
      : null,
    explanation_language: job.explanationLanguage as 'vi' | 'en',
    provider: job.provider as AiProvider,
    model: job.model,
    seed: job.seed,
    status: job.status,
    progress,
    created_by: job.createdBy && row.creatorName ? { id: job.createdBy, full_name: row.creatorName } : null,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

export async function getJob(db: Db, tenant: Tenant, id: string): Promise<AiJob> {
  const [row] = await selectJobs(db).where(
    and(eq(aiGenerationJobs.id, id), ownedBy(aiGenerationJobs.organizationId, tenant)),
  );
  if (!row) throw notFound('Generation job not found');
  return toJob(row, (await progressOf(db, [id])).get(id)!);
}

export async function listJobs(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string; status?: AiJob['status'] },
) {
  const where = and(
    ownedBy(aiGenerationJobs.organizationId, tenant),
    query.search ? ilike(aiGenerationJobs.topic, `%${query.search}%`) : undefined,
    query.status ? eq(aiGenerationJobs.status, query.status) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await selectJobs(db)
        .where(where)
        .orderBy(desc(aiGenerationJobs.createdAt), desc(aiGenerationJobs.id))
        .limit(limit)
        .offset(offset);
      const progress = await progressOf(
        db,
        rows.map((row) => row.job.id),
      );
      return rows.map((row) => toJob(row, progress.get(row.job.id)!));
    },
    () => db.select({ n: count() }).from(aiGenerationJobs).where(where),
  );
}

export async function ownJob(db: Db, tenant: Tenant, id: string): Promise<JobRow> {
  const [job] = await db
    .select()
    .from(aiGenerationJobs)
    .where(and(eq(aiGenerationJobs.id, id), ownedBy(aiGenerationJobs.organizationId, tenant)));
  if (!job) throw notFound('Generation job not found');
  return job;
}

/** Stops a job: items not yet written are cancelled; the worker stops before its next item. */
export async function cancelJob(db: Db, tenant: Tenant, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const job = await ownJob(tx as unknown as Db, tenant, id);
    if (job.status !== 'queued' && job.status !== 'running')
      throw new AppError(409, 'CONFLICT', 'This job has already ended', { id: AI_KEYS.notCancellable });
    await tx
      .update(aiGenerationJobs)
      .set({
        status: 'cancelled',
        run: sql`${aiGenerationJobs.run} + 1`,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(aiGenerationJobs.id, id));
    await tx
      .update(aiDrafts)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(aiDrafts.jobId, id), eq(aiDrafts.status, 'queued')));
  });
  return getJob(db, tenant, id);
}

/** Puts the failed (and cancelled) items back in the queue; the caller enqueues the job again. */
export async function retryJob(db: Db, tenant: Tenant, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const job = await ownJob(tx as unknown as Db, tenant, id);
    if (job.status === 'queued' || job.status === 'running')
      throw new AppError(409, 'CONFLICT', 'This job is still running', { id: AI_KEYS.nothingToRetry });
    const again = await tx
      .update(aiDrafts)
      .set({ status: 'queued', error: null, updatedAt: now })
      .where(and(eq(aiDrafts.jobId, id), inArray(aiDrafts.status, ['failed', 'cancelled'])))
      .returning({ id: aiDrafts.id });
    if (again.length === 0)
      throw new AppError(409, 'CONFLICT', 'No failed items to retry', { id: AI_KEYS.nothingToRetry });
    await tx
      .update(aiGenerationJobs)
      .set({
        status: 'queued',
        run: sql`${aiGenerationJobs.run} + 1`,
        finishedAt: null,
        updatedAt: now,
      })
      .where(eq(aiGenerationJobs.id, id));
  });
  return getJob(db, tenant, id);
}

import { createHash, randomInt } from 'node:crypto';
import {
  AI_GROUP_TASKS,
  AI_KEYS,
  AI_TASK_KINDS,
  type AiDraft,
  type AiDraftStatus,
  type AiGroupResult,
  type AiJob,
  type AiJobInput,
  type AiProvider,
  type AiStatus,
  type AiTask,
  type AiVocabularyTopic,
  type AnswerKind,
} from '@prepwise/contract';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aiDrafts,
  aiGenerationJobs,
  categories,
  examFormats,
  exams,
  levels,
  media,
  questions,
  questionTypes,
  users,
  vocabularyTopics,
  vocabularyTopicWords,
  vocabularyWords,
} from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { plainText, sanitizeRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { synthesizeScript } from '../../lib/speech';
import type { Storage } from '../../lib/storage';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { mediaUrl } from '../media/media.service';
import { assertAiCredits } from '../organization-packages/packages.service';
import {
  checkQuestionInput,
  createGroup,
  createQuestion,
  type QuestionInput,
} from '../question-bank/question-bank.service';
import { BuiltinProvider, buildCloze } from './builtin-generator';
import type { ClozeMaterial, ListeningMaterial, QuestionProvider, WordListEntry } from './provider';
import { READING_EASE_BANDS, readabilityOf, suitsLevel } from './readability';

export const GENERATE_QUEUE = 'ai-generate';

/** The providers of this process: the built-in generator always, an OpenAI-compatible one when configured. */
export type Providers = Partial<Record<AiProvider, QuestionProvider>>;

/** The providers available without any configuration: the built-in offline generator (seeds use it). */
export function offlineProviders(): Providers {
  return { builtin: new BuiltinProvider() };
}

type JobRow = typeof aiGenerationJobs.$inferSelect;
type DraftRow = typeof aiDrafts.$inferSelect;

const visibleTo = (column: Parameters<typeof ownedBy>[0], tenant: Tenant) =>
  tenant.organizationId ? or(isNull(column), eq(column, tenant.organizationId))! : isNull(column);

// ---------------------------------------------------------------- status and usage

export async function aiStatus(db: Db, tenant: Tenant, providers: Providers, now: Date): Promise<AiStatus> {
  const monthStart = new Date(now.getTime());
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const generated = and(
    ownedBy(aiDrafts.organizationId, tenant),
    inArray(aiDrafts.status, ['pending_review', 'approved', 'rejected']),
  );
  const [all] = await db.select({ n: count() }).from(aiDrafts).where(generated);
  const [month] = await db
    .select({ n: count() })
    .from(aiDrafts)
    .where(and(generated, gte(aiDrafts.updatedAt, monthStart)));
  return {
    providers: Object.values(providers).map((provider) => ({
      provider: provider!.name,
      model: provider!.model,
      offline: provider!.name === 'builtin',
    })),
    usage: { generated: Number(all?.n ?? 0), this_month: Number(month?.n ?? 0) },
  };
}

// ---------------------------------------------------------------- jobs

/** The platform's (or the organization's) question type for the task's answer kind, allowed in the part. */
async function typeForTask(db: Db, tenant: Tenant, task: AiTask, format: typeof examFormats.$inferSelect) {
  const kind = AI_TASK_KINDS[task];
  const types = await db
    .select({ id: questionTypes.id, organizationId: questionTypes.organizationId })
    .from(questionTypes)
    .where(and(eq(questionTypes.answerKind, kind), visibleTo(questionTypes.organizationId, tenant)))
    .orderBy(asc(questionTypes.createdAt));
  const allowed = types.filter(
    (type) => format.allowedQuestionTypeIds.length === 0 || format.allowedQuestionTypeIds.includes(type.id),
  );
  return allowed[0]?.id ?? null;
}

/** The words of a published vocabulary topic as a word list, in the topic's order; null for none. */
async function publishedTopicWords(db: Db, topicId: string): Promise<WordListEntry[] | null> {
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

async function ownJob(db: Db, tenant: Tenant, id: string): Promise<JobRow> {
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

/**
 * The pg-boss handler: writes the job's queued items one by one, reading the job's status before
 * each, so a cancel stops it. A provider's failure is the item's, never the job's or the process's.
 * Each write is stamped with the clock's time when it is made. Without `storage` (where a listening
 * script's synthesized audio is kept), the script has no audio.
 */
export async function runJob(
  deps: Pick<Deps, 'db' | 'now'> & { storage?: Storage },
  jobId: string,
  providers: Providers,
): Promise<void> {
  const { db, storage } = deps;
  const [job] = await db.select().from(aiGenerationJobs).where(eq(aiGenerationJobs.id, jobId));
  if (!job || job.status === 'cancelled' || job.status === 'finished') return;
  await db
    .update(aiGenerationJobs)
    .set({ status: 'running', updatedAt: deps.now() })
    .where(and(eq(aiGenerationJobs.id, jobId), eq(aiGenerationJobs.status, 'queued')));
  const provider = providers[job.provider as AiProvider];
  const [level] = job.levelId
    ? await db.select({ code: levels.code }).from(levels).where(eq(levels.id, job.levelId))
    : [];
  const tenant: Tenant = { organizationId: job.organizationId };
  const [format] = await db.select().from(examFormats).where(eq(examFormats.id, job.formatId));
  const typeId = format ? await typeForTask(db, tenant, job.task as AiTask, format) : null;
  // The topic's words as they are now (a topic unpublished since gives none).
  const words = job.vocabularyTopicId ? await publishedTopicWords(db, job.vocabularyTopicId) : null;
  const run = job.run;
  // Writes of this run only: a cancel or retry since (a new run) makes them no-ops.
  const sameRun = and(
    eq(aiDrafts.status, 'queued'),
    sql`exists (select 1 from ${aiGenerationJobs} where ${aiGenerationJobs.id} = ${jobId} and ${aiGenerationJobs.run} = ${run})`,
  )!;
  // Without a topic of its own, a listening script is on its vocabulary topic's subject.
  const [vocabularyTopic] =
    job.task === 'listening' && !job.topic && job.vocabularyTopicId
      ? await db
          .select({ name: vocabularyTopics.nameEn })
          .from(vocabularyTopics)
          .where(eq(vocabularyTopics.id, job.vocabularyTopicId))
      : [];
  const request = {
    task: job.task as AiTask,
    level: level?.code ?? null,
    topic: job.topic ?? vocabularyTopic?.name ?? null,
    sourceText: job.sourceText,
    explanationLanguage: job.explanationLanguage as 'vi' | 'en',
    seed: job.seed,
    words,
    cloze: job.cloze,
  };
  let listening: ListeningMaterial | null = job.listening;
  if (job.task === 'listening' && !listening && provider && typeId) {
    // The script first: every question is about it. Its failure is every waiting item's.
    const outcome = await provider.writeScript({ ...request, index: 0 }).catch((error: unknown) => ({
      ok: false as const,
      error: 'ai.error_provider',
      detail: String(error).slice(0, 500),
      prompt: '',
      attempts: 1,
    }));
    if (outcome.ok) {
      listening = outcome.material;
      if (storage) listening = { ...listening, audioId: await scriptAudio(db, storage, job, listening) };
      await db
        .update(aiGenerationJobs)
        .set({ listening, updatedAt: deps.now() })
        .where(and(eq(aiGenerationJobs.id, jobId), eq(aiGenerationJobs.run, run)));
    } else {
      const waiting = await db
        .select()
        .from(aiDrafts)
        .where(and(eq(aiDrafts.jobId, jobId), eq(aiDrafts.status, 'queued')));
      for (const draft of waiting)
        await failDraft(
          db,
          draft,
          sameRun,
          {
            error: outcome.error,
            prompt: outcome.prompt,
            attempts: outcome.attempts,
            detail: outcome.detail,
          },
          deps.now(),
        );
    }
  }
  for (;;) {
    const [current] = await db
      .select({ status: aiGenerationJobs.status, run: aiGenerationJobs.run })
      .from(aiGenerationJobs)
      .where(eq(aiGenerationJobs.id, jobId));
    if (!current || current.status === 'cancelled' || current.run !== run) return;
    const [draft] = await db
      .select()
      .from(aiDrafts)
      .where(and(eq(aiDrafts.jobId, jobId), eq(aiDrafts.status, 'queued')))
      .orderBy(asc(aiDrafts.position))
      .limit(1);
    if (!draft) break;
    if (!provider || !typeId) {
      await failDraft(
        db,
        draft,
        sameRun,
        {
          error: provider ? AI_KEYS.taskNotAllowed : AI_KEYS.providerNotConfigured,
          prompt: null,
          attempts: 0,
        },
        deps.now(),
      );
      continue;
    }
    const outcome = await provider
      .generate({ ...request, index: draft.position, listening })
      .catch((error: unknown) => ({
        ok: false as const,
        error: 'ai.error_provider',
        detail: String(error).slice(0, 500),
        prompt: '',
        attempts: 1,
      }));
    if (!outcome.ok) {
      await failDraft(
        db,
        draft,
        sameRun,
        { error: outcome.error, prompt: outcome.prompt, attempts: outcome.attempts, detail: outcome.detail },
        deps.now(),
      );
      continue;
    }
    const question = outcome.question;
    const payload: QuestionInput & { format_id: string } = {
      format_id: job.formatId,
      level_id: job.levelId,
      question_type_id: typeId,
      stem: question.stem,
      options: question.options,
      items: question.items,
      answer: question.answer,
      explanation_vi: question.explanation.vi ?? null,
      explanation_en: question.explanation.en ?? null,
      tags: [...new Set(['ai', ...question.tags])],
      source_note: `${provider.name} · ${provider.model}`,
      audio_id: null,
      image_id: null,
    };
    await db
      .update(aiDrafts)
      .set({
        status: 'pending_review',
        payload: payload as unknown as Record<string, unknown>,
        answerKind: question.answer_kind,
        error: null,
        attempts: draft.attempts + outcome.attempts,
        prompt: outcome.prompt,
        provider: provider.name,
        model: provider.model,
        updatedAt: deps.now(),
      })
      // A cancel or retry in the meantime wins.
      .where(and(eq(aiDrafts.id, draft.id), sameRun));
  }
  const finished = deps.now();
  await db
    .update(aiGenerationJobs)
    .set({ status: 'finished', finishedAt: finished, updatedAt: finished })
    .where(
      and(
        eq(aiGenerationJobs.id, jobId),
        ne(aiGenerationJobs.status, 'cancelled'),
        eq(aiGenerationJobs.run, run),
      ),
    );
}

/**
 * The script spoken by the offline synthesizer, kept as the job's organization's audio file; null when it
 * cannot be made (the script is still the transcript, and authors can upload a recording).
 */
async function scriptAudio(
  db: Db,
  storage: Storage,
  job: JobRow,
  material: ListeningMaterial,
): Promise<string | null> {
  try {
    const bytes = await synthesizeScript(material.lines);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const storageKey = `${sha256.slice(0, 2)}/${sha256}.wav`;
    if (!(await storage.head(storageKey))) await storage.put(storageKey, bytes);
    const [row] = await db
      .insert(media)
      .values({
        organizationId: job.organizationId,
        kind: 'audio',
        mime: 'audio/wav',
        sizeBytes: bytes.length,
        sha256,
        storageKey,
        originalName: `${material.title.slice(0, 180)}.wav`,
        createdBy: job.createdBy,
      })
      .returning({ id: media.id });
    return row?.id ?? null;
  } catch {
    return null;
  }
}

async function failDraft(
  db: Db,
  draft: DraftRow,
  sameRun: SQL,
  failure: { error: string; prompt: string | null; attempts: number; detail?: string },
  now: Date,
) {
  const { error, prompt, attempts, detail } = failure;
  await db
    .update(aiDrafts)
    .set({
      status: 'failed',
      error: detail ? `${error}: ${detail.slice(0, 500)}` : error,
      prompt,
      attempts: draft.attempts + attempts,
      updatedAt: now,
    })
    .where(and(eq(aiDrafts.id, draft.id), sameRun));
}

// ---------------------------------------------------------------- drafts

const generators = aliasedTable(users, 'generators');
const editors = aliasedTable(users, 'editors');
const reviewers = aliasedTable(users, 'reviewers');

function selectDrafts(db: Db) {
  return db
    .select({
      draft: aiDrafts,
      task: aiGenerationJobs.task,
      formatId: aiGenerationJobs.formatId,
      levelId: aiGenerationJobs.levelId,
      formatName: examFormats.name,
      examName: exams.name,
      levelCode: levels.code,
      generatorId: aiGenerationJobs.createdBy,
      generatorName: generators.fullName,
      editorName: editors.fullName,
      reviewerName: reviewers.fullName,
    })
    .from(aiDrafts)
    .innerJoin(aiGenerationJobs, eq(aiGenerationJobs.id, aiDrafts.jobId))
    .innerJoin(examFormats, eq(examFormats.id, aiGenerationJobs.formatId))
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .leftJoin(levels, eq(levels.id, aiGenerationJobs.levelId))
    .leftJoin(generators, eq(generators.id, aiGenerationJobs.createdBy))
    .leftJoin(editors, eq(editors.id, aiDrafts.editedBy))
    .leftJoin(reviewers, eq(reviewers.id, aiDrafts.reviewedBy));
}

type DraftSelect = Awaited<ReturnType<ReturnType<typeof selectDrafts>['execute']>>[number];

const personOf = (id: string | null, name: string | null) => (id && name ? { id, full_name: name } : null);

function toDraft(row: DraftSelect, checks: AiDraft['checks']): AiDraft {
  const d = row.draft;
  const payload = d.payload as (QuestionInput & { format_id: string }) | null;
  return {
    id: d.id,
    job_id: d.jobId,
    position: d.position,
    status: d.status,
    task: row.task as AiTask,
    question: payload ? { ...payload, format_id: row.formatId } : null,
    answer_kind: d.answerKind,
    format: { id: row.formatId, name: row.formatName, exam_name: row.examName },
    level: row.levelId && row.levelCode ? { id: row.levelId, code: row.levelCode } : null,
    error: d.error,
    attempts: d.attempts,
    prompt: d.prompt,
    provider: d.provider as AiProvider,
    model: d.model,
    reject_reason: d.rejectReason,
    question_id: d.questionId,
    generated_by: personOf(row.generatorId, row.generatorName),
    edited_by: personOf(d.editedBy, row.editorName),
    edited_at: d.editedAt?.toISOString() ?? null,
    reviewed_by: personOf(d.reviewedBy, row.reviewerName),
    reviewed_at: d.reviewedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    checks,
  };
}

export async function listDrafts(
  db: Db,
  tenant: Tenant,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    job_id?: string;
    status?: AiDraftStatus;
    task?: AiTask;
    level_id?: string;
  },
) {
  const where = and(
    ownedBy(aiDrafts.organizationId, tenant),
    query.search ? ilike(sql`${aiDrafts.payload}->>'stem'`, `%${query.search}%`) : undefined,
    query.job_id ? eq(aiDrafts.jobId, query.job_id) : undefined,
    query.status ? eq(aiDrafts.status, query.status) : undefined,
    query.task ? eq(aiGenerationJobs.task, query.task) : undefined,
    query.level_id ? eq(aiGenerationJobs.levelId, query.level_id) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await selectDrafts(db)
          .where(where)
          .orderBy(desc(aiDrafts.createdAt), asc(aiDrafts.position))
          .limit(limit)
          .offset(offset)
      ).map((row) => toDraft(row, [])),
    () =>
      db
        .select({ n: count() })
        .from(aiDrafts)
        .innerJoin(aiGenerationJobs, eq(aiGenerationJobs.id, aiDrafts.jobId))
        .where(where),
  );
}

async function ownDraft(db: Db, tenant: Tenant, id: string): Promise<DraftSelect> {
  const [row] = await selectDrafts(db).where(
    and(eq(aiDrafts.id, id), ownedBy(aiDrafts.organizationId, tenant)),
  );
  if (!row) throw notFound('Draft not found');
  return row;
}

export async function getDraft(db: Db, tenant: Tenant, id: string): Promise<AiDraft> {
  const row = await ownDraft(db, tenant, id);
  return toDraft(row, await checksOf(db, tenant, row));
}

const NEAR_DUPLICATE = 0.6;

/** What a reviewer is shown before approving: warnings, never refusals. */
async function checksOf(db: Db, tenant: Tenant, row: DraftSelect): Promise<AiDraft['checks']> {
  const payload = row.draft.payload as QuestionInput | null;
  if (!payload) return [];
  const kind = row.draft.answerKind as AnswerKind | null;
  const checks: AiDraft['checks'] = [];
  const contents = payload.options.map((option) => plainText(option.content).trim().toLowerCase());
  if (kind === 'single_choice') {
    const key = (payload.answer as { key?: string } | null)?.key;
    const keyed = payload.options.filter((option) => option.key === key);
    checks.push({
      code: 'single_key',
      ok: keyed.length === 1 && new Set(contents).size === contents.length,
      detail: null,
    });
    const keyText = keyed[0] ? plainText(keyed[0].content).trim().toLowerCase() : '';
    const stem = plainText(payload.stem).toLowerCase();
    const inStem = keyText.length > 0 && new RegExp(`\\b${escapeRegExp(keyText)}\\b`).test(stem);
    checks.push({
      code: 'key_not_in_stem',
      ok: !inStem && trigramSimilarity(stem, keyText) < 0.8,
      detail: null,
    });
    const lengths = contents.map((content) => content.length);
    const longest = Math.max(...lengths);
    const shortest = Math.min(...lengths);
    checks.push({
      code: 'option_lengths',
      ok: longest - shortest <= 12 || longest <= shortest * 2.5,
      detail: `${shortest}–${longest}`,
    });
  }
  const text = kind === 'ordering' ? orderedSentence(payload) : plainText(payload.stem).slice(0, 2000);
  const [duplicate] = await db
    .select({ stem: questions.stemText, similarity: sql<number>`similarity(${questions.stemText}, ${text})` })
    .from(questions)
    .where(and(ownedBy(questions.organizationId, tenant), sql`${questions.stemText} % ${text}`))
    .orderBy(desc(sql`similarity(${questions.stemText}, ${text})`))
    .limit(1);
  const near = duplicate && Number(duplicate.similarity) >= NEAR_DUPLICATE;
  checks.push({ code: 'no_duplicate', ok: !near, detail: near ? duplicate.stem.slice(0, 200) : null });
  const readability = await passageReadability(db, row);
  if (readability) checks.push(readability);
  return checks;
}

/**
 * Whether the passage the draft was written from reads at the job's level (Flesch Reading Ease against the
 * level's usual band, `readability.ts`): for jobs with a source text or a cloze passage and a CEFR level.
 */
async function passageReadability(db: Db, row: DraftSelect): Promise<AiDraft['checks'][number] | null> {
  const level = row.levelCode;
  const band = level ? READING_EASE_BANDS[level] : undefined;
  if (!level || !band) return null;
  const [job] = await db
    .select({
      sourceText: aiGenerationJobs.sourceText,
      cloze: aiGenerationJobs.cloze,
      listening: aiGenerationJobs.listening,
    })
    .from(aiGenerationJobs)
    .where(eq(aiGenerationJobs.id, row.draft.jobId));
  const passage = job?.cloze?.passage
    ? plainText(job.cloze.passage)
    : job?.listening
      ? job.listening.lines.map((line) => line.text).join(' ')
      : (job?.sourceText ?? '');
  const figures = readabilityOf(passage);
  if (!figures) return null;
  return {
    code: 'readability',
    ok: suitsLevel(figures.ease, level),
    detail: null,
    values: { ease: figures.ease, level, min: Math.max(0, band[0]), max: Math.min(100, band[1]) },
  };
}

/** pg_trgm's similarity (shared trigrams over all trigrams of both, words padded), for two short texts. */
export function trigramSimilarity(a: string, b: string): number {
  const trigrams = (text: string) => {
    const set = new Set<string>();
    for (const word of text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)) {
      const padded = `  ${word} `;
      for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    }
    return set;
  };
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared++;
  return shared / (left.size + right.size - shared);
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function orderedSentence(payload: QuestionInput): string {
  const order = (payload.answer as { order?: string[] } | null)?.order ?? [];
  return order
    .map((key) => payload.options.find((option) => option.key === key)?.content ?? '')
    .join(' ')
    .slice(0, 2000);
}

function requireReviewable(row: DraftSelect) {
  if (row.draft.status !== 'pending_review')
    throw new AppError(409, 'CONFLICT', 'This draft is not waiting for review', {
      id: AI_KEYS.notReviewable,
    });
}

/** Saves the reviewer's edit, validated as the bank validates a question. */
export async function updateDraft(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  input: QuestionInput,
  now: Date,
): Promise<AiDraft> {
  const row = await ownDraft(db, tenant, id);
  requireReviewable(row);
  const payload = { ...input, format_id: row.formatId };
  const kind = await checkQuestionInput(db, tenant, payload);
  await db
    .update(aiDrafts)
    .set({
      payload: payload as unknown as Record<string, unknown>,
      answerKind: kind,
      editedBy: userId,
      editedAt: now,
      updatedAt: now,
    })
    .where(and(eq(aiDrafts.id, id), eq(aiDrafts.status, 'pending_review')));
  return getDraft(db, tenant, id);
}

/** The draft joins the bank (through the bank's own create, with all its checks) in one transaction. */
export async function approveDraft(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  now: Date,
): Promise<AiDraft> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await ownDraft(t, tenant, id);
    requireReviewable(row);
    const payload = row.draft.payload as unknown as QuestionInput;
    const question = await createQuestion(t, tenant, userId, { ...payload, format_id: row.formatId });
    const updated = await tx
      .update(aiDrafts)
      .set({
        status: 'approved',
        questionId: question.id,
        reviewedBy: userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(aiDrafts.id, id), eq(aiDrafts.status, 'pending_review')))
      .returning({ id: aiDrafts.id });
    if (updated.length === 0)
      throw new AppError(409, 'CONFLICT', 'This draft is not waiting for review', {
        id: AI_KEYS.notReviewable,
      });
  });
  return getDraft(db, tenant, id);
}

export async function rejectDraft(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AiDraft> {
  const row = await ownDraft(db, tenant, id);
  requireReviewable(row);
  await db
    .update(aiDrafts)
    .set({
      status: 'rejected',
      rejectReason: reason,
      reviewedBy: userId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(and(eq(aiDrafts.id, id), eq(aiDrafts.status, 'pending_review')));
  return getDraft(db, tenant, id);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A listening script as the group's transcript: one paragraph per line, the speaker in bold. */
function transcriptHtml(lines: { speaker: string; text: string }[]): string {
  return lines
    .map((line) => `<p><strong>${escapeHtml(line.speaker)}:</strong> ${escapeHtml(line.text)}</p>`)
    .join('');
}

/** The source text as the group's passage (sanitized): one paragraph per blank-line-separated block. */
function passageHtml(text: string): string {
  if (/<\/?(p|div|br|ul|ol|h\d)\b/i.test(text)) return sanitizeRichText(text);
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/**
 * A reading job's drafts waiting for review join the bank together, as one question group: the job's
 * source text is the passage, the drafts (as edited) its questions in their order. Rejected and failed
 * drafts stay out; the group goes through the bank's own create with all its checks, in one
 * transaction with the drafts' approval, so a second call finds nothing left to group.
 */
export async function approveJobAsGroup(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  title: string,
  now: Date,
): Promise<AiGroupResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const job = await ownJob(t, tenant, id);
    if (!AI_GROUP_TASKS.includes(job.task as AiTask))
      throw new AppError(409, 'CONFLICT', 'Only a reading, cloze or listening job becomes a group', {
        id: AI_KEYS.notAGroupTask,
      });
    // Locked: two reviewers grouping the same job at once make one group.
    const waiting = await tx
      .select()
      .from(aiDrafts)
      .where(and(eq(aiDrafts.jobId, job.id), eq(aiDrafts.status, 'pending_review')))
      .orderBy(asc(aiDrafts.position))
      .for('update');
    if (waiting.length === 0)
      throw new AppError(409, 'CONFLICT', 'No draft of this job is waiting for review', {
        id: AI_KEYS.nothingToGroup,
      });
    const group = await createGroup(t, tenant, userId, {
      format_id: job.formatId,
      level_id: job.levelId,
      title,
      // A listening group has no passage to read: its script is the transcript, its synthesized speech the audio.
      passage: job.listening
        ? null
        : job.cloze
          ? sanitizeRichText(job.cloze.passage)
          : passageHtml(job.sourceText ?? ''),
      transcript: job.listening ? transcriptHtml(job.listening.lines) : null,
      audio_id: job.listening?.audioId ?? null,
      image_id: null,
      tags: ['ai', job.task],
      source_note: `${job.provider} · ${job.model}`,
      questions: waiting.map((row) => ({ ...(row.payload as unknown as QuestionInput), id: undefined })),
    });
    for (const [index, row] of waiting.entries()) {
      await tx
        .update(aiDrafts)
        .set({
          status: 'approved',
          questionId: group.questions[index]?.id ?? null,
          reviewedBy: userId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(aiDrafts.id, row.id));
    }
    return { group_id: group.id, questions: waiting.length };
  });
}

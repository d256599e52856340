/** The worker of generation jobs (the pg-boss handler): each queued draft written by the job's provider. */
import { createHash } from 'node:crypto';
import { AI_KEYS, type AiProvider, type AiTask } from '@prepwise/contract';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiDrafts, aiGenerationJobs, examFormats, levels, media, vocabularyTopics } from '../../db/schema';
import type { DepsOf } from '../../deps';
import { synthesizeScript } from '../../lib/speech';
import type { Storage } from '../../lib/storage';
import type { Tenant } from '../../tenancy/tenant';
import type { QuestionInput } from '../question-bank/question-bank.service';
import { type JobRow, publishedTopicWords, typeForTask } from './jobs.service';
import type { ListeningMaterial } from './provider';
import type { Providers } from './providers.service';

export const GENERATE_QUEUE = 'ai-generate';

type DraftRow = typeof aiDrafts.$inferSelect;

/**
 * The pg-boss handler: writes the job's queued items one by one, reading the job's status before
 * each, so a cancel stops it. A provider's failure is the item's, never the job's or the process's.
 * Each write is stamped with the clock's time when it is made. Without `storage` (where a listening
 * script's synthesized audio is kept), the script has no audio.
 */
export async function runJob(
  deps: DepsOf<'db' | 'now'> & { storage?: Storage },
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

import {
  AI_KEYS,
  type AiDraft,
  type AiDraftStatus,
  type AiProvider,
  type AiTask,
  type AnswerKind,
} from '@prepwise/contract';
import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiDrafts, aiGenerationJobs, examFormats, exams, levels, questions, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { plainText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import {
  checkQuestionInput,
  createQuestion,
  type QuestionInput,
} from '../question-bank/question-bank.service';
import { READING_EASE_BANDS, readabilityOf, suitsLevel } from './readability';

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

/**
 * Approves or rejects several drafts in one transaction. Every id must be the caller's
 * (another organization's, or an unknown one, makes the whole request a 404 and changes nothing);
 * drafts no longer waiting for review are skipped and counted.
 */
export async function bulkReviewDrafts(
  db: Db,
  tenant: Tenant,
  userId: string,
  body: { ids: string[]; action: 'approve' | 'reject'; reason?: string | undefined },
  now: Date,
): Promise<{ action: 'approve' | 'reject'; changed: number; skipped: number }> {
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = await selectDrafts(t).where(
      and(inArray(aiDrafts.id, ids), ownedBy(aiDrafts.organizationId, tenant)),
    );
    if (rows.length !== ids.length) throw notFound('Draft not found');
    let changed = 0;
    for (const row of rows) {
      if (row.draft.status !== 'pending_review') continue;
      const set =
        body.action === 'approve'
          ? {
              status: 'approved' as const,
              questionId: (
                await createQuestion(t, tenant, userId, {
                  ...(row.draft.payload as unknown as QuestionInput),
                  format_id: row.formatId,
                })
              ).id,
            }
          : { status: 'rejected' as const, rejectReason: body.reason ?? '' };
      const updated = await tx
        .update(aiDrafts)
        .set({ ...set, reviewedBy: userId, reviewedAt: now, updatedAt: now })
        .where(and(eq(aiDrafts.id, row.draft.id), eq(aiDrafts.status, 'pending_review')))
        .returning({ id: aiDrafts.id });
      changed += updated.length;
    }
    return { action: body.action, changed, skipped: ids.length - changed };
  });
}

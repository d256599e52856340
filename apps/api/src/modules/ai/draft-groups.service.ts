import { AI_GROUP_TASKS, AI_KEYS, type AiGroupResult, type AiTask } from '@prepwise/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiDrafts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import type { Tenant } from '../../tenancy/tenant';
import { createGroup, type QuestionInput } from '../question-bank/question-bank.service';
import { ownJob } from './jobs.service';

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

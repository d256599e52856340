import { createHash } from 'node:crypto';
import {
  ATTEMPT_GRACE_SECONDS,
  ATTEMPT_KEYS,
  type FinishRecordingBody,
  RECORDING_KEYS,
  RECORDING_LIMITS,
  type Recording,
  type SpeakingSettings,
} from '@prepwise/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attemptAnswers,
  attempts,
  recordingChunks,
  recordingTranscripts,
  speakingRecordings,
} from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { attemptModel, regradeAttempt } from '../attempts/attempts.service';
import { forgetEveryoneTallies } from '../attempts/breakdown';
import { type RecordingMime, sniffRecording, webmDurationMs } from './container';

/*
 * Spoken answers uploaded in chunks (issue 28; the contract's recordings.ts describes the API and what a
 * submission means for an upload). Chunks are kept in the database until the recording is finished, so a
 * chunk's acknowledgement means it is committed; the assembled file goes to the storage service.
 */

type AttemptRow = typeof attempts.$inferSelect;
type RecordingRow = typeof speakingRecordings.$inferSelect;
interface Ids {
  attemptId: string;
  questionId: string;
}

const closed = () =>
  new AppError(409, 'CONFLICT', 'This attempt has been submitted', { attempt: ATTEMPT_KEYS.closed });

/** The most a recording of this question may weigh, in bytes. */
export const maxRecordingBytes = (settings: SpeakingSettings) =>
  RECORDING_LIMITS.maxBytesPerSecond * (settings.speaking_seconds + RECORDING_LIMITS.marginSeconds);

const tooLarge = (limit: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `A recording of this question may take ${limit} bytes`, {
    file: RECORDING_KEYS.tooLarge,
  });

/** The learner's own attempt (another's is 404) and the speaking question's settings. */
async function target(db: Db, userId: string, ids: Ids) {
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, ids.attemptId));
  if (!attempt || attempt.userId !== userId) throw notFound('Attempt not found');
  const model = await attemptModel(db, attempt);
  const question = model.questionById.get(ids.questionId);
  if (!question || !attempt.sectionIds.includes(question.sectionId)) throw notFound('Question not found');
  const settings = question.paper.speaking;
  if (question.kind !== 'speaking' || !settings)
    throw validationFailed({ question_id: RECORDING_KEYS.notSpeaking }, 'Not a speaking question');
  return { attempt, settings };
}

/** Open for chunks: in progress, and its deadline (with the grace every save gets) not passed. */
function takesChunks(attempt: AttemptRow, now: Date) {
  if (attempt.status !== 'in_progress') return false;
  return !attempt.deadlineAt || attempt.deadlineAt.getTime() + ATTEMPT_GRACE_SECONDS * 1000 >= now.getTime();
}

async function recordingOf(db: Db, ids: Ids): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(speakingRecordings)
    .where(
      and(eq(speakingRecordings.attemptId, ids.attemptId), eq(speakingRecordings.questionId, ids.questionId)),
    );
  return row;
}

async function describe(db: Db, questionId: string, row: RecordingRow | undefined): Promise<Recording> {
  if (!row)
    return {
      id: '',
      question_id: questionId,
      status: 'none',
      chunks: [],
      received_bytes: 0,
      mime: null,
      size_bytes: null,
      duration_ms: null,
      duration_source: null,
    };
  const chunks =
    row.status === 'complete'
      ? []
      : await db
          .select({ index: recordingChunks.index, size: recordingChunks.size })
          .from(recordingChunks)
          .where(eq(recordingChunks.recordingId, row.id))
          .orderBy(asc(recordingChunks.index));
  return {
    id: row.id,
    question_id: row.questionId,
    status: row.status === 'complete' ? 'complete' : 'uploading',
    chunks: chunks.map((chunk) => chunk.index),
    received_bytes:
      row.status === 'complete' ? (row.sizeBytes ?? 0) : chunks.reduce((sum, chunk) => sum + chunk.size, 0),
    mime: (row.mime as RecordingMime | null) ?? null,
    size_bytes: row.sizeBytes,
    duration_ms: row.durationMs,
    duration_source: (row.durationSource as Recording['duration_source']) ?? null,
  };
}

/** What the server holds of the recording: the runner resumes its upload from the chunks listed. */
export async function recordingStatus(db: Db, userId: string, ids: Ids): Promise<Recording> {
  await target(db, userId, ids);
  return describe(db, ids.questionId, await recordingOf(db, ids));
}

/**
 * Stores chunk `index` (idempotent: the same chunk again replaces itself, nothing doubles) and answers
 * what the server now holds. Refused once the attempt is submitted or the recording assembled.
 */
export async function putChunk(
  db: Db,
  userId: string,
  ids: Ids,
  index: number,
  bytes: Buffer,
  now: Date,
): Promise<Recording> {
  const { attempt, settings } = await target(db, userId, ids);
  if (!takesChunks(attempt, now)) throw closed();
  if (bytes.length === 0) throw validationFailed({ file: 'common.required_field' }, 'The chunk is empty');
  const limit = maxRecordingBytes(settings);
  if (bytes.length > Math.min(limit, RECORDING_LIMITS.maxChunkBytes)) throw tooLarge(limit);
  const row = await db.transaction(async (tx) => {
    // Share the attempt's row lock with answer saves: a submit (which locks it for update) waits for us.
    const [locked] = await tx
      .select({ status: attempts.status })
      .from(attempts)
      .where(eq(attempts.id, attempt.id))
      .for('share');
    if (locked?.status !== 'in_progress') throw closed();
    await tx
      .insert(speakingRecordings)
      .values({ attemptId: ids.attemptId, questionId: ids.questionId, userId, createdAt: now })
      .onConflictDoNothing();
    const [recording] = await tx
      .select()
      .from(speakingRecordings)
      .where(
        and(
          eq(speakingRecordings.attemptId, ids.attemptId),
          eq(speakingRecordings.questionId, ids.questionId),
        ),
      )
      .for('update');
    if (recording!.status === 'complete') {
      throw new AppError(409, 'CONFLICT', 'This recording is already finished', {
        file: RECORDING_KEYS.finished,
      });
    }
    const [others] = await tx
      .select({ total: sql<number>`coalesce(sum(${recordingChunks.size}), 0)::int` })
      .from(recordingChunks)
      .where(and(eq(recordingChunks.recordingId, recording!.id), sql`${recordingChunks.index} <> ${index}`));
    if (Number(others?.total ?? 0) + bytes.length > limit) throw tooLarge(limit);
    await tx
      .insert(recordingChunks)
      .values({ recordingId: recording!.id, index, bytes, size: bytes.length, receivedAt: now })
      .onConflictDoUpdate({
        target: [recordingChunks.recordingId, recordingChunks.index],
        set: { bytes, size: bytes.length, receivedAt: now },
      });
    return recording!;
  });
  return describe(db, ids.questionId, row);
}

/**
 * Assembles chunks 0 … chunk_count − 1 in order into one file in storage, checks its type by its bytes
 * and its size and duration, and links it to the attempt's answer (the answer's seq goes one above the
 * one held, so it is the latest). Idempotent: a finished recording is answered as it is. Taken after
 * submission for an upload begun before it; the attempt is then graded again with the answer.
 */
export async function finishRecording(
  db: Db,
  storage: Storage,
  userId: string,
  ids: Ids,
  body: FinishRecordingBody,
  now: Date,
): Promise<Recording> {
  const { attempt, settings } = await target(db, userId, ids);
  const existing = await recordingOf(db, ids);
  if (existing?.status === 'complete') return describe(db, ids.questionId, existing);
  if (!existing) {
    if (!takesChunks(attempt, now)) throw closed();
    throw validationFailed({ chunk_count: RECORDING_KEYS.missingChunks }, 'No chunk was uploaded');
  }
  const chunks = await db
    .select({ index: recordingChunks.index, bytes: recordingChunks.bytes })
    .from(recordingChunks)
    .where(eq(recordingChunks.recordingId, existing.id))
    .orderBy(asc(recordingChunks.index));
  const held = new Set(chunks.map((chunk) => chunk.index));
  const missing = Array.from({ length: body.chunk_count }, (_, index) => index).filter(
    (index) => !held.has(index),
  );
  if (missing.length > 0 || chunks.some((chunk) => chunk.index >= body.chunk_count)) {
    throw new AppError(
      422,
      'VALIDATION_FAILED',
      `Chunks missing: ${missing.slice(0, 20).join(', ')}`,
      { chunk_count: RECORDING_KEYS.missingChunks },
      { missing: missing.length },
    );
  }
  const bytes = Buffer.concat(chunks.map((chunk) => chunk.bytes));
  const mime = sniffRecording(bytes);
  if (!mime)
    throw validationFailed({ file: RECORDING_KEYS.wrongType }, 'The recording is neither WebM nor MP4');
  const limit = maxRecordingBytes(settings);
  if (bytes.length > limit) throw tooLarge(limit);
  const cap = (settings.speaking_seconds + RECORDING_LIMITS.marginSeconds) * 1000;
  const measured = mime === 'audio/webm' ? webmDurationMs(bytes) : null;
  if (measured !== null && measured > cap)
    throw validationFailed({ duration_ms: RECORDING_KEYS.tooLong }, 'The recording is longer than allowed');
  const durationMs = measured ?? Math.min(body.duration_ms, cap);
  const key = `recordings/${createHash('sha256').update(bytes).digest('hex')}.${mime === 'audio/webm' ? 'webm' : 'm4a'}`;
  // The file is written before the rows: a failed transaction leaves an unreferenced file (harmless, its
  // key is its content), never a row pointing at nothing.
  await storage.put(key, bytes);

  const finished = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(attempts).where(eq(attempts.id, attempt.id)).for('update');
    if (!row) throw notFound('Attempt not found');
    const [recording] = await tx
      .select()
      .from(speakingRecordings)
      .where(eq(speakingRecordings.id, existing.id))
      .for('update');
    if (recording!.status === 'complete') return recording!;
    const [updated] = await tx
      .update(speakingRecordings)
      .set({
        status: 'complete',
        mime,
        storageKey: key,
        sizeBytes: bytes.length,
        durationMs,
        durationSource: measured !== null ? 'container' : 'declared',
        chunkCount: body.chunk_count,
        finishedAt: now,
      })
      .where(eq(speakingRecordings.id, existing.id))
      .returning();
    await tx.delete(recordingChunks).where(eq(recordingChunks.recordingId, existing.id));
    const answer = { recording_id: existing.id, duration_ms: durationMs };
    await tx
      .insert(attemptAnswers)
      .values({ attemptId: row.id, questionId: ids.questionId, answer, seq: 1, savedAt: now })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: { answer, seq: sql`${attemptAnswers.seq} + 1`, savedAt: now },
      });
    if (row.status === 'submitted') await regradeAttempt(tx as unknown as Db, row);
    return updated!;
  });
  if (attempt.status === 'submitted') forgetEveryoneTallies(db, attempt.testId);
  return describe(db, ids.questionId, finished);
}

/** The assembled file of the learner's own recording, for playing it back; 404 until it is finished. */
export async function recordingFile(db: Db, storage: Storage, userId: string, ids: Ids) {
  await target(db, userId, ids);
  const row = await recordingOf(db, ids);
  if (row?.status !== 'complete' || !row.storageKey) throw notFound('Recording not found');
  const stream = await storage.read(row.storageKey);
  if (!stream) throw notFound('Recording not found');
  return { stream, mime: row.mime ?? 'application/octet-stream', size: row.sizeBytes ?? 0 };
}

/** What a finished recording is, or null while none is (for a teacher's view; the caller checks access). */
export async function finishedRecording(db: Db, ids: Ids) {
  const [row] = await db
    .select({
      status: speakingRecordings.status,
      storageKey: speakingRecordings.storageKey,
      mime: speakingRecordings.mime,
      sizeBytes: speakingRecordings.sizeBytes,
      durationMs: speakingRecordings.durationMs,
      transcriptStatus: recordingTranscripts.status,
      transcriptSource: recordingTranscripts.source,
      transcriptText: recordingTranscripts.text,
    })
    .from(speakingRecordings)
    .leftJoin(recordingTranscripts, eq(recordingTranscripts.recordingId, speakingRecordings.id))
    .where(
      and(eq(speakingRecordings.attemptId, ids.attemptId), eq(speakingRecordings.questionId, ids.questionId)),
    );
  if (row?.status !== 'complete' || !row.storageKey) return null;
  return {
    mime: row.mime ?? 'application/octet-stream',
    size: row.sizeBytes ?? 0,
    durationMs: row.durationMs,
    /** The machine transcript: null until the job has looked at it. */
    transcript: row.transcriptStatus
      ? { status: row.transcriptStatus, source: row.transcriptSource, text: row.transcriptText }
      : null,
  };
}

import { z } from 'zod';

/*
 * Spoken answers (issue 28): the runner records a speaking question in ~1 s chunks, keeps each in its
 * IndexedDB journal, then uploads them in order; the server acknowledges each chunk, tells which it holds
 * (so an upload resumes after a reload or a lost connection) and, when finished, assembles them into one
 * file in storage, checks its type by its bytes, limits its size and duration, and links it to the answer.
 *
 * API (learner realm, the learner's own attempt; another's is 404):
 *   GET  /api/user/attempts/:id/recordings/:questionId                 what the server holds
 *   PUT  /api/user/attempts/:id/recordings/:questionId/chunks/:index   one chunk (raw bytes, idempotent)
 *   POST /api/user/attempts/:id/recordings/:questionId/finish          assemble, check, link to the answer
 *   GET  /api/user/attempts/:id/recordings/:questionId/audio           the assembled file
 *
 * Submission: chunks are taken while the attempt is in progress; a submitted attempt refuses them (409
 * attempt.closed). A finish after submission is still taken for a recording whose upload began before
 * it (the server then holds exactly the chunks acknowledged before submission): the recording is
 * assembled and the attempt graded again with it, so a finish racing the submit loses nothing the server
 * had acknowledged.
 */

export const RECORDING_KEYS = {
  /** The question is not a speaking question of the attempt. */
  notSpeaking: 'recording.not_speaking',
  /** The bytes are neither WebM/Matroska nor MP4. */
  wrongType: 'recording.wrong_type',
  tooLarge: 'recording.too_large',
  tooLong: 'recording.too_long',
  /** A finish before every chunk up to `chunk_count` arrived. Params: `missing`. */
  missingChunks: 'recording.missing_chunks',
  /** Nothing was uploaded before the attempt was submitted. */
  notStarted: 'recording.not_started',
  /** The recording is already assembled: its chunks can no longer change. */
  finished: 'recording.finished',
} as const;

export const RECORDING_LIMITS = {
  maxChunkBytes: 1024 * 1024,
  maxChunks: 1200,
  /** Bytes a second of recording may take (384 kbit/s, above any browser's voice bitrate). */
  maxBytesPerSecond: 48 * 1024,
  /** Seconds added to the question's speaking time for the size and duration limits. */
  marginSeconds: 15,
} as const;

export const RECORDING_STATUSES = ['none', 'uploading', 'complete'] as const;
export const RECORDING_MIMES = ['audio/webm', 'audio/mp4'] as const;

export const recordingParamsSchema = z.object({ id: z.uuid(), questionId: z.uuid() });
export const recordingChunkParamsSchema = recordingParamsSchema.extend({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(RECORDING_LIMITS.maxChunks - 1),
});

export const recordingSchema = z
  .object({
    id: z.string(),
    question_id: z.string(),
    status: z.enum(RECORDING_STATUSES),
    /** Indices of the chunks the server holds (uploading), in order. */
    chunks: z.array(z.number().int()),
    received_bytes: z.number().int(),
    /** Once complete: the file's type found in its bytes, size and duration. */
    mime: z.enum(RECORDING_MIMES).nullable(),
    size_bytes: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    /** `container`: read from the file; `declared`: the runner's figure, capped by the speaking time. */
    duration_source: z.enum(['container', 'declared']).nullable(),
  })
  .meta({ id: 'Recording' });

export const finishRecordingBodySchema = z.object({
  /** How many chunks the recording has (indices 0 … chunk_count − 1). */
  chunk_count: z.number().int().min(1).max(RECORDING_LIMITS.maxChunks),
  /** The runner's measure of the recording, used when the container does not say. */
  duration_ms: z.number().int().min(0).max(3_600_000),
});

export type Recording = z.infer<typeof recordingSchema>;
export type FinishRecordingBody = z.infer<typeof finishRecordingBodySchema>;

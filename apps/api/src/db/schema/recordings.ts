import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { attempts } from './attempts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A learner's spoken answer to one speaking question of an attempt (issue 28): uploaded in chunks
 * (`recording_chunks`) while `uploading`, then assembled into one file in storage (`storage_key`) and
 * linked to the attempt's answer when `complete`. One per attempt and question.
 */
export const speakingRecordings = pgTable(
  'speaking_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** A question id of the attempt's paper. */
    questionId: uuid('question_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `uploading` or `complete`. */
    status: text('status').notNull().default('uploading'),
    /** Known once complete: the container found in the bytes, `audio/webm` or `audio/mp4`. */
    mime: text('mime'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    durationMs: integer('duration_ms'),
    /** `container` (read from the file) or `declared` (the runner's figure, capped). */
    durationSource: text('duration_source'),
    chunkCount: integer('chunk_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('speaking_recordings_answer_key').on(table.attemptId, table.questionId),
    index('speaking_recordings_uploading_idx').on(table.createdAt).where(sql`${table.status} = 'uploading'`),
  ],
);

/** The chunks of a recording being uploaded, by index; removed once it is assembled. */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => speakingRecordings.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.recordingId, table.index] })],
);

/**
 * The machine transcript of a finished recording (issue 28), one per recording: `pending` until the job
 * runs, then `done` (with `text` and its `source`, `offline` PocketSphinx or the configured `provider`),
 * `failed` (retried with a growing delay up to a limit, then left) or `unavailable` (no recogniser here).
 */
export const recordingTranscripts = pgTable(
  'recording_transcripts',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => speakingRecordings.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    source: text('source'),
    text: text('text'),
    error: text('error'),
    tries: integer('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    transcribedAt: timestamp('transcribed_at', { withTimezone: true }),
  },
  (table) => [
    index('recording_transcripts_retry_idx').on(table.nextTryAt).where(sql`${table.status} = 'failed'`),
  ],
);

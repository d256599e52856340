import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AiSettings } from '../../config';
import type { Db } from '../../db/client';
import { attempts, essayMarks, recordingTranscripts, speakingRecordings } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Storage } from '../../lib/storage';
import { attemptModel } from '../attempts/attempts.service';
import { rubricOfQuestion } from '../attempts/essay-marks.service';
import { measureEssay } from '../marking/draft-feedback';

/*
 * Machine transcripts of spoken answers (issue 28; docs/decisions/027-transcription.md). A job picks the
 * finished recordings without a transcript and transcribes each: through the configured OpenAI-compatible
 * provider's `/audio/transcriptions` when there is one, otherwise offline (ffmpeg decodes to 16 kHz mono
 * 16-bit PCM, CMU PocketSphinx recognises it); then it stores an offline draft mark measured on the text.
 */

const run = promisify(execFile);

export type TranscriptSource = 'offline' | 'provider';

/** Why a recogniser cannot run here: stored as the transcript's `unavailable` status, never thrown. */
export class RecogniserUnavailable extends Error {
  override name = 'RecogniserUnavailable';
}

export interface Recogniser {
  readonly source: TranscriptSource;
  /**
   * The words heard in the recording (`mime` its container), or throws: offline in lower case without
   * punctuation, a provider's as it writes them.
   */
  transcribe(bytes: Buffer, mime: string): Promise<string>;
}

export interface OfflineOptions {
  ffmpeg?: string;
  pocketsphinx?: string;
  /** The directory holding the acoustic model `en-us`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  model?: string;
}

/** A recording's file name (for ffmpeg and OpenAI's endpoint): the extension names the container. */
const fileNameOf = (mime: string) => (mime === 'audio/mp4' ? 'answer.m4a' : 'answer.webm');

const executable = async (file: string) => {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
};

/** Debian's `ffmpeg`, `pocketsphinx` and `pocketsphinx-en-us` (paths overridable for tests and hosts). */
export function offlineRecogniser(options: OfflineOptions = {}): Recogniser {
  const ffmpeg = options.ffmpeg ?? process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
  const pocketsphinx =
    options.pocketsphinx ?? process.env.POCKETSPHINX_PATH ?? '/usr/bin/pocketsphinx_continuous';
  const model = options.model ?? process.env.POCKETSPHINX_MODEL ?? '/usr/share/pocketsphinx/model/en-us';
  return {
    source: 'offline',
    async transcribe(bytes, mime) {
      for (const [name, file] of [
        ['ffmpeg', ffmpeg],
        ['pocketsphinx_continuous', pocketsphinx],
        ['the en-us model', path.join(model, 'en-us.lm.bin')],
      ] as const)
        if (!(await executable(file))) throw new RecogniserUnavailable(`${name} is not installed (${file})`);
      const dir = await mkdtemp(path.join(tmpdir(), 'prepwise-stt-'));
      try {
        const input = path.join(dir, fileNameOf(mime));
        const wav = path.join(dir, 'answer.wav');
        await writeFile(input, bytes);
        await run(
          ffmpeg,
          [
            '-nostdin',
            '-loglevel',
            'error',
            '-i',
            input,
            '-ar',
            '16000',
            '-ac',
            '1',
            '-c:a',
            'pcm_s16le',
            '-f',
            'wav',
            wav,
          ],
          { timeout: 120_000 },
        );
        const { stdout } = await run(
          pocketsphinx,
          [
            '-infile',
            wav,
            '-hmm',
            path.join(model, 'en-us'),
            '-lm',
            path.join(model, 'en-us.lm.bin'),
            '-dict',
            path.join(model, 'cmudict-en-us.dict'),
            '-logfn',
            '/dev/null',
          ],
          { timeout: 600_000, maxBuffer: 8 * 1024 * 1024 },
        );
        return stdout
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The configured OpenAI-compatible provider's speech-to-text (OpenAI's `POST {baseUrl}/audio/transcriptions`,
 * multipart `file` and `model`, answer `{ text }`; also served by whisper.cpp's and vLLM's servers). The
 * AI SDK's OpenAI-compatible provider has no transcription model, so this is one plain request. Any
 * failure (an error status, no answer within the timeout, an answer without text) throws: the job
 * stores `failed` and tries again later.
 */
export function providerRecogniser(settings: AiSettings & { transcriptionModel: string }): Recogniser {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    source: 'provider',
    async transcribe(bytes, mime) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), fileNameOf(mime));
      form.append('model', settings.transcriptionModel);
      form.append('language', 'en');
      form.append('response_format', 'json');
      const response = await fetch(url, {
        method: 'POST',
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = await response.text();
      if (!response.ok)
        throw new Error(`The transcription provider answered ${response.status}: ${body.slice(0, 300)}`);
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        throw new Error(`The transcription provider's answer is not JSON: ${body.slice(0, 300)}`);
      }
      if (typeof text !== 'string')
        throw new Error(`The transcription provider's answer has no text: ${body.slice(0, 300)}`);
      return text.replace(/\s+/g, ' ').trim();
    },
  };
}

/** The provider's recogniser when an AI provider is configured with a transcription model; else offline. */
export function recogniserFor(ai: AiSettings | undefined): Recogniser {
  return ai?.transcriptionModel
    ? providerRecogniser({ ...ai, transcriptionModel: ai.transcriptionModel })
    : offlineRecogniser();
}

/** A failed transcript is tried again after 1, 4, 16 … minutes, at most this many times in all. */
export const TRANSCRIPT_MAX_TRIES = 4;

/**
 * Transcribes up to `limit` finished recordings: those without a transcript, then failed ones whose next
 * try is due (oldest due first, so one failing row never holds the queue). Idempotent: a done transcript is
 * kept. Answers how many it stored as done.
 */
export async function transcribeWaiting(
  deps: { db: Db; storage: Storage; now: () => Date },
  recogniser: Recogniser,
  limit = 5,
): Promise<number> {
  const { db, storage } = deps;
  const now = deps.now();
  const rows = await db
    .select({
      id: speakingRecordings.id,
      attemptId: speakingRecordings.attemptId,
      questionId: speakingRecordings.questionId,
      mime: speakingRecordings.mime,
      storageKey: speakingRecordings.storageKey,
      tries: recordingTranscripts.tries,
    })
    .from(speakingRecordings)
    .leftJoin(recordingTranscripts, eq(recordingTranscripts.recordingId, speakingRecordings.id))
    .where(
      and(
        eq(speakingRecordings.status, 'complete'),
        or(
          isNull(recordingTranscripts.recordingId),
          eq(recordingTranscripts.status, 'pending'),
          and(
            eq(recordingTranscripts.status, 'failed'),
            lte(recordingTranscripts.nextTryAt, now),
            sql`${recordingTranscripts.tries} < ${TRANSCRIPT_MAX_TRIES}`,
          ),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${recordingTranscripts.nextTryAt}, ${speakingRecordings.finishedAt})`))
    .limit(limit);
  let stored = 0;
  for (const row of rows) {
    const tries = (row.tries ?? 0) + 1;
    const save = (values: Partial<typeof recordingTranscripts.$inferInsert>) =>
      db
        .insert(recordingTranscripts)
        .values({ recordingId: row.id, tries, ...values })
        .onConflictDoUpdate({ target: recordingTranscripts.recordingId, set: { tries, ...values } });
    try {
      if (!row.storageKey) throw new Error('The recording has no stored file');
      const stream = await storage.read(row.storageKey);
      if (!stream) throw new Error('The recording file is missing from storage');
      const text = await recogniser.transcribe(await buffer(stream), row.mime ?? 'audio/webm');
      await save({ status: 'done', source: recogniser.source, text, error: null, transcribedAt: new Date() });
      stored++;
      await draftFromTranscript(db, row, text, new Date());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RecogniserUnavailable) {
        await save({ status: 'unavailable', source: recogniser.source, error: message, transcribedAt: null });
      } else {
        const delayMinutes = 4 ** (tries - 1);
        await save({
          status: 'failed',
          source: recogniser.source,
          error: message.slice(0, 500),
          nextTryAt: new Date(now.getTime() + delayMinutes * 60_000),
        });
      }
    }
  }
  return stored;
}

/** The offline draft mark (measures, no band) of the spoken answer, unless one is already there. */
async function draftFromTranscript(
  db: Db,
  ids: { attemptId: string; questionId: string },
  text: string,
  now: Date,
) {
  if (!text.trim()) return;
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, ids.attemptId));
  if (!attempt) return;
  const question = (await attemptModel(db, attempt)).questionById.get(ids.questionId);
  if (!question) return;
  await db
    .insert(essayMarks)
    .values({
      attemptId: ids.attemptId,
      questionId: ids.questionId,
      kind: 'draft',
      rubric: rubricOfQuestion(question.answer).id,
      criteria: {},
      overall: null,
      share: null,
      feedback: { ...measureEssay(text) },
      markedAt: now,
    })
    .onConflictDoNothing();
}

export const TRANSCRIPTION_QUEUE = 'recordings.transcription';

/**
 * Every minute, one process transcribes the recordings finished since (and retries the failed due):
 * through the AI provider when `config.ai` has one, offline otherwise.
 */
export async function defineTranscriptionJob(
  deps: Pick<Deps, 'config' | 'db' | 'jobs' | 'log' | 'now' | 'storage'>,
  recogniser: Recogniser = recogniserFor(deps.config.ai),
): Promise<void> {
  await deps.jobs.define(TRANSCRIPTION_QUEUE, async () => {
    const stored = await transcribeWaiting(deps, recogniser);
    if (stored > 0) deps.log.info({ stored }, 'recording transcripts stored');
  });
  await deps.jobs.schedule(TRANSCRIPTION_QUEUE, '* * * * *');
}

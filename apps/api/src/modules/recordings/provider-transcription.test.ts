import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Paper } from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi, TRANSCRIPT } from '../../../test/fake-openai';
import {
  createPracticeTestApp,
  learnerOf,
  paperOf,
  paperQuestions,
  startAttempt,
} from '../../../test/practice-test';
import { essayMarks, recordingTranscripts, speakingRecordings } from '../../db/schema';
import { apiRoot } from '../../lib/paths';
import { SPEAKING_TEST_SLUG, speakingPracticeStep } from '../../seed/speaking-practice';
import { TRANSCRIPTION_QUEUE } from './transcription';

/** eSpeak NG (en-us) reading the park sentence, Opus in WebM: the bytes a runner uploads. */
const SPEECH = readFileSync(path.join(apiRoot, 'test/fixtures/speech-park.webm'));

const fake = new FakeOpenAi();
let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  // A configured AI provider (a local OpenAI-compatible server) with its own speech-to-text model.
  harness = await createPracticeTestApp([speakingPracticeStep], {
    env: {
      AI_BASE_URL: await fake.start(),
      AI_MODEL: 'local-examiner',
      AI_API_KEY: 'sk-local-test',
      AI_TRANSCRIPTION_MODEL: 'local-whisper',
      AI_TIMEOUT_SECONDS: '1',
    },
  });
  app = harness.app;
  await app.jobs.start();
});
afterAll(async () => {
  await harness?.close();
  await fake.stop();
});

/** A learner's finished recording of the first speaking question; answers its ids. */
async function finishedRecording() {
  const learner = await learnerOf(app);
  const attemptId = await startAttempt(app, SPEAKING_TEST_SLUG, learner.headers);
  const paper: Paper = await paperOf(app, attemptId, learner.headers);
  const questionId = paperQuestions(paper)[0]!.id;
  const base = `/api/user/attempts/${attemptId}/recordings/${questionId}`;
  const put = await app.inject({
    method: 'PUT',
    url: `${base}/chunks/0`,
    headers: { ...learner.headers, 'content-type': 'application/octet-stream' },
    payload: SPEECH,
  });
  expect(put.statusCode, put.body).toBe(200);
  const finish = await app.inject({
    method: 'POST',
    url: `${base}/finish`,
    headers: learner.headers,
    payload: { chunk_count: 1, duration_ms: 5000 },
  });
  expect(finish.statusCode, finish.body).toBe(200);
  const [row] = await app.db
    .select({ id: speakingRecordings.id })
    .from(speakingRecordings)
    .where(and(eq(speakingRecordings.attemptId, attemptId), eq(speakingRecordings.questionId, questionId)));
  return { attemptId, questionId, recordingId: row!.id };
}

/** Runs the transcription job once through the app's job queue, to its end. */
async function runTranscriptionJob() {
  const id = await app.jobs.enqueue(TRANSCRIPTION_QUEUE, {});
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await app.jobs.getJob(TRANSCRIPTION_QUEUE, id);
    if (job?.state === 'completed') return;
    if (Date.now() > deadline) throw new Error(`transcription job ${job?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const transcriptOf = async (recordingId: string) =>
  (
    await app.db.select().from(recordingTranscripts).where(eq(recordingTranscripts.recordingId, recordingId))
  )[0];

describe('transcripts through the configured AI provider (issue 28)', () => {
  it('sends the recording to the provider’s speech-to-text and stores its text as the provider’s', async () => {
    const ids = await finishedRecording();
    const before = fake.transcriptions.length;
    await runTranscriptionJob();

    const received = fake.transcriptions.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      model: 'local-whisper',
      language: 'en',
      fileName: 'answer.webm',
      fileType: 'audio/webm',
      authorization: 'Bearer sk-local-test',
    });
    expect(received[0]!.bytes.equals(SPEECH)).toBe(true);

    const transcript = await transcriptOf(ids.recordingId);
    expect(transcript).toMatchObject({
      status: 'done',
      source: 'provider',
      text: TRANSCRIPT,
      tries: 1,
      error: null,
    });
    // The draft mark is measured on the provider's words.
    const [draft] = await app.db
      .select()
      .from(essayMarks)
      .where(and(eq(essayMarks.attemptId, ids.attemptId), eq(essayMarks.questionId, ids.questionId)));
    expect((draft!.feedback as { word_count: number }).word_count).toBe(TRANSCRIPT.split(' ').length);

    // Done is kept: the next run sends nothing.
    await runTranscriptionJob();
    expect(fake.transcriptions).toHaveLength(before + 1);
  });

  it('an error status, no answer in time or an answer without text leaves the transcript failed, with a next try', async () => {
    const ids = await finishedRecording();
    fake.script.push('500');
    const started = Date.now();
    await runTranscriptionJob();
    const failed = await transcriptOf(ids.recordingId);
    expect(failed).toMatchObject({
      status: 'failed',
      source: 'provider',
      text: null,
      tries: 1,
      error: expect.stringContaining('answered 500'),
    });
    // Tried again a minute later, not before.
    expect(failed!.nextTryAt!.getTime()).toBeGreaterThanOrEqual(started + 60_000 - 1000);
    await runTranscriptionJob();
    expect((await transcriptOf(ids.recordingId))!.tries).toBe(1);

    const other = await finishedRecording();
    fake.script.push('malformed');
    await runTranscriptionJob();
    expect(await transcriptOf(other.recordingId)).toMatchObject({
      status: 'failed',
      tries: 1,
      error: expect.stringContaining('has no text'),
    });

    const silent = await finishedRecording();
    fake.script.push('timeout');
    await runTranscriptionJob();
    expect(await transcriptOf(silent.recordingId)).toMatchObject({ status: 'failed', tries: 1 });
  });
});

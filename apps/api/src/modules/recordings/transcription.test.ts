import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Paper } from '@prepwise/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
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
import { offlineRecogniser, TRANSCRIPT_MAX_TRIES, transcribeWaiting } from './transcription';

/** eSpeak NG (en-us) reading "I like to visit the park near my house at the weekend because it is quiet and green.", Opus in WebM. */
const SPEECH = readFileSync(path.join(apiRoot, 'test/fixtures/speech-park.webm'));

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  harness = await createPracticeTestApp([speakingPracticeStep]);
  app = harness.app;
});
afterAll(() => harness.close());

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
  expect(put.statusCode).toBe(200);
  const finish = await app.inject({
    method: 'POST',
    url: `${base}/finish`,
    headers: learner.headers,
    payload: { chunk_count: 1, duration_ms: 5000 },
  });
  expect(finish.statusCode).toBe(200);
  const [row] = await app.db
    .select({ id: speakingRecordings.id })
    .from(speakingRecordings)
    .where(and(eq(speakingRecordings.attemptId, attemptId), eq(speakingRecordings.questionId, questionId)));
  return { attemptId, questionId, recordingId: row!.id, learner };
}

const transcriptOf = async (recordingId: string) =>
  (
    await app.db.select().from(recordingTranscripts).where(eq(recordingTranscripts.recordingId, recordingId))
  )[0];

describe('machine transcripts of spoken answers (issue 28)', () => {
  it('transcribes a finished recording offline once, and stores a draft mark measured on it', async () => {
    const ids = await finishedRecording();
    const deps = { db: app.db, storage: app.deps.storage, now: () => new Date() };
    expect(await transcribeWaiting(deps, offlineRecogniser(), 50)).toBeGreaterThanOrEqual(1);
    const transcript = await transcriptOf(ids.recordingId);
    expect(transcript).toMatchObject({ status: 'done', source: 'offline', tries: 1, error: null });
    // PocketSphinx does not hear every word of a synthetic voice, but most of these.
    const heard = ['like', 'park', 'because', 'it', 'is', 'quiet'].filter((word) =>
      transcript!.text!.split(' ').includes(word),
    );
    expect(heard.length).toBeGreaterThanOrEqual(4);
    expect(transcript!.transcribedAt).toBeInstanceOf(Date);
    const [draft] = await app.db
      .select()
      .from(essayMarks)
      .where(and(eq(essayMarks.attemptId, ids.attemptId), eq(essayMarks.questionId, ids.questionId)));
    expect(draft).toMatchObject({ kind: 'draft', overall: null });
    expect((draft!.feedback as { word_count: number }).word_count).toBe(transcript!.text!.split(' ').length);
    // Idempotent: run again, nothing of this recording is transcribed again.
    await transcribeWaiting(deps, offlineRecogniser(), 50);
    expect((await transcriptOf(ids.recordingId))!.tries).toBe(1);

    // The marker reads it beside the recording, with its source.
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${ids.attemptId}/submit`,
      headers: ids.learner.headers,
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const admin = await authHeader(
      app,
      await createAccount(app.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/marking/${ids.attemptId}/${ids.questionId}`,
      headers: admin,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result.recording.transcript).toEqual({
      status: 'done',
      source: 'offline',
      text: transcript!.text,
    });
  });

  it('says the recogniser is missing as a status, and retries a failure later, a limited number of times', async () => {
    const missing = await finishedRecording();
    let now = new Date();
    const deps = { db: app.db, storage: app.deps.storage, now: () => now };
    await transcribeWaiting(
      deps,
      offlineRecogniser({ pocketsphinx: '/nonexistent/pocketsphinx_continuous' }),
      50,
    );
    expect(await transcriptOf(missing.recordingId)).toMatchObject({
      status: 'unavailable',
      text: null,
      error: expect.stringContaining('pocketsphinx_continuous is not installed'),
    });

    const failing = await finishedRecording();
    // ffmpeg that always fails: a real process exiting 1.
    const broken = offlineRecogniser({ ffmpeg: '/bin/false' });
    await transcribeWaiting(deps, broken, 50);
    const first = await transcriptOf(failing.recordingId);
    expect(first).toMatchObject({ status: 'failed', tries: 1 });
    // Not due yet: not picked again.
    await transcribeWaiting(deps, broken, 50);
    expect((await transcriptOf(failing.recordingId))!.tries).toBe(1);
    for (let tries = 2; tries <= TRANSCRIPT_MAX_TRIES; tries++) {
      now = new Date(now.getTime() + 4 ** tries * 60_000);
      await transcribeWaiting(deps, broken, 50);
      expect((await transcriptOf(failing.recordingId))!.tries).toBe(tries);
    }
    // Given up: never picked again, however late.
    now = new Date(now.getTime() + 365 * 24 * 3600_000);
    await transcribeWaiting(deps, broken, 50);
    expect(await transcriptOf(failing.recordingId)).toMatchObject({
      status: 'failed',
      tries: TRANSCRIPT_MAX_TRIES,
    });
    // A failed recording is heard once the recogniser works again only if retries remain: a fresh one is.
    await transcribeWaiting(deps, offlineRecogniser(), 50);
    expect((await transcriptOf(failing.recordingId))!.status).toBe('failed');
  });
});

describe('the marker plays a spoken answer (issue 28)', () => {
  it('serves the recording of a submitted attempt to staff with update_marking, with byte ranges', async () => {
    const ids = await finishedRecording();
    const url = `/api/admin/marking/${ids.attemptId}/${ids.questionId}/audio`;
    const admin = await authHeader(
      app,
      await createAccount(app.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    // Not submitted yet: nothing to mark.
    expect((await app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${ids.attemptId}/submit`,
      headers: ids.learner.headers,
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const whole = await app.inject({ method: 'GET', url, headers: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(SPEECH)).toBe(true);
    const part = await app.inject({ method: 'GET', url, headers: { ...admin, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${SPEECH.length}`);
    expect(part.rawPayload.equals(SPEECH.subarray(100, 200))).toBe(true);
    const beyond = await app.inject({
      method: 'GET',
      url,
      headers: { ...admin, range: `bytes=${SPEECH.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    // The learner is no marker; an organization's staff do not see the platform's attempts.
    expect((await app.inject({ method: 'GET', url, headers: ids.learner.headers })).statusCode).toBe(403);
    const unknown = `/api/admin/marking/00000000-0000-4000-8000-000000000000/${ids.questionId}/audio`;
    expect((await app.inject({ method: 'GET', url: unknown, headers: admin })).statusCode).toBe(404);
  });
});

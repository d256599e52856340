import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Paper, RECORDING_KEYS } from '@prepwise/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createOrganization } from '../../../test/isolation/world';
import {
  createPracticeTestApp,
  learnerOf,
  paperOf,
  paperQuestions,
  startAttempt,
} from '../../../test/practice-test';
import { apiRoot } from '../../lib/paths';
import { SPEAKING_TEST_SLUG, speakingPracticeStep } from '../../seed/speaking-practice';

/** A 3-second recording made by Chromium's MediaRecorder (scripts/make-recording-fixtures.mjs). */
const WEBM = readFileSync(path.join(apiRoot, 'test/fixtures/recording-3s.webm'));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const slices = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  harness = await createPracticeTestApp([speakingPracticeStep]);
  app = harness.app;
});
afterAll(() => harness.close());

async function speakingAttempt() {
  const learner = await learnerOf(app);
  const attemptId = await startAttempt(app, SPEAKING_TEST_SLUG, learner.headers);
  const paper: Paper = await paperOf(app, attemptId, learner.headers);
  const questions = paperQuestions(paper);
  const base = (questionId = questions[0]!.id) => `/api/user/attempts/${attemptId}/recordings/${questionId}`;
  const chunk = (index: number, bytes: Buffer, questionId?: string, headers = learner.headers) =>
    app.inject({
      method: 'PUT',
      url: `${base(questionId)}/chunks/${index}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
  const status = (questionId?: string, headers = learner.headers) =>
    app.inject({ method: 'GET', url: base(questionId), headers });
  const finish = (chunkCount: number, durationMs = 3000, questionId?: string, headers = learner.headers) =>
    app.inject({
      method: 'POST',
      url: `${base(questionId)}/finish`,
      headers,
      payload: { chunk_count: chunkCount, duration_ms: durationMs },
    });
  return { learner, attemptId, paper, questions, base, chunk, status, finish };
}

describe('speaking questions are authored with their times (issue 28)', () => {
  it('checks the preparation and speaking times and the prompt mode, field by field', async () => {
    const admin = await authHeader(
      app,
      await createAccount(app.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    const found = (await app.db.execute(
      sql`select f.id as format_id, f.allowed_question_type_ids[1] as type_id from exam_formats f
          join exams e on e.id = f.exam_id where e.slug = 'speaking' order by f.position limit 1`,
    )) as unknown as { rows: { format_id: string; type_id: string }[] };
    const row = found.rows[0];
    const body = (answer: unknown, audio: string | null = null) => ({
      format_id: row!.format_id,
      question_type_id: row!.type_id,
      stem: '<p>Describe a place you like to visit at the weekend.</p>',
      answer,
      audio_id: audio,
    });
    const create = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/questions', headers: admin, payload });
    const refused = await create(
      body({ preparation_seconds: -1, speaking_seconds: 2, prompt_mode: 'sung', cue_card: null }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'answer.preparation_seconds': 'question.speaking_preparation_range',
      'answer.speaking_seconds': 'question.speaking_time_range',
      'answer.prompt_mode': 'common.required_field',
    });
    const noAudio = await create(
      body({ preparation_seconds: 60, speaking_seconds: 120, prompt_mode: 'audio' }),
    );
    expect(noAudio.statusCode).toBe(422);
    expect(noAudio.json().errors).toEqual({ 'answer.prompt_mode': 'question.speaking_audio_required' });
    const created = await create(
      body({ preparation_seconds: 60, speaking_seconds: 120, prompt_mode: 'text', cue_card: 'Describe…' }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().result.answer).toEqual({
      preparation_seconds: 60,
      speaking_seconds: 120,
      prompt_mode: 'text',
      cue_card: 'Describe…',
    });
  });
});

describe('speaking recordings (issue 28)', () => {
  it('puts the speaking settings on the paper', async () => {
    const { questions } = await speakingAttempt();
    expect(questions.map((question) => question.answer_kind)).toEqual(['speaking', 'speaking', 'speaking']);
    expect(questions[0]!.speaking).toMatchObject({ preparation_seconds: 3, speaking_seconds: 8 });
    expect(questions[2]!.speaking?.cue_card).toContain('You should say');
  });

  it('resumes after a lost chunk, takes duplicates once, assembles in order and links the answer', async () => {
    const { learner, attemptId, questions, base, chunk, status, finish } = await speakingAttempt();
    const parts = slices(WEBM, 8 * 1024);
    expect(parts.length).toBeGreaterThan(4);
    // Chunk 2 is "lost" on the way; chunk 1 arrives twice.
    for (const [index, part] of parts.entries()) {
      if (index === 2) continue;
      expect((await chunk(index, part)).statusCode).toBe(200);
    }
    const again = await chunk(1, parts[1]!);
    expect(again.statusCode).toBe(200);
    const held = (await status()).json().result;
    expect(held.status).toBe('uploading');
    expect(held.chunks).toEqual(parts.map((_, index) => index).filter((index) => index !== 2));
    expect(held.received_bytes).toBe(WEBM.length - parts[2]!.length);

    const early = await finish(parts.length);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ chunk_count: RECORDING_KEYS.missingChunks });

    // The runner resumes from the status: the missing chunk only.
    expect((await chunk(2, parts[2]!)).statusCode).toBe(200);
    const done = await finish(parts.length, 9999);
    expect(done.statusCode).toBe(200);
    const recording = done.json().result;
    expect(recording).toMatchObject({
      status: 'complete',
      mime: 'audio/webm',
      size_bytes: WEBM.length,
      duration_source: 'container',
    });
    expect(recording.duration_ms).toBeGreaterThan(2500);
    expect(recording.duration_ms).toBeLessThan(3500);

    // The file in storage is the recording, byte for byte, and the learner can play it back.
    const played = await app.inject({ method: 'GET', url: `${base()}/audio`, headers: learner.headers });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.rawPayload.equals(WEBM)).toBe(true);

    // Linked to the answer; finishing again is harmless; more chunks are refused.
    const paper: Paper = await paperOf(app, attemptId, learner.headers);
    expect(paper.answers.find((answer) => answer.question_id === questions[0]!.id)?.answer).toEqual({
      recording_id: recording.id,
      duration_ms: recording.duration_ms,
    });
    expect((await finish(parts.length)).json().result.id).toBe(recording.id);
    const late = await chunk(0, parts[0]!);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual({ file: RECORDING_KEYS.finished });
  });

  it('refuses bytes that are not a WebM or MP4 recording', async () => {
    const { chunk, finish, status } = await speakingAttempt();
    expect((await chunk(0, PNG)).statusCode).toBe(200);
    const refused = await finish(1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ file: RECORDING_KEYS.wrongType });
    expect((await status()).json().result.status).toBe('uploading');
  });

  it('caps the size by the speaking time', async () => {
    const { chunk } = await speakingAttempt();
    // 8 s of speaking + 15 s margin at 48 KiB/s: 1,130,496 bytes; three chunks of 400 KiB go over.
    const big = Buffer.alloc(400 * 1024, 7);
    expect((await chunk(0, big)).statusCode).toBe(200);
    expect((await chunk(1, big)).statusCode).toBe(200);
    const over = await chunk(2, big);
    expect(over.statusCode).toBe(413);
    expect(over.json().errors).toEqual({ file: RECORDING_KEYS.tooLarge });
    expect((await chunk(0, Buffer.alloc(2 * 1024 * 1024))).statusCode).toBe(413);
  });

  it('hides another learner’s attempt and refuses a question that is not speaking', async () => {
    const { chunk, status, finish, base } = await speakingAttempt();
    const other = await learnerOf(app);
    expect(
      (await app.inject({ method: 'GET', url: `${base()}/audio`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await chunk(0, WEBM, undefined, other.headers)).statusCode).toBe(404);
    expect((await status(undefined, other.headers)).statusCode).toBe(404);
    expect((await finish(1, 3000, undefined, other.headers)).statusCode).toBe(404);
    expect((await status('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/user/attempts/x/recordings/y' })).statusCode).toBe(
      401,
    );
  });

  it('refuses chunks after submission, but finishes an upload begun before it and grades again', async () => {
    const { learner, attemptId, questions, chunk, finish } = await speakingAttempt();
    expect((await chunk(0, WEBM)).statusCode).toBe(200);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${attemptId}/submit`,
      headers: learner.headers,
      payload: {},
    });
    expect(submitted.statusCode).toBe(200);
    const refused = await chunk(1, WEBM);
    expect(refused.statusCode).toBe(409);
    // A question never started cannot be finished after submission.
    expect((await finish(1, 3000, questions[1]!.id)).statusCode).toBe(409);
    const done = await finish(1);
    expect(done.statusCode).toBe(200);
    const result = await app.inject({
      method: 'GET',
      url: `/api/user/attempts/${attemptId}/result`,
      headers: learner.headers,
    });
    expect(result.statusCode).toBe(200);
    const graded = result.json().result;
    expect(graded.grading).toBe('pending_manual');
    type Item = { kind: string; question: { id: string; outcome: string } };
    const review = graded.review.flatMap((section: { items: Item[] }) =>
      section.items.map((item) => item.question),
    );
    expect(review.find((question: { id: string }) => question.id === questions[0]!.id)?.outcome).toBe(
      'pending',
    );
    expect(review.find((question: { id: string }) => question.id === questions[1]!.id)?.outcome).toBe(
      'skipped',
    );
  });

  it('plays to a marker of the answer’s scope only: the recording and its length in the marking queue', async () => {
    const { learner, attemptId, questions, chunk, finish } = await speakingAttempt();
    expect((await chunk(0, WEBM)).statusCode).toBe(200);
    expect((await finish(1)).statusCode).toBe(200);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${attemptId}/submit`,
      headers: learner.headers,
      payload: {},
    });
    expect(submitted.statusCode).toBe(200);
    const item = `/api/admin/marking/${attemptId}/${questions[0]!.id}`;
    const marker = await authHeader(
      app,
      await createAccount(app.db, { scope: 'admin', permissions: ['update_marking'] }),
      'admin',
    );
    const detail = await app.inject({ method: 'GET', url: item, headers: marker });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result.recording).toMatchObject({ mime: 'audio/webm' });
    expect(detail.json().result.recording.duration_ms).toBeGreaterThan(2500);
    const played = await app.inject({ method: 'GET', url: `${item}/audio`, headers: marker });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.rawPayload.equals(WEBM)).toBe(true);
    // Never recorded, so never answered: not in the queue, and no audio.
    const silent = `/api/admin/marking/${attemptId}/${questions[1]!.id}`;
    const unrecorded = await app.inject({ method: 'GET', url: silent, headers: marker });
    expect(unrecorded.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${silent}/audio`, headers: marker })).statusCode).toBe(
      404,
    );

    // Without update_marking: 403; a centre (the learner is not its student): 404; the learner: 403; nobody: 401.
    const viewer = await authHeader(
      app,
      await createAccount(app.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await app.inject({ method: 'GET', url: `${item}/audio`, headers: viewer })).statusCode).toBe(403);
    const centre = await createOrganization(app, { name: 'Trung tâm Hoa Sen' });
    const theirs = `/api/educator/marking/${attemptId}/${questions[0]!.id}/audio`;
    expect((await app.inject({ method: 'GET', url: theirs, headers: centre.asOwner })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `${item}/audio`, headers: learner.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${item}/audio` })).statusCode).toBe(401);
  });
});

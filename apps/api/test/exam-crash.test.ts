import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const SPEAKING = 'speaking-warm-up-1';
/** A 3-second recording made by Chromium's MediaRecorder (scripts/make-recording-fixtures.mjs). */
const WEBM = readFileSync(new URL('./fixtures/recording-3s.webm', import.meta.url));
const children = new Set<ChildProcess>();
const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-crash-'));

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server entry on embedded PGlite in `dataDir`, answering its base URL once ready. */
async function startServer() {
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, { children });
  return { child: server.child, base: `http://127.0.0.1:${server.port}/api`, exited: server.exited };
}

async function call(base: string, method: string, url: string, token?: string, body?: object | Buffer) {
  const bytes = body instanceof Buffer;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': bytes ? 'application/octet-stream' : 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? (bytes ? new Uint8Array(body) : JSON.stringify(body)) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { result: never } };
}

async function signIn(base: string) {
  const login = await call(base, 'POST', '/user/auth/login', undefined, {
    email: 'learner@prepwise.vn',
    password: 'Demo@12345',
  });
  expect(login.status).toBe(200);
  return (login.body.result as { access_token: string }).access_token;
}

type Question = { id: string; answer_kind: string; options: { key: string }[] };
type Item = { kind: 'question'; question: Question } | { kind: 'group'; group: { questions: Question[] } };

describe('an exam when the server is killed', () => {
  it('keeps every answer the server acknowledged through SIGKILL and a restart on the same folder', async () => {
    let server = await startServer();
    let token = await signIn(server.base);
    const started = await call(server.base, 'POST', `/user/tests/${TOEIC}/attempts`, token, {});
    expect(started.status).toBe(201);
    const attemptId = (started.body.result as { id: string }).id;
    const paper = await call(server.base, 'GET', `/user/attempts/${attemptId}`, token);
    const questions = (paper.body.result as { sections: { items: Item[] }[] }).sections
      .flatMap((section) => section.items)
      .flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions))
      .filter((question) => question.answer_kind === 'single_choice');

    const acknowledged = new Map<string, { key: string; seq: number }>();
    let seq = 0;
    // Answers go one at a time, as a learner clicks; the last ones are in flight when the process dies.
    const inFlight: Promise<unknown>[] = [];
    for (const [index, question] of questions.slice(0, 60).entries()) {
      const key = question.options[index % question.options.length]!.key;
      const change = { question_id: question.id, answer: { key }, seq: ++seq };
      const sending = call(server.base, 'PUT', `/user/attempts/${attemptId}/answers`, token, {
        answers: [change],
      }).then((response) => {
        if (response.status === 200) acknowledged.set(question.id, { key, seq: change.seq });
      });
      if (index < 50) await sending;
      else inFlight.push(sending.catch(() => {}));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(inFlight);
    children.delete(server.child);
    expect(acknowledged.size).toBeGreaterThanOrEqual(50);

    // The lock file of the dead process is stale: the new process takes it over.
    server = await startServer();
    token = await signIn(server.base);
    const after = await call(server.base, 'GET', `/user/attempts/${attemptId}`, token);
    expect(after.status).toBe(200);
    const saved = new Map(
      (
        after.body.result as { answers: { question_id: string; answer: { key: string }; seq: number }[] }
      ).answers.map((answer) => [answer.question_id, answer]),
    );
    for (const [questionId, expected] of acknowledged) {
      expect(saved.get(questionId)).toMatchObject({ answer: { key: expected.key }, seq: expected.seq });
    }
    const resumed = await call(server.base, 'POST', `/user/tests/${TOEIC}/attempts`, token, {});
    expect(resumed.body.result).toEqual({ id: attemptId, resumed: true });
    server.child.kill('SIGTERM');
    await server.exited;
    children.delete(server.child);
  }, 240_000);

  it('keeps every recording chunk the server acknowledged through SIGKILL; the upload resumes and completes', async () => {
    let server = await startServer();
    let token = await signIn(server.base);
    const started = await call(server.base, 'POST', `/user/tests/${SPEAKING}/attempts`, token, {});
    expect([200, 201]).toContain(started.status);
    const attemptId = (started.body.result as { id: string }).id;
    const paper = await call(server.base, 'GET', `/user/attempts/${attemptId}`, token);
    const question = (paper.body.result as { sections: { items: Item[] }[] }).sections
      .flatMap((section) => section.items)
      .flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions))
      .find((entry) => entry.answer_kind === 'speaking')!;
    const recording = `/user/attempts/${attemptId}/recordings/${question.id}`;
    const size = Math.ceil(WEBM.length / 6);
    const chunks = Array.from({ length: 6 }, (_, index) => WEBM.subarray(index * size, (index + 1) * size));

    // Four chunks acknowledged, the fifth in flight when the process dies.
    const acknowledged: number[] = [];
    for (const index of [0, 1, 2, 3]) {
      const sent = await call(server.base, 'PUT', `${recording}/chunks/${index}`, token, chunks[index]);
      expect(sent.status).toBe(200);
      acknowledged.push(index);
    }
    const inFlight = call(server.base, 'PUT', `${recording}/chunks/4`, token, chunks[4]).catch(() => null);
    server.child.kill('SIGKILL');
    await server.exited;
    await inFlight;
    children.delete(server.child);

    server = await startServer();
    token = await signIn(server.base);
    const held = await call(server.base, 'GET', recording, token);
    expect(held.status).toBe(200);
    const state = held.body.result as { status: string; chunks: number[] };
    expect(state.status).toBe('uploading');
    for (const index of acknowledged) expect(state.chunks).toContain(index);
    // The runner sends what the server does not hold, then finishes: the recording is whole.
    for (const index of [0, 1, 2, 3, 4, 5].filter((entry) => !state.chunks.includes(entry))) {
      const sent = await call(server.base, 'PUT', `${recording}/chunks/${index}`, token, chunks[index]);
      expect(sent.status).toBe(200);
    }
    const finished = await call(server.base, 'POST', `${recording}/finish`, token, {
      chunk_count: 6,
      duration_ms: 3000,
    });
    expect(finished.status).toBe(200);
    const audio = await fetch(`${server.base}${recording}/audio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(WEBM)).toBe(true);
    server.child.kill('SIGTERM');
    await server.exited;
    children.delete(server.child);
  }, 240_000);
});

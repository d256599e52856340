import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
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

async function call(base: string, method: string, url: string, token?: string, body?: object) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
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
});

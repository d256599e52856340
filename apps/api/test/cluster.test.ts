import { type ChildProcess, execFileSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { adminUrl, databaseUrlFor } from './postgres';
import { startServerProcess } from './server-process';

/*
 * WORKERS=2 on PostgreSQL: the real server entry as a primary and two server processes sharing the port.
 * Every request below goes over a new connection, which the primary hands to the workers in turn, so
 * both workers serve the learner.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const TOEIC = 'toeic-listening-reading-de-luyen-1';
const database = `prepwise_cluster_${process.pid}`;
const children = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (!serverUrl) return;
  const admin = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl), poolSize: 1 });
  await admin.executeSql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.close();
});

/** One request on a connection of its own. */
function call(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: object,
): Promise<{ status: number; body: { result: never } }> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api${url}`,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The server processes the primary runs (not tsx's esbuild helper, also its child). */
const workersOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('server.ts'))
    .map((line) => Number.parseInt(line.trim(), 10));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!serverUrl)('a clustered server (WORKERS=2, PostgreSQL)', () => {
  it('shares the port between two processes that forget a revoked session together, replaces a dead one and stops cleanly', async () => {
    const admin = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl!), poolSize: 1 });
    await admin.executeSql(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.close();

    const server = await startServerProcess(
      { WORKERS: '2', DATABASE_URL: databaseUrlFor(serverUrl!, database) },
      { children, readyWithin: 90_000 },
    );
    const { child, port, exited } = server;
    const output = server.output;
    expect(output()).toContain('PostgreSQL, 2 server processes');
    expect(workersOf(child.pid!)).toHaveLength(2);

    const login = await call(port, 'POST', '/user/auth/login', undefined, {
      email: 'learner@prepwise.vn',
      password: 'Demo@12345',
    });
    expect(login.status).toBe(200);
    const token = (login.body.result as { access_token: string }).access_token;
    const started = await call(port, 'POST', `/user/tests/${TOEIC}/attempts`, token, {});
    expect(started.status).toBe(201);
    const attemptId = (started.body.result as { id: string }).id;
    const paper = await call(port, 'GET', `/user/attempts/${attemptId}`, token);
    const question = (
      paper.body.result as { sections: { items: { kind: string; question?: { id: string } }[] }[] }
    ).sections
      .flatMap((section) => section.items)
      .find((item) => item.kind === 'question')!.question!;

    // Both workers check the session and keep it for their next saves.
    let seq = 0;
    const save = () =>
      call(port, 'PUT', `/user/attempts/${attemptId}/answers`, token, {
        answers: [{ question_id: question.id, answer: { key: 'A' }, seq: ++seq }],
      });
    for (let i = 0; i < 6; i++) expect((await save()).status).toBe(200);

    // Signing out in one worker reaches the other at once: no save goes through on the old token.
    expect((await call(port, 'POST', '/user/auth/logout', token, {})).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 6; i++) expect((await save()).status).toBe(401);

    // A worker that dies is replaced; the server keeps answering meanwhile.
    const [victim] = workersOf(child.pid!);
    process.kill(victim!, 'SIGKILL');
    await until(
      () => workersOf(child.pid!).length === 2 && !workersOf(child.pid!).includes(victim!),
      'a new server process',
    );
    await until(async () => (await call(port, 'GET', '/health')).status === 200, 'health');
    expect(output()).toMatch(/Server process \d stopped \(SIGKILL\); starting a new one/);

    const workers = workersOf(child.pid!);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    children.delete(child);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});

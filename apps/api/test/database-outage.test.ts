import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  outageReporter,
} from '../src/lib/database-outage';
import { safeErrorSerializer } from '../src/plugins/errors';
import { seedDatabase } from '../src/seed';
import { demoAccountsStep } from '../src/seed/demo-accounts';
import { examStructureStep } from '../src/seed/exam-structure';
import { practiceTestsStep } from '../src/seed/practice-tests';
import { authHeader, createAccount } from './factories';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers';

/*
 * Issue 13: PostgreSQL going away for a moment under learners saving answers. The API reaches its
 * database through a TCP relay of ours; cutting the relay drops every open connection and refuses new
 * ones, as a restarting server does. Saves answered during the cut are 503 with Retry-After, never 500;
 * the learners' clients send them again (as the exam runner's journal does); nothing acknowledged is
 * lost; /api/ready says not-ready meanwhile; and the log gets one warning for the outage.
 */

describe('what counts as the database being away', () => {
  it('knows socket errors, PostgreSQL shutdown states and node-postgres’s words, also as causes', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const error of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01'),
      coded('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1', { cause: coded('ECONNREFUSED') }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    for (const error of [coded('23505'), coded('22P02'), new Error('boom'), 'ECONNREFUSED', null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('reports the first failure of an outage, then nothing until a quiet spell has passed', () => {
    let now = 0;
    const report = outageReporter(10_000, () => now);
    const reported: number[] = [];
    for (const at of [0, 500, 3_000, 9_000, 25_000, 26_000]) {
      now = at;
      report(() => reported.push(at));
    }
    expect(reported).toEqual([0, 25_000]);
  });
});

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const LEARNERS = 20;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL away for two seconds under 20 learners saving',
  () => {
    let clone: TestDatabase;
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    const logLines: { level: number; msg: string }[] = [];

    beforeAll(async () => {
      clone = await createTestDatabase();
      relay = await startRelay(new URL(clone.url!));
      database = await openDatabase({ driver: 'postgres', url: relay.url, poolSize: 5 });
      app = await buildApp({
        config: testConfig(),
        database,
        logger: {
          level: 'warn',
          serializers: { err: safeErrorSerializer },
          stream: { write: (line: string) => logLines.push(JSON.parse(line)) },
        },
        jobs: { pollingIntervalSeconds: 0.5, supervise: false },
      });
      await app.ready();
      await seedDatabase(clone.db, {
        demo: true,
        steps: [examStructureStep, demoAccountsStep, practiceTestsStep],
        context: { storage: app.storage },
      });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await relay?.close();
      await clone?.destroy();
    });

    it('answers 503 with Retry-After meanwhile, never 500, loses nothing acknowledged, and warns once', async () => {
      const learners = await Promise.all(
        Array.from({ length: LEARNERS }, async () => {
          const headers = await authHeader(app, await createAccount(clone.db));
          const started = await app.inject({
            method: 'POST',
            url: `/api/user/tests/${TOEIC}/attempts`,
            headers,
            payload: {},
          });
          expect(started.statusCode, started.body).toBe(201);
          const attemptId = started.json().result.id as string;
          const paper = await app.inject({ url: `/api/user/attempts/${attemptId}`, headers });
          const questions = (
            paper.json().result.sections as {
              items: ({ kind: 'question'; question: Q } | { kind: 'group'; group: { questions: Q[] } })[];
            }[]
          )
            .flatMap((section) =>
              section.items.flatMap((item) =>
                item.kind === 'question' ? [item.question] : item.group.questions,
              ),
            )
            .filter((question) => question.answer_kind === 'single_choice')
            .slice(0, 8);
          return { headers, attemptId, questions };
        }),
      );
      type Q = { id: string; answer_kind: string };

      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      /** Per learner, the last acknowledged save of each question. */
      const acknowledged = learners.map(() => new Map<string, { key: string; seq: number }>());
      let running = true;
      let retryAfter: string | undefined;

      const saving = learners.map(async (learner, index) => {
        for (let seq = 1; running; seq++) {
          const question = learner.questions[seq % learner.questions.length]!;
          const key = seq % 2 === 0 ? 'A' : 'B';
          // Like the exam runner's journal: the same change again until the server acknowledges it.
          for (;;) {
            const response = await app.inject({
              method: 'PUT',
              url: `/api/user/attempts/${learner.attemptId}/answers`,
              headers: learner.headers,
              payload: { answers: [{ question_id: question.id, answer: { key }, flagged: false, seq }] },
            });
            count(response.statusCode);
            if (response.statusCode === 200) {
              acknowledged[index]!.set(question.id, { key, seq });
              break;
            }
            if (response.statusCode !== 503) return;
            retryAfter = String(response.headers['retry-after']);
            expect(response.json()).toMatchObject({ key: 'SERVICE_UNAVAILABLE' });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      });

      await new Promise((resolve) => setTimeout(resolve, 800));
      relay.cut();
      const cutAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const duringOutage = await app.inject({ url: '/api/ready' });
      await new Promise((resolve) => setTimeout(resolve, 2_000 - (Date.now() - cutAt)));
      relay.restore();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      running = false;
      await Promise.all(saving);

      expect(duringOutage.statusCode).toBe(503);
      expect(duringOutage.json().result.database.reachable).toBe(false);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect(statuses.get(500) ?? 0).toBe(0);
      expect([...statuses.keys()].sort()).toEqual([200, 503]);
      expect(statuses.get(503)).toBeGreaterThan(0);
      expect(retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));

      // Every acknowledged save is in the database, as the last one of its question.
      for (const [index, learner] of learners.entries()) {
        const paper = await app.inject({
          url: `/api/user/attempts/${learner.attemptId}`,
          headers: learner.headers,
        });
        const stored = new Map(
          (
            paper.json().result.answers as { question_id: string; answer: { key: string }; seq: number }[]
          ).map((answer) => [answer.question_id, answer]),
        );
        expect(acknowledged[index]!.size).toBeGreaterThan(0);
        for (const [questionId, last] of acknowledged[index]!) {
          expect(stored.get(questionId)).toMatchObject({ answer: { key: last.key }, seq: last.seq });
        }
      }

      // One warning for the outage from the API, none of them an error with a stack per request.
      const apiWarnings = logLines.filter((line) => line.msg.includes('the database cannot be reached'));
      expect(apiWarnings).toHaveLength(1);
      expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    }, 60_000);
  },
);

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { registerWeb } from './web';

/*
 * A stand-in for the web build (as in web.test.ts) whose pages take a moment, so a client can leave
 * before the answer starts; '/broken' fails as a real bug would.
 */
const STUB_SERVER_BUILD = `
import { Readable } from 'node:stream';

export const entry = {
  module: {
    createRequestHandler: () => async (request) => {
      if (request.method === 'POST') await request.text();
      if (new URL(request.url).pathname === '/broken') throw new Error('a real bug');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return new Response('<!DOCTYPE html><title>Page</title>', {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    },
    createReadableStreamFromReadable: (source) => Readable.toWeb(source),
  },
};
`;

let webRoot: string;
let app: FastifyInstance;
let port: number;
const logs: { level: number; msg: string; err?: { message: string } }[] = [];

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'prepwise-client-gone-'));
  mkdirSync(path.join(webRoot, 'build/server'), { recursive: true });
  mkdirSync(path.join(webRoot, 'build/client'), { recursive: true });
  writeFileSync(path.join(webRoot, 'build/server/index.js'), STUB_SERVER_BUILD);
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  app = Fastify({ logger: { level: 'debug', stream } });
  registerErrorHandling(app);
  await registerWeb(app, { mode: 'production', webRoot });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorsLogged = (from = 0) => logs.slice(from).filter((line) => line.level >= 50);

describe('a client that leaves early', () => {
  it('is not logged as a server error (a form post left before its page came back)', async () => {
    const before = logs.length;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    request.on('error', () => {});
    request.end('locale=en');
    await sleep(80);
    request.destroy();
    await expect
      .poll(() => logs.slice(before).some((line) => /closed the connection/.test(line.msg)))
      .toBe(true);
    await sleep(100);
    expect(errorsLogged()).toEqual([]);
  });

  it('still logs a real failure at error level', async () => {
    const before = logs.length;
    const response = await fetch(`http://127.0.0.1:${port}/broken`);
    expect(response.status).toBe(500);
    expect(errorsLogged(before).map((line) => line.err?.message)).toEqual(['a real bug']);
  });
});

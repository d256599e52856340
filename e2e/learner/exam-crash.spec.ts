import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { waitForHealth } from '../support/own-server';
import { answerCurrent } from './practice-helpers';

/*
 * Issue 5's reliability promise, in the browser: the API process is killed (SIGKILL) in the middle of an
 * exam and started again on the same data folder. Every answer the server acknowledged is still there, and
 * the learner's page recovers on its own, sending what it held while the server was gone.
 * This spec runs its own server (the shared e2e server must not be killed).
 */
const IELTS = 'ielts-academic-reading-de-luyen-1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      NODE_ENV: 'production',
      WEB_MODE: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  }).on('spawn', function (this: ChildProcess) {
    this.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[crash server] ${chunk}`));
  });
}

test('the API is killed mid-exam and restarted: acknowledged answers stay, the page sends the rest', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-e2e-crash-'));
  let server = startServer(port, dataDir);
  const context = await browser.newContext({ baseURL: base });
  try {
    // A fresh folder is migrated and seeded first: ~20 s alone, minutes beside other specs' servers on CI.
    await waitForHealth(base, 180_000);
    const page = await context.newPage();
    await signInThroughForm(page, DEMO.learner, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    const started = await page.request.post(`/api/user/tests/${IELTS}/attempts`, { data: { mode: 'full' } });
    expect(started.status()).toBe(201);
    const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
    await page.goto(`/tests/${IELTS}/exam/${attemptId}`);
    const status = page.getByTestId('save-status');
    await expect(status).toBeVisible({ timeout: 15_000 });

    // Two answers acknowledged by the server.
    for (let i = 0; i < 2; i += 1) {
      await answerCurrent(page, 'island');
      await page.getByRole('button', { name: 'Câu sau' }).click();
    }
    await expect(status).toHaveAttribute('data-status', 'saved');

    // The server dies without warning; the learner keeps answering.
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    for (let i = 0; i < 3; i += 1) {
      await answerCurrent(page, 'island');
      await page.getByRole('button', { name: 'Câu sau' }).click();
    }
    await expect(status).toHaveAttribute('data-pending', '3', { timeout: 15_000 });
    await expect(status).not.toHaveAttribute('data-status', 'saved');

    // Back on the same data folder (its lock file is stale): the page sends what it held, by itself.
    server = startServer(port, dataDir);
    await waitForHealth(base, 60_000);
    await expect(status).toHaveAttribute('data-status', 'saved', { timeout: 45_000 });
    await expect(status).toHaveAttribute('data-pending', '0');

    const paper = await page.request.get(`/api/user/attempts/${attemptId}`);
    expect(paper.status()).toBe(200);
    const answers = ((await paper.json()) as { result: { answers: { answer: unknown }[] } }).result.answers;
    expect(answers.filter((answer) => answer.answer !== null)).toHaveLength(5);
  } finally {
    await context.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

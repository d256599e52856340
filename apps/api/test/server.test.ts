import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot, repoRoot } from '../src/lib/paths';

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | string | null>;
}

/**
 * Starts the real server entry (API only) as its own process. Node itself with tsx's loader, not the
 * tsx command: that wrapper relays SIGTERM and, when the child does not acknowledge it within 30 ms
 * (a busy machine), kills it and exits 143 — the test would see the wrapper, not the server's shutdown.
 */
function startServer(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_MODE: 'none',
      LOG_LEVEL: 'info',
      APP_ENV: 'test',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The exit code, or the signal that ended the process (so a failure says which one).
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000); // a first start migrates and seeds every demo area (≈30 s quiet, more on a busy 2-core machine)
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Prepwise is ready at http:\/\/localhost:(\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, port: Number(ready[1]), output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function runUntilExit(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_MODE: 'none',
        APP_ENV: 'test',
        DATABASE_URL: '',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the server process on embedded PGlite', () => {
  it('starts, refuses a second process on its folder, stops on SIGTERM and keeps its data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-server-'));
    const first = await startServer(dataDir);
    expect(first.output()).toMatch(/started in [\d.]+ s/);
    expect(first.output()).toMatch(
      /"seeded":\["instance","exam-structure","english-names","demo-accounts","site-editor-role","demo-organization-owner","site-pages","demo-blog","demo-blog-covers","practice-tests","speaking-practice","ielts-academic","question-skills","partner-organizations","demo-students","demo-payments","organization-packages","demo-organization-package","ai-drafts","organization-bank","demo-exam-room","vocabulary","demo-activity","demo-notebook","demo-speaking-attempt","demo-item-analysis"\]/,
    );
    expect(first.output()).toContain('admin@prepwise.vn');
    const ready = await fetch(`http://127.0.0.1:${first.port}/api/ready`);
    expect(ready.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const intruder = await runUntilExit(dataDir);
    expect(intruder.code).toBe(1);
    expect(intruder.output).toMatch(/Prepwise cannot start: The database folder .* is in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await startServer(dataDir);
    expect(second.output()).toMatch(/"migrationsApplied":0/);
    expect(second.output()).toMatch(/"seeded":\[\]/);
    second.child.kill('SIGTERM');
    // Under load a second start has ended by SIGTERM instead of exit 0 (three runs of 2026-11-28, cause not
    // found yet): the failure prints the process's output.
    expect(await second.exited, second.output()).toBe(0);
  }, 240_000);
});

#!/usr/bin/env node
// `npm test`: typecheck → lint → build → vitest → Playwright, then one summary line `N passed, N failed`.
//
// typecheck, lint and build are gates: a failure stops the run (counted as 1 failed). vitest and Playwright
// both always run once the gates pass; their JSON reports are parsed for the counts.
//
// Flags (after `npm test --`): --skip-e2e (no build, no Playwright), --skip-unit (no vitest).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const vitestJson = path.join(resultsDir, 'vitest-results.json');
const e2eJson = path.join(resultsDir, 'e2e-results.json');

const flags = new Set(process.argv.slice(2));
for (const flag of flags) {
  if (flag !== '--skip-e2e' && flag !== '--skip-unit') {
    process.stderr.write(`Unknown flag ${flag}. Supported: --skip-e2e, --skip-unit\n`);
    process.exit(2);
  }
}
const skipE2e = flags.has('--skip-e2e');
const skipUnit = flags.has('--skip-unit');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The child currently running, so a SIGINT/SIGTERM to this script reaches it too. */
let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

const out = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one step with inherited stdio; resolves with its exit code and duration. */
function run(title, command, args) {
  out(`\n━━━ ${title}: ${[command, ...args].join(' ')}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    current = child;
    const finish = (code) => {
      current = null;
      const ms = performance.now() - started;
      out(`━━━ ${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
      resolve({ title, code, ms });
    };
    child.on('error', (error) => {
      process.stderr.write(`${title}: could not start ${command}: ${error.message}\n`);
      finish(127);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** vitest JSON reporter: numPassedTests / numFailedTests; a failed run without failed tests counts as 1. */
function vitestCounts(step) {
  const report = readJson(vitestJson);
  let passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (!report) out(`vitest: no JSON report at ${path.relative(root, vitestJson)}`);
  if (step.code !== 0 && failed === 0) {
    // e.g. a test file that fails to import, an unhandled error, or no test files found.
    failed = Math.max(1, report?.numFailedTestSuites ?? 0);
  }
  if (!Number.isFinite(passed)) passed = 0;
  return { passed, failed };
}

/**
 * Playwright JSON reporter: stats.expected passed; stats.unexpected + stats.flaky failed (counts are per test,
 * not per attempt). Top-level `errors` (webServer failed to start, a spec that does not load …) count 1 each.
 */
function playwrightCounts(step) {
  const report = readJson(e2eJson);
  if (!report) out(`playwright: no JSON report at ${path.relative(root, e2eJson)}`);
  const stats = report?.stats ?? {};
  const passed = stats.expected ?? 0;
  let failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report?.errors?.length ?? 0);
  if (step.code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  rmSync(vitestJson, { force: true });
  rmSync(e2eJson, { force: true });

  const steps = [];
  let passed = 0;
  let failed = 0;

  const gates = [
    ['typecheck', npm, ['run', 'typecheck']],
    ['lint', npm, ['run', 'lint']],
  ];
  if (!skipE2e) gates.push(['build', npm, ['run', 'build']]);

  for (const [title, command, args] of gates) {
    const step = await run(title, command, args);
    steps.push({ ...step, note: step.code === 0 ? 'ok' : '1 failed' });
    if (step.code !== 0 || interrupted) {
      failed += 1;
      return finish(steps, passed, failed);
    }
  }

  if (!skipUnit && !interrupted) {
    const step = await run('vitest', npx, [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.relative(root, vitestJson)}`,
    ]);
    const counts = vitestCounts(step);
    passed += counts.passed;
    failed += counts.failed;
    steps.push({ ...step, note: `${counts.passed} passed, ${counts.failed} failed` });
  }

  if (!skipE2e && !interrupted) {
    if (!existsSync(path.join(root, 'playwright.config.ts'))) {
      out('\nplaywright.config.ts is missing: counting the e2e step as 1 failed.');
      failed += 1;
      steps.push({ title: 'playwright', code: 1, ms: 0, note: 'no playwright.config.ts' });
    } else {
      const step = await run('playwright', npx, ['playwright', 'test']);
      const counts = playwrightCounts(step);
      passed += counts.passed;
      failed += counts.failed;
      steps.push({ ...step, note: `${counts.passed} passed, ${counts.failed} failed` });
    }
  }

  return finish(steps, passed, failed);
}

function finish(steps, passed, failed) {
  out('\n━━━ Summary');
  for (const step of steps) {
    out(
      `  ${step.code === 0 ? '✔' : '✘'} ${step.title.padEnd(10)} ${seconds(step.ms).padStart(8)}  ${step.note}`,
    );
  }
  if (interrupted) {
    out('Interrupted.');
    failed = Math.max(failed, 1);
  }
  out(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  out('0 passed, 1 failed');
  process.exitCode = 1;
});

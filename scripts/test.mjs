#!/usr/bin/env node
// `npm test`: (typecheck ∥ lint ∥ build) → vitest → Playwright, then one summary line `N passed, N failed`.
//
// typecheck, lint and build are gates: they run side by side (none needs another's output; each one's
// output is printed as a block when it ends), and a failure of any stops the run (counted as 1 failed).
// vitest and Playwright both always run once the gates pass; their JSON reports are parsed for the counts
// and for the slowest test files, printed in the summary with every step's duration.
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

/** The children currently running, so a SIGINT/SIGTERM to this script reaches them too. */
const current = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of current) child.kill(signal);
  });
}

const out = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step; resolves with its exit code and duration. With `buffered`, its output is kept and printed
 * as one block when it ends (for steps that run side by side); otherwise it goes straight to the terminal.
 */
function run(title, command, args, { buffered = false } = {}) {
  const header = `\n━━━ ${title}: ${[command, ...args].join(' ')}`;
  if (!buffered) out(header);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    current.add(child);
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    let ended = false;
    const finish = (code) => {
      if (ended) return;
      ended = true;
      current.delete(child);
      const ms = performance.now() - started;
      if (buffered) {
        out(header);
        const text = Buffer.concat(chunks).toString('utf8').trimEnd();
        if (text) out(text);
      }
      out(`━━━ ${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
      resolve({ title, code, ms });
    };
    child.on('error', (error) => {
      process.stderr.write(`${title}: could not start ${command}: ${error.message}\n`);
      finish(127);
    });
    child.on(buffered ? 'close' : 'exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
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
  // Skipped tests (e.g. PostgreSQL- or Redis-only ones on a run without them) are counted and named.
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  const skippedNames = (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
      .map((test) => `${path.relative(root, file.name ?? '')} › ${test.fullName ?? test.title}`),
  );
  if (!report) out(`vitest: no JSON report at ${path.relative(root, vitestJson)}`);
  if (step.code !== 0 && failed === 0) {
    // e.g. a test file that fails to import, an unhandled error, or no test files found.
    failed = Math.max(1, report?.numFailedTestSuites ?? 0);
  }
  if (!Number.isFinite(passed)) passed = 0;
  return { passed, failed, skipped, skippedNames };
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
  return { passed, failed, skipped: stats.skipped ?? 0, skippedNames: [] };
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  rmSync(vitestJson, { force: true });
  rmSync(e2eJson, { force: true });

  const steps = [];
  let passed = 0;
  let failed = 0;
  const skipped = { count: 0, names: [] };

  const gates = [
    ['typecheck', npm, ['run', 'typecheck']],
    ['lint', npm, ['run', 'lint']],
  ];
  if (!skipE2e) gates.push(['build', npm, ['run', 'build']]);

  out(`\n━━━ gates: ${gates.map(([title]) => title).join(', ')} side by side`);
  const gatesStarted = performance.now();
  const gateSteps = await Promise.all(
    gates.map(([title, command, args]) => run(title, command, args, { buffered: true })),
  );
  for (const step of gateSteps) steps.push({ ...step, note: step.code === 0 ? 'ok' : '1 failed' });
  steps.push({
    title: 'gates',
    code: gateSteps.every((step) => step.code === 0) ? 0 : 1,
    ms: performance.now() - gatesStarted,
    note: 'wall time of the steps above, run side by side',
  });
  if (gateSteps.some((step) => step.code !== 0) || interrupted) {
    failed += 1;
    return finish(steps, passed, failed, skipped);
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
    skipped.count += counts.skipped;
    skipped.names.push(...counts.skippedNames);
    steps.push({
      ...step,
      note: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    });
  }

  if (!skipE2e && !interrupted) {
    if (!existsSync(path.join(root, 'playwright.config.ts'))) {
      out('\nplaywright.config.ts is missing: counting the e2e step as 1 failed.');
      failed += 1;
      steps.push({ title: 'playwright', code: 1, ms: 0, note: 'no playwright.config.ts' });
    } else {
      // With a PostgreSQL server for the tests, the e2e servers get fresh databases on it (decision 021).
      if (process.env.TEST_DATABASE_URL && !process.env.E2E_POSTGRES_URL)
        process.env.E2E_POSTGRES_URL = process.env.TEST_DATABASE_URL;
      const step = await run('playwright', npx, ['playwright', 'test']);
      const counts = playwrightCounts(step);
      passed += counts.passed;
      failed += counts.failed;
      skipped.count += counts.skipped;
      steps.push({
        ...step,
        note: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
      });
    }
  }

  return finish(steps, passed, failed, skipped);
}

/** The slowest vitest files: wall time of each file (collection, hooks and tests) from the JSON report. */
function slowestVitestFiles(limit) {
  const report = readJson(vitestJson);
  return (report?.testResults ?? [])
    .map((file) => ({
      name: path.relative(root, file.name ?? ''),
      ms: (file.endTime ?? 0) - (file.startTime ?? 0),
    }))
    .filter((file) => file.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
}

/** The slowest Playwright spec files: the sum of their tests' attempt durations, from the JSON report. */
function slowestPlaywrightFiles(limit) {
  const report = readJson(e2eJson);
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const key = `${spec.file ?? suite.file} [${test.projectName}]`;
        const entry = byFile.get(key) ?? { name: key, ms: 0, tests: 0 };
        entry.ms += ms;
        entry.tests += 1;
        byFile.set(key, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...byFile.values()].sort((a, b) => b.ms - a.ms).slice(0, limit);
}

function finish(steps, passed, failed, skipped = { count: 0, names: [] }) {
  out('\n━━━ Summary');
  for (const step of steps) {
    out(
      `  ${step.code === 0 ? '✔' : '✘'} ${step.title.padEnd(10)} ${seconds(step.ms).padStart(8)}  ${step.note}`,
    );
  }
  const vitestSlowest = slowestVitestFiles(5);
  if (vitestSlowest.length > 0) {
    out('  slowest vitest files:');
    for (const file of vitestSlowest) out(`    ${seconds(file.ms).padStart(8)}  ${file.name}`);
  }
  const e2eSlowest = slowestPlaywrightFiles(5);
  if (e2eSlowest.length > 0) {
    out('  slowest Playwright specs (sum of their tests):');
    for (const file of e2eSlowest) {
      out(
        `    ${seconds(file.ms).padStart(8)}  ${file.name}, ${file.tests} test${file.tests === 1 ? '' : 's'}`,
      );
    }
  }
  if (interrupted) {
    out('Interrupted.');
    failed = Math.max(failed, 1);
  }
  if (skipped.names.length > 0) {
    out('  skipped (set TEST_DATABASE_URL, start Redis on 127.0.0.1:6379 … to run them):');
    for (const name of skipped.names) out(`    ${name}`);
  }
  // The last line stays `N passed, N failed` (.ci/run reads it); the skipped count is the line above.
  out(`${skipped.count} skipped`);
  out(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  out('0 passed, 1 failed');
  process.exitCode = 1;
});

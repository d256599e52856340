#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript projects (web, api, tools, contract), checked side by side.
//
// Each `tsc` is single-threaded and the projects do not depend on each other's output (noEmit, the
// contract is read from source), so they run in parallel, as many at once as the machine has cores
// (at least two). A project's output is printed as one block when it finishes, with its duration.
// The web project first generates React Router's route types (`react-router typegen`), as before.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { bin, repoRoot } from './lib.mjs';

const tsc = bin('tsc');

/** Longest first, so the slowest project is never the one left to start last. */
const projects = [
  {
    name: 'apps/web',
    steps: [
      [bin('react-router', 'apps/web'), ['typegen'], path.join(repoRoot, 'apps/web')],
      [tsc, ['-p', 'apps/web'], repoRoot],
    ],
  },
  { name: 'apps/api', steps: [[tsc, ['-p', 'apps/api'], repoRoot]] },
  { name: 'tools (e2e, bench, configs)', steps: [[tsc, ['-p', 'tsconfig.tools.json'], repoRoot]] },
  { name: 'packages/contract', steps: [[tsc, ['-p', 'packages/contract'], repoRoot]] },
];

const concurrency = Math.max(
  1,
  Number(process.env.TYPECHECK_CONCURRENCY) || Math.max(2, availableParallelism()),
);

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

function runStep([command, args, cwd]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const done = (code) => {
      children.delete(child);
      resolve({ code, output: Buffer.concat(chunks).toString('utf8') });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`could not start ${command}: ${error.message}\n`));
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

async function check(project) {
  const started = performance.now();
  let output = '';
  let code = 0;
  for (const step of project.steps) {
    const result = await runStep(step);
    output += result.output;
    code = result.code;
    if (code !== 0) break;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
  process.stdout.write(
    `${output.trimEnd() ? `${output.trimEnd()}\n` : ''}tsc ${project.name}: ${status} in ${seconds} s\n`,
  );
  return code;
}

const started = performance.now();
const queue = [...projects];
const codes = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) codes.push(await check(project));
  }),
);
const failed = codes.filter((code) => code !== 0).length;
process.stdout.write(
  `typecheck: ${failed === 0 ? 'ok' : `${failed} project(s) failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s (${concurrency} at a time)\n`,
);
process.exitCode = failed === 0 ? 0 : 1;

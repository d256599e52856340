#!/usr/bin/env node
// `npm run bench [-- name …]`: runs every bench/*.ts (or those whose name contains one of the arguments)
// one after another with tsx. Benchmarks print figures; they never assert timings.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  process.stderr.write(`No benchmark in bench/ matches ${filters.join(', ') || '*.ts'}\n`);
  process.exit(1);
}

let failures = 0;
for (const file of files) {
  process.stdout.write(`\n### bench/${file}\n`);
  const result = spawnSync(process.execPath, [tsxCli, path.join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failures += 1;
    process.stderr.write(`bench/${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exitCode = failures > 0 ? 1 : 0;

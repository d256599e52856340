// The long mode of the OpenAPI-driven fuzz (apps/api/test/attack-surface.test.ts): every operation
// with FUZZ_RUNS generated hostile inputs (default here 200, against 3 in `npm test`). Prints what vitest
// prints: the run time and any operation that answered a 5xx with its counterexample.
// `npm run bench -- attack-fuzz`; FUZZ_RUNS and FUZZ_SEED override.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const runs = process.env.FUZZ_RUNS ?? '200';
const started = performance.now();
const result = spawnSync(process.execPath, [vitest, 'run', 'apps/api/test/attack-surface.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs },
});
process.stdout.write(
  `attack-fuzz: ${runs} runs per operation in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
process.exitCode = result.status ?? 1;

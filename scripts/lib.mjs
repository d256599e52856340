import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiBundle = path.join(repoRoot, 'apps/api/dist/server.js');
export const buildStamp = path.join(repoRoot, 'apps/api/dist/build-stamp.json');
export const webServerBuild = path.join(repoRoot, 'apps/web/build/server/index.js');

const INPUT_DIRS = ['packages/contract/src', 'apps/api/src', 'apps/web/app', 'apps/web/public'];
const INPUT_FILES = [
  'package-lock.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/postcss.config.cjs',
  'scripts/build.mjs',
];

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A hash of everything the production build is made from (tests excluded). */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_DIRS.flatMap((dir) => [...walk(path.join(repoRoot, dir))]),
    ...INPUT_FILES.map((file) => path.join(repoRoot, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(repoRoot, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function buildIsCurrent() {
  if (!existsSync(apiBundle) || !existsSync(webServerBuild) || !existsSync(buildStamp)) return false;
  try {
    return JSON.parse(readFileSync(buildStamp, 'utf8')).fingerprint === sourceFingerprint();
  } catch {
    return false;
  }
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** A package binary: the workspace's own node_modules first (npm may not hoist it), then the root's. */
export function bin(name, workspace) {
  const local = workspace && path.join(repoRoot, workspace, 'node_modules/.bin', name);
  return local && existsSync(local) ? local : path.join(repoRoot, 'node_modules/.bin', name);
}

export function fileAge(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(start: string, predicate: (dir: string) => boolean): string {
  let dir = start;
  for (;;) {
    if (predicate(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No matching folder above ${start}`);
    dir = parent;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

function packageNameAt(dir: string): string | undefined {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
}

/** The apps/api folder, whether running from src (tsx, vitest) or from the dist bundle. */
export const apiRoot = findUp(here, (dir) => packageNameAt(dir) === '@prepwise/api');
export const repoRoot = findUp(apiRoot, (dir) => packageNameAt(dir) === 'prepwise');
export const migrationsDir = path.join(apiRoot, 'src/db/migrations');
export const webRoot = path.join(repoRoot, 'apps/web');

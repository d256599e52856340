import { pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';
import { apiBundle, buildIsCurrent, repoRoot } from './lib.mjs';

// `npm start`: build when the build is missing or older than the sources, then serve from this process.
process.chdir(repoRoot);
if (!buildIsCurrent()) {
  console.info('Building Prepwise (first start, or the sources changed)…');
  const ms = await buildAll();
  console.info(`Build finished in ${(ms / 1000).toFixed(1)} s`);
}
// React and friends pick their optimized build from NODE_ENV; APP_ENV (not NODE_ENV) decides strictness.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(apiBundle).href);

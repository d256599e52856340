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
// When NODE_ENV is ours (not set by the operator), so is the choice of development mode: APP_ENV says it,
// since the server refuses NODE_ENV=production with a defaulted APP_ENV and demo data (decision 004).
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production';
  process.env.APP_ENV ||= 'development';
}
await import(pathToFileURL(apiBundle).href);

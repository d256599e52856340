import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { apiBundle, bin, buildStamp, repoRoot, run, sourceFingerprint } from './lib.mjs';

/** Bundles the API (our workspace packages inlined, npm packages left external) and builds the web app. */
export async function buildAll() {
  const started = performance.now();
  const fingerprint = sourceFingerprint();
  const apiPackage = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(repoRoot, 'apps/api/src/server.ts')],
    outfile: apiBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@prepwise/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    metafile: false,
  });
  await run(bin('react-router', 'apps/web'), ['build'], { cwd: path.join(repoRoot, 'apps/web') });
  mkdirSync(path.dirname(buildStamp), { recursive: true });
  writeFileSync(
    buildStamp,
    `${JSON.stringify({ fingerprint, version: apiPackage.version, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildAll();
  console.info(`Built Prepwise in ${(ms / 1000).toFixed(1)} s`);
}

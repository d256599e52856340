import { bin, repoRoot, run } from './lib.mjs';

// `npm run dev`: the API restarts on change (tsx watch), the web app hot-reloads through Vite middleware.
await run(
  bin('tsx'),
  ['watch', '--clear-screen=false', '--exclude', 'apps/web/**', 'apps/api/src/server.ts'],
  {
    env: { ...process.env, NODE_ENV: 'development', WEB_MODE: process.env.WEB_MODE ?? 'development' },
    cwd: repoRoot,
  },
).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

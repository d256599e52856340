import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { shellChunk } from './vite/shell-chunk';

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app');

export default defineConfig({
  plugins: [
    reactRouter(),
    shellChunk({
      appDir,
      routes: ['root.tsx', 'routes/session-layout.tsx', 'routes/default-layout.tsx'],
    }),
  ],
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1' },
});

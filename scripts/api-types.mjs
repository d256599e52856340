#!/usr/bin/env node
// `npm run api:types`: builds the API in-process, reads the OpenAPI document generated from its route
// schemas and writes the web's typed-client types, apps/web/app/lib/api-schema.ts (openapi-typescript).
// Run it after changing a route's schema; apps/api/test/api-schema.test.ts fails while the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './lib.mjs';

const { API_SCHEMA_FILE, generateApiSchema } = await tsImport(
  path.join(repoRoot, 'apps/api/test/api-schema.ts'),
  import.meta.url,
);
const text = await generateApiSchema();
const before = (() => {
  try {
    return readFileSync(API_SCHEMA_FILE, 'utf8');
  } catch {
    return '';
  }
})();
const where = path.relative(repoRoot, API_SCHEMA_FILE);
if (before === text) console.info(`${where} is up to date`);
else {
  writeFileSync(API_SCHEMA_FILE, text);
  console.info(`wrote ${where}`);
}
// The app's handles (the in-memory database's worker, timers) are closed; nothing else keeps running.
process.exit(0);

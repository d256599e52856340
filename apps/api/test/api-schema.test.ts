import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FILE, generateApiSchema } from './api-schema';

describe('the web’s generated API types (apps/web/app/lib/api-schema.ts)', () => {
  it('match the OpenAPI document of the current routes (else run `npm run api:types`)', async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    const current = await generateApiSchema();
    // Not toBe on the whole text: a mismatch would print two megabytes. The first differing line is enough.
    if (committed !== current) {
      const a = committed.split('\n');
      const b = current.split('\n');
      const line = a.findIndex((text, index) => text !== b[index]);
      expect.fail(
        `apps/web/app/lib/api-schema.ts is stale (run \`npm run api:types\`): line ${line + 1} is\n  ${a[line]}\nbut the routes give\n  ${b[line]}`,
      );
    }
  }, 120_000);
});

// The web's typed API client is generated from the OpenAPI document the API serves (issue 27):
// `npm run api:types` writes apps/web/app/lib/api-schema.ts, and api-schema.test.ts fails when that
// committed file no longer matches the routes' schemas.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the generated types live, committed. */
export const API_SCHEMA_FILE = path.join(repoRoot, 'apps/web/app/lib/api-schema.ts');

const HEADER = `/**
 * The API's paths, parameters, bodies and answers, generated from the OpenAPI document that the API
 * builds from its route schemas (apps/api/src/plugins/openapi.ts) by openapi-typescript.
 *
 * GENERATED FILE — do not edit: run \`npm run api:types\` after changing a route's schema
 * (apps/api/test/api-schema.test.ts fails while this file is stale).
 */

`;

/** The OpenAPI document of the app as built in-process (an empty in-memory database: no route runs). */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-openapi-'));
  const database = await openDatabase({ driver: 'pglite', memory: true });
  try {
    const app = await buildApp({
      config: loadConfig({
        APP_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'openapi-jwt-secret-that-is-long-enough-000',
        COOKIE_SECRET: 'openapi-cookie-secret-that-is-long-enough-0',
        LOG_LEVEL: 'silent',
        WEB_MODE: 'none',
      }),
      database,
      logger: false,
      jobs: { supervise: false },
    });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Operation = { parameters?: { name: string; in: string; schema?: unknown }[] };

/**
 * The document as openapi-typescript can read it. A querystring declared as a free record
 * (`z.record(…)`: the payment gateways' return and IPN calls, whose fields the gateway chooses) comes out
 * of fastify-swagger as one "parameter" per keyword of the record's JSON Schema (`type: "object"`,
 * `propertyNames`, `additionalProperties`), not as parameters; those are dropped: such a query is free.
 */
function readable(document: Record<string, unknown>) {
  const copy = structuredClone(document) as { paths: Record<string, Record<string, Operation>> };
  for (const methods of Object.values(copy.paths))
    for (const operation of Object.values(methods)) {
      const parameters = operation.parameters;
      if (!parameters) continue;
      const bogus = parameters.some((parameter) => typeof parameter.schema !== 'object');
      if (bogus) operation.parameters = parameters.filter((parameter) => parameter.in !== 'query');
    }
  return copy;
}

/** The text of apps/web/app/lib/api-schema.ts for the current routes. */
export async function generateApiSchema(document?: Record<string, unknown>): Promise<string> {
  const source = readable(document ?? (await openApiDocument()));
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript's document type is its own.
  const ast = await openapiTS(source as any, {
    // Properties the schemas do not list are not part of the contract.
    additionalProperties: false,
    alphabetize: true,
  });
  return `${HEADER}${astToString(ast)}`;
}

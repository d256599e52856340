import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { adminUrl, databaseUrlFor } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once for the whole run: a PGlite data-dir snapshot that every test file loads, and,
 * when TEST_DATABASE_URL is set, a PostgreSQL template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'prepwise-test-'));
  const snapshotFile = path.join(folder, 'migrated.tar.gz');
  const pglite = await openDatabase({ driver: 'pglite', memory: true });
  await migrateDatabase(pglite);
  const dump = await pglite.dumpDataDir!();
  writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshotFile);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (serverUrl) {
    // Per project too: `api` and `api-processes` each run this setup in the same main process.
    template = `prepwise_tpl_${process.pid}_${project.name.replace(/\W/g, '_')}`;
    const admin = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl), poolSize: 1 });
    await admin.executeSql(`DROP DATABASE IF EXISTS ${template}`);
    await admin.executeSql(`CREATE DATABASE ${template}`);
    const migrated = await openDatabase({
      driver: 'postgres',
      url: databaseUrlFor(serverUrl, template),
      poolSize: 1,
    });
    await migrateDatabase(migrated);
    await migrated.close();
    await admin.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl), poolSize: 1 });
      await admin.executeSql(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.close();
    }
  };
}

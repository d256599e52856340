import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { openDatabase } from './client';
import { DataDirLockedError } from './lock';
import { appliedMigrationCount, expectedMigrationCount, migrateDatabase } from './migrate';

describe('embedded PGlite folder', () => {
  it('refuses a second opener of the same folder while the first holds it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-pglite-'));
    const holder = await openDatabase({ driver: 'pglite', dataDir });
    try {
      await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await holder.close();
    }
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-pglite-'));
    writeFileSync(path.join(dataDir, 'pglite.lock'), '999999');
    const database = await openDatabase({ driver: 'pglite', dataDir });
    await database.close();
  });
});

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('has every migration applied and applies nothing twice', async () => {
    expect(await appliedMigrationCount(database)).toBe(expectedMigrationCount());
    expect(await migrateDatabase(database)).toEqual({ applied: 0, total: expectedMigrationCount() });
  });
});

describe('readiness without migrations', () => {
  it('is not ready on an empty database', async () => {
    const empty = await openDatabase({ driver: 'pglite', memory: true });
    expect(await appliedMigrationCount(empty)).toBe(0);
    await empty.close();
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { appSettings, seedRuns } from '../db/schema';
import { localUploads } from '../lib/storage';
import { type SeedStep, seedDatabase } from '.';

const context = { storage: localUploads(mkdtempSync(path.join(tmpdir(), 'prepwise-uploads-'))) };

describe('embedded PGlite folder', () => {
  it('keeps data across close and reopen', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-pglite-'));
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await migrateDatabase(first);
    await seedDatabase(first.db, { demo: false, context });
    const [before] = await first.db.select().from(appSettings);
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir });
    expect((await migrateDatabase(second)).applied).toBe(0);
    const [after] = await second.db.select().from(appSettings);
    expect(after?.value).toEqual(before?.value);
    await second.close();
    // A fresh folder runs every migration on a new PGlite instance: 33–39 s on a loaded 2-core machine.
  }, 120_000);
});

describe('seeding', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seeds once per step version', async () => {
    const runs: string[] = [];
    const step = (version: string, demo = false): SeedStep => ({
      name: 'test-step',
      version,
      demo,
      async run() {
        runs.push(version);
      },
    });
    expect((await seedDatabase(database.db, { demo: true, steps: [step('1')], context })).applied).toEqual([
      'test-step',
    ]);
    expect((await seedDatabase(database.db, { demo: true, steps: [step('1')], context })).skipped).toEqual([
      'test-step',
    ]);
    await seedDatabase(database.db, { demo: true, steps: [step('2')], context });
    expect(runs).toEqual(['1', '2']);
  });

  it('never runs demo steps when demo seeding is off', async () => {
    let ran = false;
    const demoStep: SeedStep = {
      name: 'demo-only',
      version: '1',
      demo: true,
      async run() {
        ran = true;
      },
    };
    await seedDatabase(database.db, { demo: false, steps: [demoStep], context });
    expect(ran).toBe(false);
  });

  it('rolls a failing seed step back and does not record it', async () => {
    const failing: SeedStep = {
      name: 'failing-step',
      version: '1',
      demo: false,
      async run(tx) {
        await tx.insert(appSettings).values({ key: 'half-done', value: true });
        throw new Error('boom');
      },
    };
    await expect(seedDatabase(database.db, { demo: false, steps: [failing], context })).rejects.toThrow(
      'boom',
    );
    const settings = await database.db.select().from(appSettings);
    expect(settings.find((row) => row.key === 'half-done')).toBeUndefined();
    const recorded = await database.db.select().from(seedRuns);
    expect(recorded.find((row) => row.name === 'failing-step')).toBeUndefined();
  });
});

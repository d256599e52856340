import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { Jobs } from './jobs';

async function provesJobIsProcessed(database: TestDatabase) {
  const harness = await createTestApp({ database });
  try {
    const processed: Array<{ lesson: string }> = [];
    await harness.app.jobs.start();
    await harness.app.jobs.define<{ lesson: string }>('test.record-lesson', async (data) => {
      processed.push(data);
    });
    const id = await harness.app.jobs.enqueue('test.record-lesson', { lesson: 'present-simple' });
    await waitFor(async () => {
      const job = await harness.app.jobs.getJob('test.record-lesson', id);
      if (job?.state !== 'completed') throw new Error(`state ${job?.state}`);
    });
    expect(processed).toEqual([{ lesson: 'present-simple' }]);
    return harness.database.driver;
  } finally {
    await harness.close();
  }
}

async function waitFor<T>(attempt: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('background jobs', () => {
  it('processes a job enqueued through the job helper on PGlite', async () => {
    expect(await provesJobIsProcessed(await createTestDatabase('pglite'))).toBe('pglite');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'processes a job enqueued through the job helper on PostgreSQL',
    async () => {
      expect(await provesJobIsProcessed(await createTestDatabase())).toBe('postgres');
    },
  );
});

describe('stopping the background jobs', () => {
  it('waits for the record of a job that has just ended, so the database can close after it', async () => {
    const database = await createTestDatabase('pglite');
    // A database slow to write a job's end, as under load: pg-boss does not await that statement.
    let completions = 0;
    const slow: Database = {
      ...database,
      async executeSql(text, values) {
        if (/SET completed_on = now\(\),\s+state = 'completed'/.test(text)) {
          completions++;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        }
        return database.executeSql(text, values);
      },
    };
    const silent = { warn() {}, error() {} } as unknown as ConstructorParameters<typeof Jobs>[1];
    const jobs = new Jobs(slow, silent, { pollingIntervalSeconds: 0.5, supervise: false });
    try {
      let ran = false;
      await jobs.start();
      await jobs.define('test.quick', async () => {
        ran = true;
      });
      const id = await jobs.enqueue('test.quick', {});
      await waitFor(async () => {
        if (!ran || completions === 0) throw new Error('not yet');
      });
      await jobs.stop();
      // Had stop() returned first, closing the database now would fail that write (unhandled).
      const { rows } = await database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await jobs.stop();
      await database.destroy();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers';

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

import type { DepsOf } from '../../deps';
import { submitOverdueAttempts } from './submission.service';

export const DEADLINE_QUEUE = 'attempts.submit-overdue';

/**
 * Every minute, one process submits the attempts whose deadline and grace have passed, so an attempt is
 * graded even if its learner never comes back (reading an overdue attempt also submits it at once).
 */
export async function defineDeadlineJob(deps: DepsOf<'db' | 'jobs' | 'log' | 'now'>): Promise<void> {
  const { db } = deps;
  await deps.jobs.define(DEADLINE_QUEUE, async () => {
    let submitted = 0;
    for (;;) {
      const batch = await submitOverdueAttempts(db, deps.now());
      submitted += batch;
      if (batch < 500) break;
    }
    if (submitted > 0) deps.log.info({ submitted }, 'overdue attempts submitted');
  });
  await deps.jobs.schedule(DEADLINE_QUEUE, '* * * * *');
}

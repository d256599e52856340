import type { HealthResult, ReadyResult } from '@prepwise/contract';
import type { Database } from '../../db/client';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate';
import type { Jobs } from '../../plugins/jobs';

export function getHealth(version: string): HealthResult {
  return { status: 'ok', uptimeSeconds: Math.round(process.uptime()), version };
}

export async function getReadiness(database: Database, jobs: Jobs | null): Promise<ReadyResult> {
  const expected = expectedMigrationCount();
  let reachable = false;
  let applied = 0;
  try {
    applied = await appliedMigrationCount(database);
    reachable = true;
  } catch {
    reachable = false;
  }
  const ready = reachable && applied === expected;
  return {
    status: ready ? 'ready' : 'not_ready',
    database: {
      driver: database.driver,
      reachable,
      migrationsApplied: applied,
      migrationsExpected: expected,
    },
    jobs: { running: jobs?.running ?? false },
  };
}

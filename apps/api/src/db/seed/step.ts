import type { Db } from '../client';

export interface SeedStep {
  /** Stable name; a step runs again only when its version changes. */
  name: string;
  version: string;
  /** Demo content and demo accounts: never in production unless SEED_DEMO=true. */
  demo: boolean;
  run(tx: Db): Promise<void>;
}

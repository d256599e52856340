import type { Db } from '../db/client';
import type { Storage } from '../lib/storage';

/** What a seed step may use besides the transaction: where uploaded files go. */
export interface SeedContext {
  storage: Storage;
}

export interface SeedStep {
  /** Stable name; a step runs again only when its version changes. */
  name: string;
  version: string;
  /** Demo content and demo accounts: never in production unless SEED_DEMO=true. */
  demo: boolean;
  run(tx: Db, context: SeedContext): Promise<void>;
}

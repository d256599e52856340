import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Storage } from './lib/storage';
import type { Jobs } from './plugins/jobs';
import type { Mailer } from './plugins/mail';

/**
 * What services and jobs work with, built once by `buildApp()` (app.ts, `app.deps`). A service takes the
 * part it needs (`Pick<Deps, 'db' | 'mail' | 'now'>`), never the Fastify instance; a service that needs only
 * the database takes `db`, and one that needs only the time takes `now: Date`, read from `Deps.now` by
 * its caller.
 */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  jobs: Jobs;
  mail: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The app's clock: real time unless the app was built with another (`buildApp({ now })`). */
  now: Clock;
}

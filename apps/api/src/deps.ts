import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Storage } from './lib/storage';
import type { Jobs } from './plugins/jobs';
import type { Mailer } from './plugins/mail';

/**
 * The mark of a real Deps object. The Fastify app is decorated with the same names (`app.db`, `app.mail`,
 * `app.now` …), so without it a service taking `{ db, mail, now }` would accept the app itself; the app
 * has no such key, so passing `app` where `app.deps` is meant is a type error.
 */
const DEPS: unique symbol = Symbol('Deps');

/** What a Deps object holds. */
export interface DepsParts {
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

/**
 * What services and jobs work with, built once by `buildApp()` (app.ts, `app.deps`). A service takes the
 * part it needs (`DepsOf<'db' | 'mail' | 'now'>`), never the Fastify instance; a service that needs only
 * the database takes `db`, and one that needs only the time takes `now: Date`, read from `Deps.now` by
 * its caller.
 */
export type Deps = DepsParts & { readonly [DEPS]: true };

/** The part of Deps a service needs: `app.deps` fits it, the Fastify app does not. */
export type DepsOf<K extends keyof DepsParts> = Pick<DepsParts, K> & { readonly [DEPS]: true };

/**
 * A Deps object, or the part of one, built from its parts: by `buildApp()`, and by callers outside a
 * running app (seed steps, scripts) that hand a service the database they work in and a clock.
 */
export function makeDeps<T extends Partial<DepsParts>>(parts: T): T & { readonly [DEPS]: true } {
  return { ...parts, [DEPS]: true as const };
}

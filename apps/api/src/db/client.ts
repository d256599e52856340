import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  driver: DatabaseDriver;
  db: Db;
  /** Raw SQL for infrastructure (pg-boss, readiness); several statements are allowed when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * One statement of the hottest paths (answer saves), by a fixed name: PostgreSQL parses and plans it
   * once per connection; PGlite runs it as executeSql does.
   */
  prepared(name: string, text: string, values: unknown[]): Promise<SqlResult>;
  /** Runs raw SQL calls on one connection inside one transaction (migrations, locks). */
  transaction<T>(work: (executeSql: ExecuteSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the data folder (test snapshots, backups). */
  dumpDataDir?(): Promise<Blob>;
}

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir: string }
  | { driver: 'pglite'; memory: true; loadDataDir?: Blob };

// Extensions the migrations use; PostgreSQL ships them in its contrib package.
const extensions = { pg_trgm };

// int8 counts come back as strings from node-postgres; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  if ('memory' in options) {
    const client = new PGlite({ loadDataDir: options.loadDataDir, extensions });
    await client.waitReady;
    return wrapPglite(client, () => {});
  }
  mkdirSync(options.dataDir, { recursive: true });
  const release = lockDataDir(options.dataDir);
  try {
    const folder = path.join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    const client = new PGlite(folder, { extensions });
    await client.waitReady;
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

function wrapPglite(client: PGlite, release: () => void): Database {
  return {
    driver: 'pglite',
    db: drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async prepared(_name, text, values) {
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    },
    async dumpDataDir() {
      return client.dumpDataDir('gzip');
    },
    transaction(work) {
      return client.transaction((tx) =>
        work(async (text, values) => {
          if (values && values.length > 0) {
            return { rows: (await tx.query<Record<string, unknown>>(text, values)).rows };
          }
          const results = await tx.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }),
      );
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const probe = await pool.connect();
  probe.release();
  return {
    driver: 'postgres',
    db: drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async prepared(name, text, values) {
      return { rows: (await pool.query<Record<string, unknown>>({ name, text, values })).rows };
    },
    async transaction(work) {
      const connection = await pool.connect();
      // A connection lost between two statements of the transaction reports it here, not as an
      // uncaught error: the next statement fails (and the request answers 503, see lib/database-outage).
      const onLost = () => {};
      connection.on('error', onLost);
      try {
        await connection.query('BEGIN');
        const result = await work(async (text, values) => {
          const answer = await connection.query(text, values as unknown[] | undefined);
          const last = Array.isArray(answer) ? answer.at(-1) : answer;
          return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
        });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.off('error', onLost);
        connection.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

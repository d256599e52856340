import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../lib/paths';
import type { Database } from './client';

// Same bookkeeping table as drizzle-kit's migrator, so either tool sees the same history.
const CREATE_BOOKKEEPING = `
  CREATE SCHEMA IF NOT EXISTS drizzle;
  CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);
`;
const MIGRATION_LOCK_KEY = 7_274_001;

export interface MigrationResult {
  applied: number;
  total: number;
}

/**
 * Applies pending drizzle-kit migrations in one transaction under an advisory lock, so several
 * API nodes starting together on one PostgreSQL apply each migration once.
 */
export async function migrateDatabase(database: Database, folder = migrationsDir): Promise<MigrationResult> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return database.transaction(async (sql) => {
    await sql('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await sql(CREATE_BOOKKEEPING);
    const { rows } = await sql(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const lastApplied = Number(rows[0]?.created_at ?? 0);
    let applied = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await sql(statement);
      }
      await sql('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
      applied++;
    }
    return { applied, total: migrations.length };
  });
}

export function expectedMigrationCount(folder = migrationsDir): number {
  const journal = path.join(folder, 'meta/_journal.json');
  if (!existsSync(journal)) return 0;
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

export async function appliedMigrationCount(database: Database): Promise<number> {
  const { rows } = await database.executeSql(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return 0;
  const counted = await database.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return Number(counted.rows[0]?.n ?? 0);
}

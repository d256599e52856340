// Analytics and learners at scale (issue 15): fills PostgreSQL with organizations, classes, students,
// submitted attempts of the practice tests and their answers, then prints p50/p95 of each analytics and
// learner API call through the real app, in-process (app.inject: handler + database, no network).
// Prints figures only; nothing here asserts a timing. Target: every call's p95 ≤ 300 ms.
//
// Scale: by default a tenth of the figures, so it runs in a few minutes on a shared 2-core
// machine: 20 organizations, 5,000 students, 20,000 attempts, 20 answers each (400,000 answers).
// BENCH_FULL=1 uses the issue's: 200 organizations, 50,000 students, 200,000 attempts, 50 answers each
// (10,000,000 answers). Each figure can be set alone: BENCH_ORGANIZATIONS, BENCH_STUDENTS,
// BENCH_ATTEMPTS, BENCH_ANSWERS (per attempt), BENCH_REQUESTS per scenario (30).
// Attempts start over the last 180 days; the analytics' default range is the last 56.
// The platform-wide calls read the daily rollups (decision 022): the fill's attempts are marked by the
// trigger, and the bench times their backfill (every day and test recomputed), one day's recompute (the
// job's steady work), and the same three calls and a centre's two counted directly (before the rollups), with
// BENCH_DIRECT_REQUESTS (10) requests each.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created beside
// it and dropped at the end; BENCH_DATABASE_NAME names it), BENCH_KEEP=1 keeps it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyticsQuerySchema } from '@prepwise/contract';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { localUploads } from '../apps/api/src/lib/storage';
import { getAnalytics } from '../apps/api/src/modules/learners/analytics.service';
import { refreshRollups } from '../apps/api/src/modules/learners/analytics-rollups';
import { seedDatabase } from '../apps/api/src/seed';
import { demoAccountsStep } from '../apps/api/src/seed/demo-accounts';
import { examStructureStep } from '../apps/api/src/seed/exam-structure';
import { practiceTestsStep } from '../apps/api/src/seed/practice-tests';
import { PLATFORM } from '../apps/api/src/tenancy/tenant';

const full = Boolean(process.env.BENCH_FULL);
const figure = (name: string, small: number, large: number) =>
  Number(process.env[name] ?? (full ? large : small));
const organizations = figure('BENCH_ORGANIZATIONS', 20, 200);
const students = figure('BENCH_STUDENTS', 5_000, 50_000);
const attemptCount = figure('BENCH_ATTEMPTS', 20_000, 200_000);
const answersPerAttempt = figure('BENCH_ANSWERS', 20, 50);
const requests = Number(process.env.BENCH_REQUESTS ?? 30);
const directRequests = Number(process.env.BENCH_DIRECT_REQUESTS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-analytics-'));
const benchDatabase = process.env.BENCH_DATABASE_NAME ?? `prepwise_bench_analytics_${process.pid}`;

function urlFor(database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
  await admin.executeSql(`CREATE DATABASE ${benchDatabase}`);
  await admin.close();
  const database = await openDatabase({ driver: 'postgres', url: urlFor(benchDatabase), poolSize: 10 });
  return {
    database,
    drop: async () => {
      if (process.env.BENCH_KEEP) return console.info(`kept database ${benchDatabase}`);
      const cleaner = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

/** Organizations (the first owned by teacher@prepwise.vn), 5 classes each, students, attempts, answers. */
async function fill(database: Database) {
  const sql = (text: string) => database.executeSql(text);
  const started = performance.now();
  await sql(`
    INSERT INTO organizations (name, slug, email, status, created_at)
    SELECT 'Trung tâm ' || g, 'bench-center-' || g, 'center' || g || '@bench.vn', 'approved',
           now() - ((g % 180) || ' days')::interval
    FROM generate_series(1, ${organizations}) g`);
  await sql(`
    UPDATE organizations SET owner_id = (SELECT id FROM users WHERE email = 'teacher@prepwise.vn')
    WHERE slug = 'bench-center-1'`);
  await sql(`
    UPDATE users SET organization_id = (SELECT id FROM organizations WHERE slug = 'bench-center-1')
    WHERE email = 'teacher@prepwise.vn'`);
  await sql(`
    INSERT INTO classes (organization_id, name)
    SELECT o.id, 'Lớp ' || c FROM organizations o, generate_series(1, 5) c WHERE o.slug LIKE 'bench-center-%'`);
  await sql(`
    INSERT INTO users (email, full_name, scope, created_at)
    SELECT 'student' || g || '@bench.vn', 'Học viên ' || g, 'user', now() - ((g % 200) || ' days')::interval
    FROM generate_series(1, ${students}) g`);
  // Student g studies at organization (g mod N) + 1, in one of its five classes.
  await sql(`
    WITH o AS (SELECT id, row_number() OVER (ORDER BY slug) - 1 AS n FROM organizations WHERE slug LIKE 'bench-center-%'),
         s AS (SELECT id, substring(email from 'student(\\d+)@')::int AS g FROM users WHERE email LIKE 'student%@bench.vn')
    INSERT INTO organization_students (organization_id, user_id, joined_via)
    SELECT o.id, s.id, 'code' FROM s JOIN o ON o.n = s.g % ${organizations}`);
  await sql(`
    WITH c AS (SELECT id, organization_id, row_number() OVER (PARTITION BY organization_id ORDER BY name) - 1 AS k FROM classes),
         s AS (SELECT os.user_id, os.organization_id, substring(u.email from 'student(\\d+)@')::int AS g
               FROM organization_students os JOIN users u ON u.id = os.user_id WHERE u.email LIKE 'student%@bench.vn')
    INSERT INTO class_students (class_id, user_id)
    SELECT c.id, s.user_id FROM s JOIN c ON c.organization_id = s.organization_id AND c.k = (s.g / ${organizations}) % 5`);
  const batch = 20_000;
  for (let done = 0; done < attemptCount; done += batch) {
    const size = Math.min(batch, attemptCount - done);
    await sql(`
      WITH t AS (SELECT array_agg(id ORDER BY slug) AS ids, array_agg(published_version ORDER BY slug) AS versions
                 FROM tests WHERE organization_id IS NULL AND published_version IS NOT NULL AND access = 'free'),
           s AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'student%@bench.vn')
      INSERT INTO attempts (user_id, test_id, test_version, mode, section_ids, status, started_at, submitted_at,
                            submit_reason, grading, score_total, max_score, correct_count, question_count, result)
      SELECT s.ids[1 + (g * 7919) % array_length(s.ids, 1)],
             t.ids[1 + g % array_length(t.ids, 1)], t.versions[1 + g % array_length(t.ids, 1)],
             'full', '[]'::jsonb, 'submitted',
             now() - ((g * 37 % 180) || ' days')::interval - ((g % 24) || ' hours')::interval,
             now() - ((g * 37 % 180) || ' days')::interval - ((g % 24) || ' hours')::interval + interval '45 minutes',
             'learner', 'complete', (g * 13) % 41, 40, (g * 13) % 41, 40,
             jsonb_build_object('parts', (SELECT jsonb_agg(jsonb_build_object('name', 'Part ' || p, 'correct', (g + p * 3) % 9,
                 'total', 8, 'pending', 0)) FROM generate_series(1, 5) p))
      FROM generate_series(${done + 1}, ${done + size}) g, t, s`);
  }
  // Answers: the first questions of the platform's bank, each attempt its own slice (one row per question).
  const attemptIds = `SELECT id, row_number() OVER (ORDER BY id) AS n FROM attempts`;
  for (let done = 0; done < attemptCount; done += batch) {
    await sql(`
      WITH q AS (SELECT array_agg(id ORDER BY id) AS ids FROM questions WHERE organization_id IS NULL AND group_id IS NULL),
           a AS (${attemptIds})
      INSERT INTO attempt_answers (attempt_id, question_id, answer, seq, outcome, points)
      SELECT a.id, q.ids[1 + (a.n + k) % array_length(q.ids, 1)], '{"key":"A"}'::jsonb, k,
             CASE WHEN (a.n + k) % 3 = 0 THEN 'wrong' ELSE 'correct' END, CASE WHEN (a.n + k) % 3 = 0 THEN 0 ELSE 1 END
      FROM a, q, generate_series(1, LEAST(${answersPerAttempt}, (SELECT array_length(ids, 1) FROM q))) k
      WHERE a.n > ${done} AND a.n <= ${done + batch}`);
  }
  await sql('ANALYZE');
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const { database, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const storage = localUploads(dataDir);
    await seedDatabase(database.db, {
      demo: true,
      steps: [examStructureStep, demoAccountsStep, practiceTestsStep],
      context: { storage },
    });
    const fillMs = await fill(database);
    const backfillStarted = performance.now();
    const pairs = await refreshRollups(database.db);
    const backfillMs = performance.now() - backfillStarted;
    // What autovacuum does after a large insert (and the backfill's delete of every mark): statistics, the
    // visibility map for index-only scans, and no dead marks for each request's look at what waits.
    const analyticsTables = await database.executeSql(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'analytics\\_%' ORDER BY 1",
    );
    for (const { tablename } of analyticsTables.rows as { tablename: string }[])
      await database.executeSql(`VACUUM ANALYZE ${tablename}`);
    // The job's steady work: yesterday's every test marked again (as its submissions would) and recomputed.
    await database.executeSql(`INSERT INTO analytics_pending (day, test_id)
      SELECT DISTINCT (started_at AT TIME ZONE 'UTC')::date, test_id FROM attempts
      WHERE (started_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date - 1`);
    const dayAttempts = Number(
      (
        await database.executeSql(
          "SELECT count(*) AS n FROM attempts WHERE (started_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date - 1",
        )
      ).rows[0]?.n,
    );
    const dayStarted = performance.now();
    const dayPairs = await refreshRollups(database.db);
    const dayMs = performance.now() - dayStarted;
    const answers = Number(
      (await database.executeSql('SELECT count(*) AS n FROM attempt_answers')).rows[0]?.n,
    );
    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_MODE: 'none' });
    const app = await buildApp({ config, database, logger: false, storage, jobs: { supervise: false } });
    await app.ready();
    const signIn = async (realm: 'admin' | 'user', email: string) => {
      const login = await app.inject({
        method: 'POST',
        url: `/api/${realm}/auth/login`,
        payload: { email, password: 'Demo@12345' },
      });
      return { authorization: `Bearer ${login.json().result.access_token}` };
    };
    const asAdmin = await signIn('admin', 'admin@prepwise.vn');
    const asTeacher = await signIn('user', 'teacher@prepwise.vn');
    const one = async (text: string) => String((await database.executeSql(text)).rows[0]?.id);
    const center = await one("SELECT id FROM organizations WHERE slug = 'bench-center-1'");
    const klass = await one(
      `SELECT id FROM classes WHERE organization_id = '${center}' ORDER BY name LIMIT 1`,
    );
    const test = await one('SELECT id FROM tests WHERE organization_id IS NULL ORDER BY slug LIMIT 1');
    // Student g studies at the organization numbered g mod N in slug order: student N at bench-center-1.
    const learner = await one(`SELECT id FROM users WHERE email = 'student${organizations}@bench.vn'`);
    const scenarios: [string, string, Record<string, string>][] = [
      ['admin analytics (56 days)', '/api/admin/analytics', asAdmin],
      ['admin analytics (180 days)', `/api/admin/analytics?from=${dayAgo(179)}`, asAdmin],
      ['admin analytics, one test', `/api/admin/analytics?test_id=${test}`, asAdmin],
      ['admin analytics, one centre', `/api/admin/analytics?organization_id=${center}`, asAdmin],
      ['admin analytics options', '/api/admin/analytics/options', asAdmin],
      ['centre analytics (56 days)', '/api/educator/analytics', asTeacher],
      ['centre analytics (180 days)', `/api/educator/analytics?from=${dayAgo(179)}`, asTeacher],
      ['centre analytics, one class', `/api/educator/analytics?class_id=${klass}`, asTeacher],
      ['centre analytics options', '/api/educator/analytics/options', asTeacher],
      ['learners, page 1', '/api/admin/students?page=1&pageSize=20', asAdmin],
      ['learners, search', '/api/admin/students?search=student42&pageSize=20', asAdmin],
      ['learners, one centre', `/api/admin/students?organization_id=${center}&pageSize=20`, asAdmin],
      ['one learner', `/api/admin/students/${learner}`, asAdmin],
      ['learner attempts of a test', `/api/educator/students/${learner}/tests/${test}/attempts`, asTeacher],
    ];
    console.info(
      `\nAnalytics: ${organizations} organizations, ${students.toLocaleString('en')} students, ${attemptCount.toLocaleString('en')} attempts, ${answers.toLocaleString('en')} answers on PostgreSQL (filled in ${(fillMs / 1000).toFixed(1)} s), ${requests} requests per call\n`,
    );
    console.info(
      `Rollups: backfill of ${pairs} days × tests in ${(backfillMs / 1000).toFixed(1)} s; one day (${dayPairs} tests, ${dayAttempts.toLocaleString('en')} attempts) recomputed in ${dayMs.toFixed(0)} ms\n`,
    );
    console.info('call                              p50 ms   p95 ms');
    for (const [name, url, headers] of scenarios) {
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      }
      times.sort((a, b) => a - b);
      console.info(
        `${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}`,
      );
    }
    // Before the rollups: the same platform-wide figures counted directly from the attempts.
    // An organization's view (bench-center-1) before its learner rollups: counted directly too.
    const direct: [string, Record<string, string>, { organizationId: string | null }][] = [
      ['admin 56 days, direct count', {}, PLATFORM],
      ['admin 180 days, direct count', { from: dayAgo(179) }, PLATFORM],
      ['admin one test, direct count', { test_id: test }, PLATFORM],
      ['centre 56 days, direct count', {}, { organizationId: center }],
      ['centre 180 days, direct count', { from: dayAgo(179) }, { organizationId: center }],
    ];
    for (const [name, query, tenant] of direct) {
      const parsed = analyticsQuerySchema.parse(query);
      await getAnalytics(database.db, tenant, parsed, new Date(), { direct: true });
      const times: number[] = [];
      for (let i = 0; i < directRequests; i++) {
        const started = performance.now();
        await getAnalytics(database.db, tenant, parsed, new Date(), { direct: true });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.info(
        `${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function dayAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

await main();

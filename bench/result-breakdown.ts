// The result breakdown's "everyone" figures (issue 14): times loadEveryoneTallies — the two reads behind
// every result page's comparison — for each test that has submitted attempts, and prints the plan of
// the answers' read. Prints figures only; nothing here asserts a timing.
//
// BENCH_DATA_DIR: an existing data folder (e.g. .tmp/e2e-data after an e2e run: the full demo seed and
// the specs' attempts); opened with PGlite, read only. BENCH_REQUESTS per test (default 30).
import { openDatabase } from '../apps/api/src/db/client';
import { loadEveryoneTallies } from '../apps/api/src/modules/attempts/breakdown';

const dataDir = process.env.BENCH_DATA_DIR;
const requests = Number(process.env.BENCH_REQUESTS ?? 30);
if (!dataDir) throw new Error('Set BENCH_DATA_DIR to a data folder (e.g. .tmp/e2e-data)');

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const database = await openDatabase({ driver: 'pglite', dataDir });
try {
  const { rows } = await database.executeSql(
    `select t.id, t.slug, count(*)::int as attempts,
            (select count(*)::int from attempt_answers aa join attempts b on b.id = aa.attempt_id
              where b.test_id = t.id and b.status = 'submitted') as answers
       from attempts a join tests t on t.id = a.test_id
      where a.status = 'submitted' group by t.id, t.slug order by attempts desc`,
  );
  for (const test of rows as { id: string; slug: string; attempts: number; answers: number }[]) {
    const times: number[] = [];
    for (let index = 0; index < requests; index++) {
      const started = performance.now();
      await loadEveryoneTallies(database.db, test.id);
      times.push(performance.now() - started);
    }
    console.info(
      `${test.slug}: ${test.attempts} submitted attempts, ${test.answers} answers — p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`,
    );
  }
  const [busiest] = rows as { id: string }[];
  if (busiest) {
    const plan = await database.executeSql(
      `explain analyze select aa.question_id, count(*) filter (where aa.outcome = 'correct')::int
         from attempts a join attempt_answers aa on aa.attempt_id = a.id
        where a.test_id = $1 and a.status = 'submitted' group by aa.question_id`,
      [busiest.id],
    );
    for (const line of plan.rows as { 'QUERY PLAN': string }[]) console.info(line['QUERY PLAN']);
  }
} finally {
  await database.close();
}

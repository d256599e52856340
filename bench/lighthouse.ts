/**
 * Lighthouse (mobile) against the production build, with Debian's Chromium — a benchmark that
 * prints figures, not a test. Run `npm run build` first, then `npx tsx bench/lighthouse.ts`.
 *
 * Starts `node apps/api/dist/server.js` on a free port with a fresh data folder (demo content
 * seeded), then audits the public pages of issue 19 — /, /blog, a post, /grammar/tense, /tests,
 * /vocabulary and /organizations — `LIGHTHOUSE_RUNS` times each (default 3), printing the median of the
 * four category scores, LCP, TBT and CLS, and the gzipped JavaScript, CSS and HTML each page transfers.
 * First it prints the rate of a bare Fastify hello-world at that moment (autocannon, 5 s), to say how busy
 * the machine was. `LIGHTHOUSE_DETAIL=1` also lists every script and stylesheet of each page with its
 * gzipped size and the unthrottled load's own timings, to find what to trim. `LIGHTHOUSE_PAGES=/,/blog`
 * audits only the pages listed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const ALL_PAGES = [
  '/',
  '/blog',
  '/blog/lo-trinh-tu-hoc-toeic-650-trong-3-thang-cho-nguoi-mat-goc',
  '/grammar/tense',
  '/tests',
  '/vocabulary',
  '/organizations',
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Requests a second a bare Fastify hello-world answers right now: how busy the machine is. */
async function helloWorldRate(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(root, 'bench/support/hello-fastify.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error('hello-world exited')));
    });
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: 10, duration: 1 });
    return (await autocannon({ url, connections: 10, duration: 5 })).requests.average;
  } finally {
    child.kill('SIGTERM');
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** `LIGHTHOUSE_PAGES=/,/blog` audits only those pages. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ALL_PAGES;
const DETAIL = process.env.LIGHTHOUSE_DETAIL === '1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('The server exited before it was ready');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become ready');
}

/** A plain-text table of rows with the same keys. */
function table(rows: Record<string, string | number>[]): string {
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((row) => line(keys.map((key) => String(row[key])))),
  ].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prepwise-lighthouse-'));
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      NODE_ENV: 'production',
      WEB_MODE: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    console.info(`hello-world now: ${Math.round(await helloWorldRate())} req/s`);
    await waitForHealth(base, server);
    const rows: Record<string, string | number>[] = [];
    const details: string[] = [];
    for (const page of PAGES) {
      const probe = await fetch(`${base}${page}`);
      await probe.arrayBuffer();
      if (probe.status === 404) {
        console.info(`${page}: not in this build (404), not audited`);
        continue;
      }
      const audit = () =>
        lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
      const runs: NonNullable<Awaited<ReturnType<typeof audit>>>[] = [];
      for (let run = 0; run < RUNS; run++) {
        let result = await audit();
        // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: retry.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await audit();
        if (!result) throw new Error(`No Lighthouse result for ${page}`);
        if (result.lhr.runtimeError)
          console.warn(page, result.lhr.runtimeError.code, result.lhr.runtimeError.message);
        runs.push(result);
      }
      // The run whose performance score is the median stands for the page's files and details.
      const byScore = [...runs].sort(
        (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      );
      const result = byScore[Math.floor(byScore.length / 2)]!;
      const { audits } = result.lhr;
      const medianOf = (pick: (run: (typeof runs)[number]) => number | undefined) =>
        median(runs.map((run) => pick(run) ?? 0));
      const items = (
        (
          audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number; url?: string }[];
          }
        )?.items ?? []
      ).filter((item) => item.url?.startsWith(base));
      // The server may send files uncompressed: measure what gzip would transfer.
      const gzipped = async (type: string) => {
        let total = 0;
        for (const item of items.filter((entry) => entry.resourceType === type)) {
          const body = Buffer.from(await (await fetch(item.url as string)).arrayBuffer());
          const size = gzipSync(body, { level: 6 }).length;
          total += size;
          if (DETAIL)
            details.push(
              `${page}  ${type}  ${kb(size).padStart(9)}  ${new URL(item.url as string).pathname}`,
            );
        }
        return total;
      };
      if (DETAIL) {
        const lcpElement = (
          audits['largest-contentful-paint-element']?.details as
            | { items?: { items?: { node?: { snippet?: string } }[] }[] }
            | undefined
        )?.items?.[0]?.items?.[0]?.node?.snippet;
        const blocking = (
          (audits['render-blocking-resources']?.details as { items?: { url?: string; wastedMs?: number }[] })
            ?.items ?? []
        ).map((item) => `${new URL(item.url ?? base).pathname} (${Math.round(item.wastedMs ?? 0)} ms)`);
        // What the unthrottled load showed; the simulation only counts requests that ended before these.
        const observed = (
          audits.metrics?.details as { items?: Record<string, number | undefined>[] } | undefined
        )?.items?.[0];
        details.push(
          `${page}  observed FCP ${observed?.observedFirstContentfulPaint} ms, LCP ${observed?.observedLargestContentfulPaint} ms, load ${observed?.observedLoad} ms`,
        );
        details.push(
          `${page}  FCP ${audits['first-contentful-paint']?.displayValue}, SI ${audits['speed-index']?.displayValue}, ` +
            `LCP element ${lcpElement ?? '?'}; render-blocking: ${blocking.join(', ') || 'none'}`,
        );
      }
      const score = (id: string) =>
        Math.round(medianOf((run) => run.lhr.categories[id]?.score ?? undefined) * 100);
      const metric = (id: string) => medianOf((run) => run.lhr.audits[id]?.numericValue);
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'JS (gzip)': kb(await gzipped('Script')),
        'CSS (gzip)': kb(await gzipped('Stylesheet')),
        'HTML (gzip)': kb(await gzipped('Document')),
        LCP: `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`,
        TBT: `${Math.round(metric('total-blocking-time'))} ms`,
        CLS: metric('cumulative-layout-shift').toFixed(3),
      });
    }
    console.info(
      `Lighthouse (mobile emulation, simulated throttling) against the production build, median of ${RUNS}:`,
    );
    console.info(table(rows));
    if (DETAIL) console.info(`\nFiles per page (gzipped):\n${details.join('\n')}`);
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

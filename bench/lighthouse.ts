/**
 * Lighthouse (mobile) against the production build, with Debian's Chromium — a benchmark that
 * prints figures, not a test. Run `npm run build` first, then `npx tsx bench/lighthouse.ts`.
 *
 * Starts `node apps/api/dist/server.js` on a free port with a fresh data folder (demo content
 * seeded), then audits /, /blog, a post, /grammar/tense and /tests (when the build has that page:
 * an absent /tests is reported, not audited), printing the four category scores and the gzipped
 * JavaScript and CSS each page transfers. `LIGHTHOUSE_DETAIL=1` also lists every script and
 * stylesheet of each page with its gzipped size and the unthrottled load's own timings, to find what
 * to trim. `LIGHTHOUSE_PAGES=/,/blog` audits only the pages listed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
];
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
      let result = await audit();
      // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: retry.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await audit();
      if (!result) throw new Error(`No Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
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
      if (result.lhr.runtimeError)
        console.warn(page, result.lhr.runtimeError.code, result.lhr.runtimeError.message);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'JS (gzip)': kb(await gzipped('Script')),
        'CSS (gzip)': kb(await gzipped('Stylesheet')),
        'HTML (gzip)': kb(await gzipped('Document')),
        LCP: audits['largest-contentful-paint']?.displayValue ?? '',
        TBT: audits['total-blocking-time']?.displayValue ?? '',
      });
    }
    console.info('Lighthouse (mobile emulation, simulated throttling) against the production build:');
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

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server';

const html =
  '<!DOCTYPE html><html lang="vi"><head><link rel="stylesheet" href="/assets/shell.css"/></head>' +
  '<body><h1>Ngữ pháp tiếng Anh: 12 thì</h1>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/shell.js"/>' +
  '<script type="module">import("/assets/entry.client.js");</script></body></html>';

/** Streams the document cut into pieces of `size` bytes, which splits links and UTF-8 characters. */
async function rewrite(size: number) {
  const bytes = Buffer.from(html, 'utf8');
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return text(Readable.from(pieces).pipe(lowPriorityModulePreloads()));
}

describe('module preloads of a server-rendered page', () => {
  it('are fetched at low priority; stylesheets and scripts are left alone', async () => {
    const out = await rewrite(64 * 1024);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/shell.css"/>');
    expect(out).toContain('<script type="module">import("/assets/entry.client.js");</script>');
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(html);
  });

  it('come out the same whatever the chunk boundaries, Vietnamese text intact', async () => {
    const whole = await rewrite(64 * 1024);
    for (const size of [1, 2, 3, 7, 13, 25, 26, 100]) {
      expect(await rewrite(size)).toBe(whole);
    }
    expect(whole).toContain('Ngữ pháp tiếng Anh: 12 thì');
  });

  it('runs the finish callback once the document has been written', async () => {
    let finished = 0;
    const stream = Readable.from([Buffer.from(html)]).pipe(lowPriorityModulePreloads(() => finished++));
    await text(stream);
    expect(finished).toBe(1);
  });
});

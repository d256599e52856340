#!/usr/bin/env node
// Makes the demo learner's spoken answers of the seeded IELTS Speaking test (issue 28): each answer in
// apps/api/src/seed/content/ielts/speaking.ts is read by espeak-ng into a WAV file, which Chromium plays into
// its fake microphone (`--use-file-for-fake-audio-capture`) while its MediaRecorder records it as WebM/Opus
// (24 kbit/s), the bytes a learner's runner uploads. The files are committed under seed/content/media.
// Needs espeak-ng and Chromium (CHROMIUM_PATH or /usr/bin/chromium). Run: node scripts/make-demo-speaking.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mediaDir = path.join(root, 'apps/api/src/seed/content/media');
const { DEMO_SPEAKING_ANSWERS, demoSpeakingFile } = await tsImport(
  path.join(root, 'apps/api/src/seed/content/ielts/speaking.ts'),
  import.meta.url,
);
const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const work = mkdtempSync(path.join(tmpdir(), 'prepwise-speaking-'));
// getUserMedia needs a secure context: a page of localhost is one.
const server = createServer((_request, response) => response.end('<!doctype html><title>rec</title>'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

for (const [index, text] of DEMO_SPEAKING_ANSWERS.entries()) {
  const wavPath = path.join(work, `answer-${index}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us+f2', '-s', '140', '-p', '55', '-w', wavPath, text]);
  // espeak-ng writes 22050 Hz, 16-bit mono: the data size gives the duration.
  const seconds = (execFileSync('stat', ['-c', '%s', wavPath]).toString().trim() - 44) / (22_050 * 2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = await browser.newPage();
  await page.goto(`http://localhost:${server.address().port}/`);
  const bytes = await page.evaluate(
    async (ms) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, {
        mimeType: 'audio/webm;codecs=opus',
        audioBitsPerSecond: 24_000,
      });
      const parts = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      await new Promise((resolve) => setTimeout(resolve, ms));
      recorder.stop();
      await stopped;
      return [...new Uint8Array(await new Blob(parts).arrayBuffer())];
    },
    Math.ceil(seconds * 1000) + 700,
  );
  await browser.close();
  writeFileSync(path.join(mediaDir, demoSpeakingFile(index)), Buffer.from(bytes));
  process.stdout.write(`${demoSpeakingFile(index)}: ${seconds.toFixed(1)} s, ${bytes.length} bytes\n`);
}
server.close();
rmSync(work, { recursive: true, force: true });

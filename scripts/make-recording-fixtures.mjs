// Makes the speaking fixtures (issue 28), committed so CI needs neither ffmpeg nor a microphone:
// - e2e/fixtures/audio/speech-tone.wav: 4 s of a warbling tone (mono, 16-bit, 16 kHz), Chromium's fake
//   microphone input (`--use-file-for-fake-audio-capture`);
// - apps/api/test/fixtures/recording-3s.webm: 3 s recorded from it by Chromium's MediaRecorder
//   (audio/webm;codecs=opus, 1 s timeslice), the bytes a runner uploads.
// Run: node scripts/make-recording-fixtures.mjs (needs Chromium at CHROMIUM_PATH or /usr/bin/chromium).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const rate = 16_000;
const seconds = 4;
const samples = rate * seconds;
const wav = Buffer.alloc(44 + samples * 2);
wav.write('RIFF', 0);
wav.writeUInt32LE(36 + samples * 2, 4);
wav.write('WAVEfmt ', 8);
wav.writeUInt32LE(16, 16);
wav.writeUInt16LE(1, 20);
wav.writeUInt16LE(1, 22);
wav.writeUInt32LE(rate, 24);
wav.writeUInt32LE(rate * 2, 28);
wav.writeUInt16LE(2, 32);
wav.writeUInt16LE(16, 34);
wav.write('data', 36);
wav.writeUInt32LE(samples * 2, 40);
for (let i = 0; i < samples; i++) {
  const t = i / rate;
  const pitch = 220 + 80 * Math.sin(2 * Math.PI * 3 * t);
  const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 2 * t);
  wav.writeInt16LE(Math.round(12_000 * envelope * Math.sin(2 * Math.PI * pitch * t)), 44 + i * 2);
}
const wavPath = path.join(root, 'e2e/fixtures/audio/speech-tone.wav');
writeFileSync(wavPath, wav);

const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}`,
    '--autoplay-policy=no-user-gesture-required',
  ],
});
// getUserMedia needs a secure context: a page of localhost is one.
const server = createServer((_request, response) => response.end('<!doctype html><title>rec</title>'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const page = await browser.newPage();
await page.goto(`http://localhost:${server.address().port}/`);
const bytes = await page.evaluate(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
  const parts = [];
  recorder.ondataavailable = (event) => parts.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  recorder.stop();
  await stopped;
  return [...new Uint8Array(await new Blob(parts).arrayBuffer())];
});
writeFileSync(path.join(root, 'apps/api/test/fixtures/recording-3s.webm'), Buffer.from(bytes));
await browser.close();
server.close();
process.stdout.write(`wav ${wav.length} bytes, webm ${bytes.length} bytes\n`);

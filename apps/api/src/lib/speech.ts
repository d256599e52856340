import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import type { Storage } from './storage';

/*
 * Offline speech: eSpeak NG compiled to WebAssembly (the `espeak-ng` package, GPL-3.0-or-later,
 * compatible with Prepwise's AGPL). Used by the vocabulary (headwords, example sentences, the authors'
 * preview) and the dictation (one sentence of a transcript at a time). Nothing here touches the network.
 */

/** The synthesizer runs in a worker thread: a run takes about half a second of CPU, off the event loop. */
const SPEECH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(async ({ default: ESpeakNg }) => {
  const espeak = await ESpeakNg({ arguments: workerData.args, print: () => {}, printErr: () => {} });
  const bytes = espeak.FS.readFile(workerData.output);
  parentPort.postMessage(bytes, [bytes.buffer]);
}).catch((error) => { throw error; });
`;

const espeakModule = pathToFileURL(createRequire(import.meta.url).resolve('espeak-ng')).href;
/** One synthesis at a time: a burst of requests queues instead of starting a worker each. */
let queue: Promise<unknown> = Promise.resolve();

function runEspeak(args: string[], output: string): Promise<Uint8Array> {
  const job = queue.then(
    () =>
      new Promise<Uint8Array>((resolve, reject) => {
        const worker = new Worker(SPEECH_WORKER, {
          eval: true,
          workerData: { module: espeakModule, args, output },
        });
        worker.once('message', (bytes: Uint8Array) => {
          resolve(bytes);
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (code !== 0) reject(new Error(`espeak-ng exited with ${code}`));
        });
      }),
  );
  queue = job.catch(() => undefined);
  return job;
}

/** eSpeak's text argument: one line, no option-looking start, bounded. */
function speakable(text: string, max: number) {
  return text.replace(/\s+/g, ' ').trim().replace(/^-+/, '').slice(0, max);
}

export const SPEECH_VOICE = 'en-us';

/** The IPA of a headword as eSpeak NG pronounces it (American English), between slashes. */
export async function pronounce(headword: string): Promise<string> {
  const text = speakable(headword, 80);
  if (!text) return '';
  const bytes = await runEspeak(
    ['-q', '--ipa=3', '--phonout', 'ipa.txt', '-v', SPEECH_VOICE, text],
    'ipa.txt',
  );
  const ipa = new TextDecoder()
    .decode(bytes)
    .replace(/[\u200d_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ipa ? `/${ipa}/` : '';
}

/** Spoken text as a WAV file (16-bit mono PCM). */
export function synthesize(text: string): Promise<Uint8Array> {
  return runEspeak(['-w', 'speech.wav', '-s', '145', '-v', SPEECH_VOICE, speakable(text, 300)], 'speech.wav');
}

/** Where a text's audio is kept once made: the same text is synthesized once. */
export function speechKey(text: string) {
  const hash = createHash('sha256')
    .update(`${SPEECH_VOICE}\n${speakable(text, 300)}`)
    .digest('hex');
  return `speech/${hash.slice(0, 2)}/${hash}.wav`;
}

const making = new Map<string, Promise<Uint8Array>>();

/**
 * The audio of a text, from storage when it was made before, else synthesized (once, however many ask
 * at the same moment) and stored.
 */
export async function speechAudio(storage: Storage, text: string): Promise<Readable | Buffer> {
  const key = speechKey(text);
  const stored = await storage.read(key);
  if (stored) return stored;
  let pending = making.get(key);
  if (!pending) {
    pending = synthesize(text).then(async (bytes) => {
      await storage.put(key, bytes);
      return bytes;
    });
    making.set(key, pending);
    void pending.finally(() => making.delete(key)).catch(() => undefined);
  }
  return Buffer.from(await pending);
}

/** Sends spoken audio; the same text always gives the same bytes, so a day of caching is safe. */
export function sendSpeech(reply: FastifyReply, audio: Readable | Buffer) {
  return reply
    .header('content-type', 'audio/wav')
    .header('cache-control', 'public, max-age=86400')
    .send(audio);
}

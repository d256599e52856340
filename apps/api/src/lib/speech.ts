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

/** A text's audio and where it came from: storage (made before) or a synthesis of this request. */
export interface SpeechAudio {
  body: Readable | Buffer;
  source: 'stored' | 'synthesized';
}

/**
 * The audio of a text, from storage when it was made before, else synthesized (once, however many ask
 * at the same moment) and stored.
 */
export async function speechAudio(storage: Storage, text: string): Promise<SpeechAudio> {
  const key = speechKey(text);
  const stored = await storage.read(key);
  if (stored) return { body: stored, source: 'stored' };
  let pending = making.get(key);
  if (!pending) {
    pending = synthesize(text).then(async (bytes) => {
      await storage.put(key, bytes);
      return bytes;
    });
    making.set(key, pending);
    void pending.finally(() => making.delete(key)).catch(() => undefined);
  }
  return { body: Buffer.from(await pending), source: 'synthesized' };
}

/**
 * Sends spoken audio; the same text always gives the same bytes, so a day of caching is safe.
 * `X-Speech-Source` says whether it was read from storage or synthesized for this request.
 */
export function sendSpeech(reply: FastifyReply, audio: SpeechAudio) {
  return reply
    .header('content-type', 'audio/wav')
    .header('cache-control', 'public, max-age=86400')
    .header('x-speech-source', audio.source)
    .send(audio.body);
}

/** A listening script's voices: a conversation's woman and man sound different; other speakers in turn. */
const SCRIPT_VOICES: Record<string, string> = { Woman: 'en-us+f3', Man: 'en-us+m3' };
const OTHER_VOICES = [SPEECH_VOICE, 'en-us+f3', 'en-us+m3'];
/** The pause between two lines of a script, in seconds. */
const LINE_PAUSE = 0.4;

/** The PCM samples of an eSpeak WAV file (its `data` chunk) and its format (its `fmt ` chunk). */
function wavParts(bytes: Uint8Array): { format: Uint8Array; data: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('espeak-ng gave no WAV file');
  let format: Uint8Array | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (tag(offset) === 'fmt ') format = bytes.subarray(body, body + size);
    // A streamed WAV's data chunk may give no size (or too big a one): then it runs to the end.
    if (tag(offset) === 'data' && format)
      return {
        format,
        data: bytes.subarray(body, size > 0 && body + size <= bytes.length ? body + size : undefined),
      };
    offset = body + size + (size % 2);
  }
  throw new Error('espeak-ng gave a WAV file without samples');
}

/** A line's text in pieces eSpeak takes whole (its argument is bounded): cut after sentences. */
function speakablePieces(text: string, max = 280): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/)) {
    if (current && current.length + sentence.length + 1 > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
    while (current.length > max) {
      const cut = current.lastIndexOf(' ', max);
      pieces.push(current.slice(0, cut > 0 ? cut : max));
      current = current.slice(cut > 0 ? cut + 1 : max);
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * A listening script spoken line by line, each speaker with a voice of their own, as one WAV file
 * (16-bit mono PCM) with a short pause between lines. Offline, like every synthesis here.
 */
export async function synthesizeScript(lines: { speaker: string; text: string }[]): Promise<Uint8Array> {
  const others = [...new Set(lines.map((line) => line.speaker))].filter((speaker) => !SCRIPT_VOICES[speaker]);
  const voiceOf = (speaker: string) =>
    SCRIPT_VOICES[speaker] ?? OTHER_VOICES[others.indexOf(speaker) % OTHER_VOICES.length]!;
  let format: Uint8Array | null = null;
  const chunks: Uint8Array[] = [];
  for (const line of lines) {
    for (const piece of speakablePieces(line.text)) {
      const text = speakable(piece, 300);
      if (!text) continue;
      const parts = wavParts(
        await runEspeak(['-w', 'speech.wav', '-s', '145', '-v', voiceOf(line.speaker), text], 'speech.wav'),
      );
      format ??= parts.format;
      chunks.push(parts.data);
    }
    if (format) {
      const view = new DataView(format.buffer, format.byteOffset, format.byteLength);
      const bytesPerSecond = view.getUint32(8, true);
      const align = view.getUint16(12, true);
      chunks.push(new Uint8Array(Math.round((bytesPerSecond * LINE_PAUSE) / align) * align));
    }
  }
  if (!format) throw new Error('The script has nothing to say');
  const dataSize = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(12 + 8 + format.length + 8 + dataSize);
  const view = new DataView(out.buffer);
  const writeTag = (offset: number, tag: string) => {
    for (let i = 0; i < 4; i++) out[offset + i] = tag.charCodeAt(i);
  };
  writeTag(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  writeTag(8, 'WAVE');
  writeTag(12, 'fmt ');
  view.setUint32(16, format.length, true);
  out.set(format, 20);
  let offset = 20 + format.length;
  writeTag(offset, 'data');
  view.setUint32(offset + 4, dataSize, true);
  offset += 8;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

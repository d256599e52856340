// Transcription (issue 28): the word error rate of machine transcripts of spoken answers, and the time to
// transcribe a two-minute answer. The recordings are made here: eSpeak NG voices read known IELTS-style
// answers (written for this benchmark), encoded as the runner uploads them (WebM/Opus, mono, 24 kbit/s),
// then transcribed offline (ffmpeg + PocketSphinx, as the job does) and, when an AI provider is configured
// (AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TRANSCRIPTION_MODEL as the app reads them), by the provider too.
// Prints figures only; nothing here asserts.
//
// Knobs (environment): BENCH_VOICES (en-us,en-gb,en-us+f3), BENCH_SPEED (eSpeak words per minute, 145 as
// the app's speech), BENCH_LONG_SECONDS (120: the long answer's least length). Needs the espeak-ng and
// ffmpeg programs and PocketSphinx (Debian: espeak-ng ffmpeg pocketsphinx pocketsphinx-en-us).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import {
  offlineRecogniser,
  providerRecogniser,
  type Recogniser,
} from '../apps/api/src/modules/recordings/transcription';
import { type WordErrors, wordErrors } from '../apps/api/src/modules/recordings/word-error-rate';

const run = promisify(execFile);
const voices = (process.env.BENCH_VOICES ?? 'en-us,en-gb,en-us+f3').split(',').filter(Boolean);
const speed = String(Number(process.env.BENCH_SPEED ?? 145));
const longSeconds = Number(process.env.BENCH_LONG_SECONDS ?? 120);

/** What the voices say: short answers in the manner of IELTS Speaking parts 1–3 (original, for this bench). */
const SCRIPTS = [
  {
    id: 'hometown',
    text: 'I grew up in a small town near the sea, about two hours from the capital. Most people there work in fishing or in the rice fields. What I like most is the market in the morning, when everyone comes out to buy fresh food and talk with their friends.',
  },
  {
    id: 'studies',
    text: 'At the moment I am a second year student of economics at a university in the city. I chose this subject because I want to understand why some countries grow faster than others. The hardest part is statistics, but my classmates and I study together every weekend, so it is getting easier.',
  },
  {
    id: 'a book',
    text: 'I would like to talk about a book that my grandfather gave me when I was twelve. It was a collection of short stories about farmers and their families. I read it again last summer, and I noticed many details that I had missed as a child. It taught me to be patient and to respect hard work.',
  },
  {
    id: 'technology',
    text: 'In my opinion, technology has changed the way young people learn. Twenty years ago students had to go to the library to find information, but now they can search for it on their phones in a few seconds. However, I think this also makes it harder for them to concentrate on one thing for a long time.',
  },
  {
    id: 'traffic',
    text: "I believe the government should do more to reduce traffic in big cities. For example, they could build more bus lines and make public transport cheaper, so that fewer people drive to work. Cleaner air would improve people's health, and the streets would be safer for children walking to school.",
  },
];

const work = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-stt-'));

async function missingProgram(): Promise<string | null> {
  for (const program of ['espeak-ng', 'ffmpeg', 'pocketsphinx_continuous']) {
    try {
      await run('sh', ['-c', `command -v ${program}`]);
    } catch {
      return program;
    }
  }
  return null;
}

/** The voice reading the text, as the runner uploads it: WebM/Opus, mono, 24 kbit/s; and its seconds. */
async function recording(name: string, voice: string, text: string) {
  const wav = path.join(work, `${name}.wav`);
  const webm = path.join(work, `${name}.webm`);
  await run('espeak-ng', ['-v', voice, '-s', speed, '-w', wav, text]);
  // espeak-ng writes 22050 Hz, 16-bit mono: the data size gives the duration.
  const seconds = (statSync(wav).size - 44) / (22_050 * 2);
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-i', wav],
    ...['-ac', '1', '-c:a', 'libopus', '-b:a', '24k', webm],
  ]);
  return { bytes: readFileSync(webm), seconds };
}

async function timed(recogniser: Recogniser, bytes: Buffer) {
  const started = performance.now();
  const text = await recogniser.transcribe(bytes, 'audio/webm');
  return { text, ms: performance.now() - started };
}

const percent = (errors: WordErrors) => `${(errors.rate * 100).toFixed(1)}%`;
const total = (all: WordErrors[]) => {
  const sum = (key: 'substitutions' | 'deletions' | 'insertions' | 'words') =>
    all.reduce((acc, errors) => acc + errors[key], 0);
  const [s, d, i, words] = [sum('substitutions'), sum('deletions'), sum('insertions'), sum('words')];
  return { substitutions: s, deletions: d, insertions: i, words, rate: words ? (s + d + i) / words : 0 };
};

async function main() {
  const missing = await missingProgram();
  if (missing) {
    console.info(`transcription: skipped, ${missing} is not installed`);
    return;
  }
  // The provider as the app would configure it (DATA_DIR in a scratch folder: no secrets written here).
  const ai = loadConfig({ ...process.env, APP_ENV: 'test', DATA_DIR: path.join(work, 'data') }).ai;
  const recognisers: Recogniser[] = [offlineRecogniser()];
  if (ai?.transcriptionModel)
    recognisers.push(providerRecogniser({ ...ai, transcriptionModel: ai.transcriptionModel }));
  const label = (recogniser: Recogniser) =>
    recogniser.source === 'offline'
      ? 'offline (PocketSphinx en-us)'
      : `provider (${ai?.transcriptionModel} at ${ai?.baseUrl})`;

  console.info(
    `transcription word error rate: ${SCRIPTS.length} answers × ${voices.length} eSpeak NG voices (${voices.join(', ')}, ${speed} wpm), WebM/Opus 24 kbit/s`,
  );
  if (recognisers.length === 1)
    console.info(
      '  provider: not configured (AI_BASE_URL and AI_MODEL unset, or AI_TRANSCRIPTION_MODEL=offline)',
    );
  const results = new Map<Recogniser, { voice: string; errors: WordErrors }[]>(
    recognisers.map((recogniser) => [recogniser, []]),
  );
  for (const voice of voices) {
    for (const script of SCRIPTS) {
      const { bytes, seconds } = await recording(`${voice}-${script.id}`, voice, script.text);
      for (const recogniser of recognisers) {
        const { text, ms } = await timed(recogniser, bytes);
        const errors = wordErrors(script.text, text);
        results.get(recogniser)!.push({ voice, errors });
        console.info(
          `  ${recogniser.source.padEnd(8)} ${voice.padEnd(9)} ${script.id.padEnd(11)} ${seconds.toFixed(1).padStart(5)} s audio · ${String(errors.words).padStart(3)} words · S ${errors.substitutions} D ${errors.deletions} I ${errors.insertions} · WER ${percent(errors).padStart(6)} · ${(ms / 1000).toFixed(1)} s`,
        );
      }
    }
  }
  for (const recogniser of recognisers) {
    const rows = results.get(recogniser)!;
    const perVoice = voices
      .map(
        (voice) =>
          `${voice} ${percent(total(rows.filter((row) => row.voice === voice).map((row) => row.errors)))}`,
      )
      .join(' · ');
    const all = total(rows.map((row) => row.errors));
    console.info(
      `  ${label(recogniser)}: overall WER ${percent(all)} (${all.substitutions + all.deletions + all.insertions} errors / ${all.words} words; S ${all.substitutions}, D ${all.deletions}, I ${all.insertions}) · per voice: ${perVoice}`,
    );
  }

  // A two-minute answer: the scripts one after another (en-us) until the speech lasts long enough.
  const parts: string[] = [];
  let long = { bytes: Buffer.alloc(0), seconds: 0 };
  while (long.seconds < longSeconds) {
    parts.push(SCRIPTS[parts.length % SCRIPTS.length]!.text);
    long = await recording('long', 'en-us', parts.join(' '));
  }
  const reference = parts.join(' ');
  console.info(
    `time to transcribe a ${longSeconds === 120 ? 'two-minute' : `${longSeconds}-second`} answer (${long.seconds.toFixed(1)} s of en-us speech, ${wordErrors(reference, '').words} words, ${(long.bytes.length / 1024).toFixed(0)} KiB WebM/Opus; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  for (const recogniser of recognisers) {
    const { text, ms } = await timed(recogniser, long.bytes);
    console.info(
      `  ${label(recogniser)}: ${(ms / 1000).toFixed(1)} s (${(ms / 1000 / long.seconds).toFixed(2)} × real time) · WER ${percent(wordErrors(reference, text))}`,
    );
  }
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}

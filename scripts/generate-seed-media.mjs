#!/usr/bin/env node
// Regenerates the committed media of Prepwise's seed practice tests from the content modules in
// apps/api/src/seed/content: Part 1 pictures and the seeded blog posts' covers (SVG → PNG with
// rsvg-convert) and every TOEIC listening clip (espeak-ng → WAV, joined with pauses here, → mono MP3 with lame).
// Needs: apt-get install espeak-ng lame librsvg2-bin. Not run at install or start; its output is committed.
// Idempotent: a file is rebuilt only when its source (script text, voice, picture) changed, tracked in
// media/manifest.json; pass --force to rebuild everything.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'apps/api/src/seed/content');
const mediaDir = path.join(contentDir, 'media');
const manifestFile = path.join(mediaDir, 'manifest.json');
const force = process.argv.includes('--force');

const { toeicTest1 } = await tsImport(path.join(contentDir, 'toeic/index.ts'), import.meta.url);
const { clipName } = await tsImport(path.join(contentDir, 'types.ts'), import.meta.url);
const { BLOG_COVERS, COVER_WIDTH, COVER_HEIGHT } = await tsImport(
  path.join(contentDir, 'blog-covers.ts'),
  import.meta.url,
);
const { ieltsListeningTest1 } = await tsImport(path.join(contentDir, 'ielts/listening.ts'), import.meta.url);
const { commuteChartSvg, WRITING_CHART_FILE, WRITING_CHART_WIDTH, WRITING_CHART_HEIGHT } = await tsImport(
  path.join(contentDir, 'ielts/writing.ts'),
  import.meta.url,
);

/** espeak-ng voice and speed of each speaker. */
const VOICES = {
  narrator: { voice: 'en-us', speed: 150, pitch: 45 },
  man: { voice: 'en-us+m3', speed: 150, pitch: 40 },
  woman: { voice: 'en-gb+f3', speed: 148, pitch: 60 },
  man2: { voice: 'en-gb-x-rp+m1', speed: 145, pitch: 35 },
  woman2: { voice: 'en-us+f2', speed: 152, pitch: 65 },
};
const RATE = 22050;
const BITRATE = '24';

const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
const work = mkdtempSync(path.join(tmpdir(), 'prepwise-media-'));
const hash = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
let built = 0;

function needsBuild(file, source) {
  const key = hash(source);
  if (!force && manifest[file] === key && existsSync(path.join(mediaDir, file))) return false;
  manifest[file] = key;
  built++;
  return true;
}

/** 16-bit mono PCM samples of one spoken line. */
function speak(who, text) {
  const { voice, speed, pitch } = VOICES[who];
  const wav = execFileSync(
    'espeak-ng',
    ['-v', voice, '-s', String(speed), '-p', String(pitch), '--stdout', text],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // Find the data chunk of the RIFF file espeak-ng writes (22050 Hz, 16-bit, mono).
  let offset = 12;
  while (offset < wav.length - 8) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') return wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
    offset += 8 + size;
  }
  throw new Error(`No audio from espeak-ng for: ${text}`);
}

const silence = (seconds) => Buffer.alloc(Math.round(RATE * seconds) * 2);

function wavFile(pcm) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Speaks the turns with a pause after each and writes a mono low-bitrate MP3. */
function clip(file, turns, bitrate = BITRATE) {
  if (!needsBuild(file, bitrate === BITRATE ? { turns, VOICES, BITRATE } : { turns, VOICES, bitrate }))
    return;
  const parts = [silence(0.3)];
  for (const turn of turns) parts.push(speak(turn.who, turn.text), silence(turn.pause ?? 0.6));
  const wav = path.join(work, `${file}.wav`);
  writeFileSync(wav, wavFile(Buffer.concat(parts)));
  execFileSync('lame', [
    '--quiet',
    '-m',
    'm',
    '-b',
    bitrate,
    '--resample',
    bitrate === BITRATE ? '22.05' : '16',
    '--noreplaygain',
    wav,
    path.join(mediaDir, file),
  ]);
}

function picture(file, svg, width = 480, height = 320) {
  if (!needsBuild(file, { svg })) return;
  const source = path.join(work, `${file}.svg`);
  writeFileSync(source, svg);
  execFileSync('rsvg-convert', [
    '-w',
    String(width),
    '-h',
    String(height),
    '-o',
    path.join(mediaDir, file),
    source,
  ]);
}

const LETTERS = ['A', 'B', 'C', 'D'];

// Part 1: the picture, then the four statements read by one voice.
toeicTest1.part1.forEach((item, index) => {
  picture(item.image, item.svg);
  clip(clipName(1, index), [
    {
      who: 'narrator',
      text: `Number ${index + 1}. Look at the picture marked number ${index + 1} in your test book.`,
      pause: 1,
    },
    ...item.statements.map((text, i) => ({ who: item.voice, text: `${LETTERS[i]}. ${text}`, pause: 0.9 })),
  ]);
});

// Part 2: the question or statement, then three responses by another voice.
toeicTest1.part2.forEach((item, index) => {
  const number = index + 7;
  clip(clipName(2, index), [
    { who: 'narrator', text: `Number ${number}.`, pause: 0.5 },
    { who: item.prompt.who, text: item.prompt.text, pause: 0.9 },
    ...item.responses.map((text, i) => ({ who: item.responder, text: `${LETTERS[i]}. ${text}`, pause: 0.8 })),
  ]);
});

// Parts 3 and 4: the announcement of the questions, then the conversation or talk.
for (const [part, sets, first, kind] of [
  [3, toeicTest1.part3, 32, 'conversation'],
  [4, toeicTest1.part4, 71, 'talk'],
]) {
  sets.forEach((set, index) => {
    const from = first + index * 3;
    const label =
      set.lines.some((line) => line.who === 'man2' || line.who === 'woman2') && part === 3
        ? 'conversation with three speakers'
        : kind;
    clip(clipName(part, index), [
      {
        who: 'narrator',
        text: `Questions ${from} through ${from + 2} refer to the following ${label}.`,
        pause: 0.9,
      },
      ...set.lines.map((line) => ({ ...line, pause: 0.45 })),
    ]);
  });
}

// IELTS Listening: the narrator announces the part, a pause to read the questions, then the recording.
// Minutes long, so a lower bitrate (16 kbit/s mono at 16 kHz keeps speech clear at ~120 KB a minute).
for (const part of ieltsListeningTest1.parts) {
  clip(
    part.clip,
    [
      { who: 'narrator', text: part.intro, pause: 4 },
      ...part.lines.map((line) => ({ ...line, pause: 0.5 })),
      { who: 'narrator', text: 'That is the end of this part.', pause: 1 },
    ],
    '16',
  );
}

// IELTS Writing Task 1: the chart.
picture(WRITING_CHART_FILE, commuteChartSvg(), WRITING_CHART_WIDTH, WRITING_CHART_HEIGHT);

// The seeded blog posts' covers, at the size of a shared link's picture.
for (const cover of BLOG_COVERS) picture(cover.file, cover.svg, COVER_WIDTH, COVER_HEIGHT);

// Drop files no content refers to any more.
const wanted = new Set(Object.keys(manifest).filter((file) => existsSync(path.join(mediaDir, file))));
const referenced = new Set([
  ...toeicTest1.part1.flatMap((item, index) => [item.image, clipName(1, index)]),
  ...toeicTest1.part2.map((_, index) => clipName(2, index)),
  ...toeicTest1.part3.map((_, index) => clipName(3, index)),
  ...toeicTest1.part4.map((_, index) => clipName(4, index)),
  ...BLOG_COVERS.map((cover) => cover.file),
  ...ieltsListeningTest1.parts.map((part) => part.clip),
  WRITING_CHART_FILE,
]);
for (const file of wanted) {
  if (!referenced.has(file)) {
    rmSync(path.join(mediaDir, file));
    delete manifest[file];
  }
}
writeFileSync(
  manifestFile,
  `${JSON.stringify(Object.fromEntries(Object.entries(manifest).sort()), null, 2)}\n`,
);
rmSync(work, { recursive: true, force: true });

const total = readdirSync(mediaDir).reduce((sum, file) => sum + statSync(path.join(mediaDir, file)).size, 0);
process.stdout.write(
  `seed media: ${built} file(s) rebuilt, ${readdirSync(mediaDir).length} files, ${(total / 1024 / 1024).toFixed(2)} MB in ${path.relative(root, mediaDir)}\n`,
);

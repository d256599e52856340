/*
 * What a recording's bytes are (issue 28), read from the bytes, never from the client's word: WebM /
 * Matroska (EBML magic 1A 45 DF A3, what Chromium and Firefox record) or MP4 (an `ftyp` box first, what
 * Safari records), and the duration of a WebM when it can be read.
 */

export type RecordingMime = 'audio/webm' | 'audio/mp4';

export function sniffRecording(bytes: Uint8Array): RecordingMime | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'audio/webm';
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return 'audio/mp4';
  return null;
}

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Master elements read into (their children follow in the stream) rather than skipped. */
const MASTERS = new Set([SEGMENT, CLUSTER, INFO, BLOCK_GROUP]);

/** A variable-length integer at `at`: its value (marker kept for ids) and length, or null. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function uint(bytes: Uint8Array, at: number, size: number) {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/**
 * The duration of a WebM in milliseconds: the Info element's Duration when the recorder wrote one,
 * else the last block's time plus the usual gap between blocks (a MediaRecorder stream has no
 * Duration). Null when the bytes cannot be walked or hold no block.
 */
export function webmDurationMs(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  let scale = 1_000_000;
  let declared: number | null = null;
  let cluster = 0;
  const times: number[] = [];
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    if (!id) return null;
    const size = vint(bytes, at + id.length, false);
    if (!size) return null;
    const body = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      at = body;
      continue;
    }
    if (size.unknown) return null;
    const end = body + size.value;
    if (end > bytes.length) break;
    if (id.value === TIMECODE_SCALE) scale = uint(bytes, body, size.value);
    else if (id.value === DURATION)
      declared = size.value === 4 ? view.getFloat32(body) : size.value === 8 ? view.getFloat64(body) : null;
    else if (id.value === CLUSTER_TIMECODE) cluster = uint(bytes, body, size.value);
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = vint(bytes, body, false);
      if (track && body + track.length + 2 <= end) times.push(cluster + view.getInt16(body + track.length));
    }
    at = end;
  }
  if (declared && declared > 0) return Math.round((declared * scale) / 1_000_000);
  if (times.length === 0) return null;
  const sorted = [...times].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((time, index) => time - sorted[index]!)
    .filter((gap) => gap > 0);
  const gap = gaps.length > 0 ? gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]! : 0;
  return Math.round(((sorted.at(-1)! - sorted[0]! + gap) * scale) / 1_000_000);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../lib/paths';
import { sniffRecording, webmDurationMs } from './container';

/** 3 s recorded by Chromium's MediaRecorder in 1 s chunks (scripts/make-recording-fixtures.mjs). */
const WEBM = readFileSync(path.join(apiRoot, 'test/fixtures/recording-3s.webm'));

describe('recording containers (issue 28)', () => {
  it('knows WebM and MP4 by their first bytes, and nothing else', () => {
    expect(sniffRecording(WEBM)).toBe('audio/webm');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), Buffer.alloc(12)]);
    expect(sniffRecording(mp4)).toBe('audio/mp4');
    expect(sniffRecording(Buffer.from('\x89PNG\r\n\x1a\n0000'))).toBeNull();
    expect(sniffRecording(Buffer.from('OggS\0\x02'))).toBeNull();
    expect(sniffRecording(Buffer.alloc(0))).toBeNull();
  });

  it('reads the duration of a MediaRecorder WebM from its blocks, also of a cut one', () => {
    expect(webmDurationMs(WEBM)).toBeGreaterThan(2_800);
    expect(webmDurationMs(WEBM)).toBeLessThan(3_200);
    // The stream cut after about a second and a half (a reload mid-recording): shorter, still read.
    const cut = webmDurationMs(WEBM.subarray(0, Math.floor(WEBM.length / 2)));
    expect(cut).toBeGreaterThan(500);
    expect(cut).toBeLessThan(2_500);
    expect(webmDurationMs(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00]))).toBeNull();
  });
});

export type MediaKind = 'audio' | 'image';

export interface DetectedType {
  kind: MediaKind;
  mime: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The real type of an upload from its first bytes; the file name and declared type are not trusted. */
export function detectMediaType(bytes: Uint8Array): DetectedType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG')
    return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return { kind: 'image', mime: 'image/webp', extension: 'webp' };
  }
  if (ascii(bytes, 0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg', extension: 'ogg' };
  if (
    ascii(bytes, 0, 3) === 'ID3' ||
    (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0)
  ) {
    return { kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' };
  }
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'dash'].includes(brand)) {
      return { kind: 'audio', mime: 'audio/mp4', extension: 'm4a' };
    }
  }
  return null;
}

export const MAX_BYTES: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
};

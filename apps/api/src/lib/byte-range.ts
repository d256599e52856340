import type { ByteRange } from './storage';

/** A single `bytes=` range (RFC 9110 §14.1.2): null for none or one we ignore, as the spec allows. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || !(match[1] || match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

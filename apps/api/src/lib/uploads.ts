import type { MultipartFile } from '@fastify/multipart';
import type { AppError } from './errors';
import { checkFilename } from './text-hygiene';

const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT']);

/**
 * The bytes of one uploaded file, whole or not at all: a file over the route's limit is refused with
 * `tooLarge()` (413) even when the parser stopped exactly at the limit and marked the stream truncated
 * without throwing, so a cut file is never stored. A filename with a NUL or a lone surrogate is refused.
 * A body that ends before the file does (no closing boundary: "Unexpected end of form") is refused with
 * `unreadable()` (400) when given; otherwise the caller's own catch names it (the imports' `file` key).
 */
export async function readWholeFile(
  part: MultipartFile,
  tooLarge: () => AppError,
  unreadable?: () => AppError,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (TOO_LARGE_CODES.has((error as { code?: string }).code ?? '')) throw tooLarge();
    if (unreadable) throw unreadable();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  checkFilename(part.filename);
  return bytes;
}

export const isTooLargeError = (error: unknown) =>
  TOO_LARGE_CODES.has((error as { code?: string }).code ?? '');

import type { MultipartFile } from '@fastify/multipart';
import { IMPORT_KEYS, IMPORT_MAX_BYTES, QUESTION_KEYS, VALIDATION_KEYS } from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { checkFilename } from '../lib/text-hygiene';

/** The `file` error keys of one kind of upload, and how a file over the route's limit is described. */
export interface UploadKeys {
  /** No multipart body, no file, or an empty one. */
  required: string;
  /** The body ended before the file did, or could not be parsed. */
  unreadable: string;
  tooLarge: string;
  tooLargeMessage: string;
}

/** Imports (question bank, roster, words), each limited to `IMPORT_MAX_BYTES`. */
export const IMPORT_UPLOAD: UploadKeys = {
  required: IMPORT_KEYS.fileRequired,
  unreadable: IMPORT_KEYS.fileRequired,
  tooLarge: IMPORT_KEYS.tooLarge,
  tooLargeMessage: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
};

/** Pictures and recordings (media). */
export const MEDIA_UPLOAD: UploadKeys = {
  required: VALIDATION_KEYS.required,
  unreadable: VALIDATION_KEYS.invalid,
  tooLarge: QUESTION_KEYS.mediaTooLarge,
  tooLargeMessage: 'The file is too large',
};

export interface Upload {
  filename: string;
  bytes: Buffer;
  /** The text fields sent beside the file. */
  fields: Record<string, string>;
}

const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT']);
const isTooLarge = (error: unknown) => TOO_LARGE_CODES.has((error as { code?: string }).code ?? '');

/**
 * The one file of a multipart request (the route's plugin registers @fastify/multipart with its limits)
 * and the fields beside it, whole or not at all:
 * - not multipart/form-data → 400 `UNSUPPORTED_MEDIA_TYPE`; no file, or an empty one → 400;
 * - a file over the route's limit → 413, even when the parser stopped exactly at the limit and marked the
 *   stream truncated without throwing, so a cut file is never used;
 * - a body that ends before the file does ("Unexpected end of form") or cannot be parsed → 400;
 * - a filename with a NUL or a lone surrogate → 422.
 */
export async function readUpload(request: FastifyRequest, keys: UploadKeys = IMPORT_UPLOAD): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
      file: keys.required,
    });
  }
  const tooLarge = () =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', keys.tooLargeMessage, { file: keys.tooLarge });
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await readWholeFile(part, tooLarge);
        if (!file) file = { filename: part.filename, bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isTooLarge(error)) throw tooLarge();
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read', { file: keys.unreadable });
  }
  if (!file || file.bytes.length === 0) {
    throw new AppError(400, 'BAD_REQUEST', 'No file was sent', { file: keys.required });
  }
  return { ...file, fields };
}

async function readWholeFile(part: MultipartFile, tooLarge: () => AppError): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw tooLarge();
  checkFilename(part.filename);
  return bytes;
}

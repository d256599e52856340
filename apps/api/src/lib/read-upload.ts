import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Reads the one uploaded file of a multipart request (the route's plugin registers @fastify/multipart). */
export async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
      file: 'import.file_required',
    });
  }
  let file: { filename: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!file) file = { filename: part.filename, bytes };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large', { file: 'import.too_large' });
    }
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read', { file: 'import.file_required' });
  }
  if (!file || file.bytes.length === 0) {
    throw new AppError(400, 'BAD_REQUEST', 'No file was sent', { file: 'import.file_required' });
  }
  return file;
}

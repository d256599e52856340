import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/multipart';
import { registerErrorHandling } from '../plugins/errors';
import { IMPORT_UPLOAD, MEDIA_UPLOAD, readUpload } from './multipart';

const LIMIT = 1024;
const app = Fastify({ logger: false });

beforeAll(async () => {
  registerErrorHandling(app);
  await app.register(multipart, { limits: { fileSize: LIMIT, files: 1, fields: 5, parts: 6 } });
  app.post('/import', async (request) => {
    const file = await readUpload(request, IMPORT_UPLOAD);
    return { filename: file.filename, size: file.bytes.length, fields: file.fields };
  });
  app.post('/media', async (request) => {
    const file = await readUpload(request, MEDIA_UPLOAD);
    return { size: file.bytes.length };
  });
  await app.ready();
});
afterAll(() => app.close());

const send = (url: string, upload: { headers: Record<string, string>; payload: Buffer }) =>
  app.inject({ method: 'POST', url, headers: upload.headers, payload: upload.payload });

/** A form with one text field before the file. */
function withField(name: string, value: string, filename: string, bytes: Buffer) {
  const upload = multipartFile('file', filename, bytes);
  const boundary = upload.headers['content-type'].split('boundary=')[1];
  const field = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { headers: upload.headers, payload: Buffer.concat([field, upload.payload]) };
}

describe('readUpload', () => {
  it('answers the file, its name and the fields beside it', async () => {
    const response = await send(
      '/import',
      withField('format', 'csv', 'words.csv', Buffer.alloc(LIMIT, 0x41)),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ filename: 'words.csv', size: LIMIT, fields: { format: 'csv' } });
  });

  it('refuses a file over the limit with 413, whatever its size over it', async () => {
    for (const extra of [1, 7, 64 * 1024]) {
      const response = await send('/import', multipartFile('file', 'big.csv', Buffer.alloc(LIMIT + extra)));
      expect(response.statusCode, `limit + ${extra}`).toBe(413);
      expect(response.json().errors).toEqual({ file: 'import.too_large' });
    }
    const media = await send('/media', multipartFile('file', 'big.png', Buffer.alloc(LIMIT + 1)));
    expect(media.statusCode).toBe(413);
    expect(media.json().errors).toEqual({ file: 'media.too_large' });
  });

  it('refuses a body that is not a form, a form without a file and an empty file with 400', async () => {
    const json = await app.inject({ method: 'POST', url: '/import', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({
      key: 'UNSUPPORTED_MEDIA_TYPE',
      errors: { file: 'import.file_required' },
    });
    const upload = withField('format', 'csv', 'x.csv', Buffer.alloc(0));
    const empty = await send('/import', upload);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ file: 'import.file_required' });
    const media = await send('/media', multipartFile('file', 'empty.png', Buffer.alloc(0)));
    expect(media.statusCode).toBe(400);
    expect(media.json().errors).toEqual({ file: 'common.required_field' });
  });

  it('refuses a body cut within the file with 400', async () => {
    const upload = multipartFile('file', 'cut.csv', Buffer.alloc(LIMIT - 1, 0x41));
    const cut = { headers: upload.headers, payload: upload.payload.subarray(0, upload.payload.length - 200) };
    const response = await send('/import', cut);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ file: 'import.file_required' });
    const media = await send('/media', cut);
    expect(media.statusCode).toBe(400);
    expect(media.json().errors).toEqual({ file: 'common.invalid_field' });
  });

  it('refuses a filename with a NUL with 422', async () => {
    const response = await send('/import', multipartFile('file', 'a\u0000.csv', Buffer.from('x')));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: 'common.invalid_characters' });
  });
});

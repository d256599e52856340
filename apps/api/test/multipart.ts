import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file field, for `app.inject`. */
export function multipartFile(
  field: string,
  filename: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
) {
  const boundary = `----prepwise${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of an MP3 with an ID3v2 tag followed by MPEG frame headers. */
export const MP3_STUB = Buffer.concat([
  Buffer.from('ID3', 'latin1'),
  Buffer.from([0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
  Buffer.alloc(64, 0xff),
]);

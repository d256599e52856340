import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { buildApp } from '../../app';

let s3: FakeS3;
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let asAdmin: Record<string, string>;
const logs: { level: number; msg: string; err?: { message: string } }[] = [];

/** An MP3 of about 1 MB: several stream chunks between the store, the app and the client. */
const AUDIO = Buffer.concat([MP3_STUB, Buffer.alloc(1024 * 1024, 0x55)]);

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'prepwise-test-media', region: 'auto' });
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ ...s3.env({ S3_PREFIX: '/media/' }), LOG_LEVEL: 'warn' }),
    database,
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    jobs: { pollingIntervalSeconds: 0.5, supervise: false },
  });
  await app.ready();
  asAdmin = await authHeader(
    app,
    await createAccount(database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  await s3.close();
});

async function upload(filename: string, bytes: Uint8Array) {
  const body = multipartFile('file', filename, bytes);
  return app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...asAdmin, ...body.headers },
    payload: body.payload,
  });
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('media in an S3-compatible bucket', () => {
  it('uploads into the bucket under the prefix and serves the file back with caching headers and ranges', async () => {
    const uploaded = await upload('part2.mp3', AUDIO);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const media = uploaded.json().result;
    expect(media).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', size_bytes: AUDIO.length });
    const stored = [...s3.objects.keys()];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^media\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
    expect(s3.objects.get(stored[0]!)!.equals(AUDIO)).toBe(true);

    const served = await get(media.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'content-length': String(AUDIO.length),
    });
    expect(served.rawPayload.equals(AUDIO)).toBe(true);

    const first = await get(media.url, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${AUDIO.length}`);
    expect(first.rawPayload.equals(AUDIO.subarray(0, 10))).toBe(true);
    // Safari asks for the end of the file with a suffix range.
    const last = await get(media.url, { range: 'bytes=-4' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(
      `bytes ${AUDIO.length - 4}-${AUDIO.length - 1}/${AUDIO.length}`,
    );
    expect(last.rawPayload.equals(AUDIO.subarray(-4))).toBe(true);
    const beyond = await get(media.url, { range: `bytes=${AUDIO.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${AUDIO.length}`);

    const before = s3.requests.length;
    const cached = await get(media.url, { 'if-none-match': served.headers.etag as string });
    expect(cached.statusCode).toBe(304);
    expect(s3.requests.length).toBe(before);
  });

  it('stores a file uploaded twice once', async () => {
    const first = (await upload('logo.png', PNG_1X1)).json().result;
    const puts = s3.requests.filter((request) => request.method === 'PUT').length;
    const second = (await upload('logo-copy.png', PNG_1X1)).json().result;
    expect(second.id).not.toBe(first.id);
    expect(s3.requests.filter((request) => request.method === 'PUT').length).toBe(puts);
    expect((await get(second.url)).rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('answers 404 when the object has gone from the bucket, and logs it', async () => {
    const media = (await upload('gone.mp3', Buffer.concat([MP3_STUB, Buffer.from('gone')]))).json().result;
    const key = [...s3.objects.keys()].find((k) => s3.objects.get(k)!.toString().endsWith('gone'))!;
    s3.objects.delete(key);
    const response = await get(media.url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ key: 'NOT_FOUND' });
    expect(response.headers['cache-control']).toBeUndefined();
    expect(logs.some((line) => line.msg === 'media file missing from storage')).toBe(true);
  });

  it('answers 503 while the store is down and 502 when it refuses our credentials, never caching those', async () => {
    const media = (await upload('outage.png', PNG_1X1)).json().result;

    s3.outage = { status: 503, code: 'SlowDown' };
    try {
      const down = await get(media.url);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ statusCode: 503, key: 'SERVICE_UNAVAILABLE' });
      expect(down.json()).not.toHaveProperty('stack');
      expect(down.headers['cache-control']).toBeUndefined();
      const refusedUpload = await upload('during-outage.mp3', Buffer.concat([MP3_STUB, Buffer.from('new')]));
      expect(refusedUpload.statusCode).toBe(503);
    } finally {
      s3.outage = null;
    }
    expect(
      logs.some((line) => line.msg === 'file storage failed' && /503 SlowDown/.test(line.err!.message)),
    ).toBe(true);

    const secret = s3.secretAccessKey;
    s3.secretAccessKey = 'rotated-on-the-store-but-not-in-the-app';
    try {
      const refused = await get(media.url);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ statusCode: 502, key: 'SERVICE_UNAVAILABLE' });
      expect(refused.headers['cache-control']).toBeUndefined();
    } finally {
      s3.secretAccessKey = secret;
    }
    expect(
      logs.some(
        (line) => line.msg === 'file storage failed' && /403 SignatureDoesNotMatch/.test(line.err!.message),
      ),
    ).toBe(true);
    expect((await get(media.url)).statusCode).toBe(200);
  });
});

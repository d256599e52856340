import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, resolveToLoopback, startFakeS3 } from '../../test/fake-s3';
import { type S3Settings, S3Storage } from './s3-storage';
import { LocalStorage, type Storage, StorageError } from './storage';

let s3: FakeS3;
let virtualS3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
  virtualS3 = await startFakeS3({ bucket: 'media-vh', virtualHostBase: 's3.test' });
});
afterAll(async () => {
  await s3.close();
  await virtualS3.close();
});

const settingsFor = (server: FakeS3, overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: server.bucket,
  endpoint: server.url,
  region: server.region,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
  prefix: '',
  ...overrides,
});

async function text(stream: Readable | null) {
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const stores: [string, () => Storage][] = [
  ['LocalStorage', () => new LocalStorage(mkdtempSync(path.join(tmpdir(), 'prepwise-uploads-')))],
  ['S3Storage (path-style)', () => new S3Storage(settingsFor(s3))],
  [
    'S3Storage (virtual-hosted, with a prefix)',
    () =>
      new S3Storage(
        settingsFor(virtualS3, {
          endpoint: `http://s3.test:${virtualS3.port}`,
          forcePathStyle: false,
          prefix: 'prepwise/',
        }),
        { lookup: resolveToLoopback },
      ),
  ],
];

describe.each(stores)('%s', (_name, create) => {
  it('puts, heads, reads whole and by range, and deletes an object', async () => {
    const storage = create();
    const key = 'ab/abcdef0123456789.mp3';
    expect(await storage.head(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();

    await storage.put(key, Buffer.from('0123456789 listening part one'));
    expect(await storage.head(key)).toEqual({ size: 29 });
    expect(await text(await storage.read(key))).toBe('0123456789 listening part one');
    expect(await text(await storage.read(key, { start: 0, end: 9 }))).toBe('0123456789');
    expect(await text(await storage.read(key, { start: 11, end: 28 }))).toBe('listening part one');

    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });
});

describe('S3Storage addressing', () => {
  it('puts the bucket in the path when path-style is forced', async () => {
    const storage = new S3Storage(settingsFor(s3, { prefix: 'site-a/' }));
    await storage.put('cd/cdef.png', Buffer.from('png bytes'));
    expect(s3.objects.get('site-a/cd/cdef.png')?.toString()).toBe('png bytes');
    expect(s3.requests.at(-1)).toMatchObject({
      method: 'PUT',
      host: `127.0.0.1:${s3.port}`,
      path: `/${s3.bucket}/site-a/cd/cdef.png`,
      status: 200,
    });
  });

  it('puts the bucket in the host name otherwise (virtual-hosted style)', async () => {
    const storage = new S3Storage(
      settingsFor(virtualS3, { endpoint: `http://s3.test:${virtualS3.port}`, forcePathStyle: false }),
      { lookup: resolveToLoopback },
    );
    await storage.put('ef/ef01.webp', Buffer.from('webp bytes'));
    expect(virtualS3.objects.get('ef/ef01.webp')?.toString()).toBe('webp bytes');
    expect(virtualS3.requests.at(-1)).toMatchObject({
      host: `media-vh.s3.test:${virtualS3.port}`,
      path: '/ef/ef01.webp',
      status: 200,
    });
  });

  it('retries once on a fresh connection when the store has closed a kept-alive one', async () => {
    const storage = new S3Storage(settingsFor(s3));
    await storage.put('bb/kept-alive.png', Buffer.from('first'));
    s3.dropReusedConnections = true;
    try {
      expect(await storage.head('bb/kept-alive.png')).toEqual({ size: 5 });
      expect(await text(await storage.read('bb/kept-alive.png'))).toBe('first');
    } finally {
      s3.dropReusedConnections = false;
    }
  });

  it('signs keys that need percent-encoding', async () => {
    const storage = new S3Storage(settingsFor(s3));
    await storage.put("tệp/bài nghe (1)+'x'.mp3", Buffer.from('audio'));
    expect(await text(await storage.read("tệp/bài nghe (1)+'x'.mp3"))).toBe('audio');
  });
});

describe('S3Storage failures', () => {
  const expectStorageError = async (
    promise: Promise<unknown>,
    expected: { reason: StorageError['reason']; code?: string; message: RegExp },
  ) => {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({
      reason: expected.reason,
      ...(expected.code ? { code: expected.code } : {}),
    });
    expect((error as Error).message).toMatch(expected.message);
  };

  it('refuses a wrong secret key with SignatureDoesNotMatch and never stores the object', async () => {
    const storage = new S3Storage(settingsFor(s3, { secretAccessKey: 'not-the-secret' }));
    await expectStorageError(storage.put('aa/bad.png', Buffer.from('x')), {
      reason: 'refused',
      code: 'SignatureDoesNotMatch',
      message: /PUT .* failed: 403 SignatureDoesNotMatch/,
    });
    expect(s3.objects.has('aa/bad.png')).toBe(false);
    await expectStorageError(storage.read('aa/bad.png'), {
      reason: 'refused',
      code: 'SignatureDoesNotMatch',
      message: /403/,
    });
    await expectStorageError(storage.head('aa/bad.png'), {
      reason: 'refused',
      message: /HEAD .* 403 Forbidden/,
    });
  });

  it('refuses an unknown access key, a wrong region and a missing bucket', async () => {
    await expectStorageError(new S3Storage(settingsFor(s3, { accessKeyId: 'NOBODY' })).read('aa/x.png'), {
      reason: 'refused',
      code: 'InvalidAccessKeyId',
      message: /403/,
    });
    await expectStorageError(
      new S3Storage(settingsFor(s3, { region: 'us-east-1' })).put('aa/x.png', Buffer.from('x')),
      { reason: 'refused', code: 'AuthorizationHeaderMalformed', message: /400/ },
    );
    await expectStorageError(new S3Storage(settingsFor(s3, { bucket: 'no-such-bucket' })).read('aa/x.png'), {
      reason: 'refused',
      code: 'NoSuchBucket',
      message: /404 NoSuchBucket/,
    });
  });

  it('calls a store answering 5xx unavailable', async () => {
    const storage = new S3Storage(settingsFor(s3));
    s3.outage = { status: 503, code: 'SlowDown' };
    try {
      await expectStorageError(storage.read('aa/x.png'), {
        reason: 'unavailable',
        code: 'SlowDown',
        message: /503 SlowDown/,
      });
      await expectStorageError(storage.head('aa/x.png'), { reason: 'unavailable', message: /503/ });
    } finally {
      s3.outage = null;
    }
  });

  it('calls an unreachable or silent store unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expectStorageError(
      new S3Storage(settingsFor(s3, { endpoint: `http://127.0.0.1:${port}` })).head('aa/x.png'),
      { reason: 'unavailable', message: /unreachable \(connect ECONNREFUSED/ },
    );

    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const storage = new S3Storage(
        settingsFor(s3, { endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` }),
        { responseTimeoutMs: 200 },
      );
      await expectStorageError(storage.read('aa/x.png'), {
        reason: 'unavailable',
        message: /no response within 200 ms/,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

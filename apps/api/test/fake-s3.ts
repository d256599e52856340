import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';

/**
 * A small S3-compatible server for tests: objects in memory, and every request's AWS Signature
 * Version 4 checked against the configured secret the way S3 does (403 SignatureDoesNotMatch), so a
 * signing bug in the client fails the test. Written from the AWS documentation, independently of
 * src/lib/sigv4.ts, so that the two cannot share a mistake.
 */
export interface FakeS3 {
  /** `http://127.0.0.1:PORT` (path-style) */
  url: string;
  port: number;
  bucket: string;
  region: string;
  /** The credentials the server accepts; change them to simulate a rotated key. */
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  /** Every request as the server saw it, with its answer. */
  requests: { method: string; host: string; path: string; status: number }[];
  /** While set, every request is answered with this status and S3 error code. */
  outage: { status: number; code: string } | null;
  /** While set, a second request on a kept-alive connection finds it closed, as when a store times it out. */
  dropReusedConnections: boolean;
  /** The S3_* variables that point the app at this server (path-style). */
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Host name whose sub-domains address buckets virtual-hosted style (`bucket.s3.test`). */
  virtualHostBase?: string;
}

/** Resolves every name to 127.0.0.1, so `bucket.s3.test` reaches the fake server. */
export const resolveToLoopback: LookupFunction = (_hostname, options, callback) => {
  if ((options as { all?: boolean }).all) {
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  } else callback(null, '127.0.0.1', 4);
};

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const hmacSha256 = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'prepwise-media';
  const region = options.region ?? 'vn-hcm-1';
  const accessKeyId = options.accessKeyId ?? 'TESTACCESSKEY0001';
  const secretAccessKey = options.secretAccessKey ?? 'test/secret+key/that-only-the-server-knows';
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];

  const reject = (response: ServerResponse, status: number, code: string, message: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  /** Returns null when the signature is right, else the S3 error to answer with. */
  function checkSignature(request: IncomingMessage, body: Buffer): [number, string, string] | null {
    const authorization = request.headers.authorization ?? '';
    const parsed =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parsed) return [403, 'AccessDenied', 'Missing or malformed Authorization header'];
    const [, keyId, day, scopeRegion, service, signedHeaderList, signature] = parsed as unknown as string[];
    if (keyId !== fake.accessKeyId) return [403, 'InvalidAccessKeyId', 'The access key does not exist'];
    if (scopeRegion !== region || service !== 's3') {
      return [400, 'AuthorizationHeaderMalformed', `The region or service is wrong; expecting ${region}/s3`];
    }
    const timestamp = String(request.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(timestamp) || timestamp.slice(0, 8) !== day) {
      return [403, 'AccessDenied', 'x-amz-date is missing or does not match the credential scope'];
    }
    const sent = Date.UTC(
      Number(timestamp.slice(0, 4)),
      Number(timestamp.slice(4, 6)) - 1,
      Number(timestamp.slice(6, 8)),
      Number(timestamp.slice(9, 11)),
      Number(timestamp.slice(11, 13)),
      Number(timestamp.slice(13, 15)),
    );
    if (Math.abs(Date.now() - sent) > 15 * 60_000) {
      return [403, 'RequestTimeTooSkewed', 'The request time is too far from the server time'];
    }
    const signedHeaders = signedHeaderList!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signedHeaders.includes(required)) return [403, 'AccessDenied', `${required} must be signed`];
    }
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      return [400, 'XAmzContentSHA256Mismatch', 'The body does not match x-amz-content-sha256'];
    }
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => rfc3986(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part ?? ''))))
      .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value = '']) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/ +/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = `${request.method}\n${canonicalUri}\n${canonicalQuery}\n${canonicalHeaders}\n${signedHeaderList}\n${payloadHash}`;
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = `AWS4-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
    let key = hmacSha256(`AWS4${fake.secretAccessKey}`, day!);
    for (const part of [region, 's3', 'aws4_request']) key = hmacSha256(key, part);
    const expected = createHmac('sha256', key).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided',
      ];
    }
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (fake.outage) return reject(response, fake.outage.status, fake.outage.code, 'Simulated outage');
    const failure = checkSignature(request, body);
    if (failure) return reject(response, ...failure);

    const host = String(request.headers.host ?? '').replace(/:\d+$/, '');
    const path = (request.url ?? '/').split('?')[0]!;
    let bucketName: string;
    let key: string;
    if (options.virtualHostBase && host.endsWith(`.${options.virtualHostBase}`)) {
      bucketName = host.slice(0, -options.virtualHostBase.length - 1);
      key = decodeURIComponent(path.slice(1));
    } else {
      const [, first = '', ...rest] = path.split('/');
      bucketName = decodeURIComponent(first);
      key = rest.map(decodeURIComponent).join('/');
    }
    if (bucketName !== bucket) return reject(response, 404, 'NoSuchBucket', 'The bucket does not exist');
    if (!key) return reject(response, 400, 'InvalidRequest', 'Only object operations are supported');

    const object = objects.get(key);
    switch (request.method) {
      case 'PUT':
        objects.set(key, body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      case 'HEAD':
        if (!object) {
          response.writeHead(404);
          return response.end();
        }
        response.writeHead(200, { 'content-length': object.length, 'accept-ranges': 'bytes' });
        return response.end();
      case 'GET': {
        if (!object) return reject(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
        if (!range) {
          response.writeHead(200, { 'content-length': object.length });
          return response.end(object);
        }
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), object.length - 1);
        if (start > end)
          return reject(response, 416, 'InvalidRange', 'The requested range is not satisfiable');
        response.writeHead(206, {
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${object.length}`,
        });
        return response.end(object.subarray(start, end + 1));
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      default:
        return reject(response, 405, 'MethodNotAllowed', 'The method is not allowed');
    }
  }

  const served = new WeakMap<object, number>();
  const server = http.createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    if (fake.dropReusedConnections && count > 1) {
      request.socket.destroy();
      return;
    }
    const done = () =>
      requests.push({
        method: request.method ?? '',
        host: String(request.headers.host ?? ''),
        path: request.url ?? '',
        status: response.statusCode,
      });
    response.on('finish', done);
    handle(request, response).catch((error: unknown) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeS3 = {
    url: `http://127.0.0.1:${port}`,
    port,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    outage: null,
    dropReusedConnections: false,
    env: (overrides = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  return fake;
}

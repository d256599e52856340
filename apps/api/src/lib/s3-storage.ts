import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { EMPTY_PAYLOAD_SHA256, encodeKeyPath, encodeSegment, sha256Hex, signRequest } from './sigv4';
import { type ByteRange, type Storage, StorageError } from './storage';

export interface S3Settings {
  bucket: string;
  /** Base URL of the service, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Prepended to every key: `''` or a folder ending in `/`. */
  prefix: string;
}

export interface S3StorageOptions {
  /** How long to wait for the store's response headers before calling it unavailable. */
  responseTimeoutMs?: number;
  /** Host name resolution (defaults to the system's); tests point virtual-hosted names at 127.0.0.1. */
  lookup?: LookupFunction;
}

type Method = 'PUT' | 'GET' | 'HEAD' | 'DELETE';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, …) spoken to directly
 * over HTTP with AWS Signature Version 4: PutObject, HeadObject, GetObject (with byte ranges) and
 * DeleteObject. Object bodies are streamed, never buffered.
 */
export class S3Storage implements Storage {
  readonly description: string;
  readonly #endpoint: URL;
  readonly #agent: http.Agent;
  readonly #timeoutMs: number;

  constructor(
    private readonly settings: S3Settings,
    private readonly options: S3StorageOptions = {},
  ) {
    this.#endpoint = new URL(settings.endpoint);
    const secure = this.#endpoint.protocol === 'https:';
    this.#agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    this.#timeoutMs = options.responseTimeoutMs ?? 10_000;
    this.description = `s3 ${this.#endpoint.origin} bucket ${settings.bucket}${settings.prefix ? ` prefix ${settings.prefix}` : ''}`;
  }

  async put(key: string, bytes: Uint8Array) {
    const response = await this.#send('PUT', key, { body: bytes });
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) throw await this.#failure('PUT', key, response);
    response.resume();
  }

  async head(key: string) {
    const response = await this.#send('HEAD', key);
    response.resume();
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) throw await this.#failure('HEAD', key, response);
    return { size: Number(response.headers['content-length']) };
  }

  async read(key: string, range?: ByteRange) {
    const response = await this.#send('GET', key, { range });
    if (response.statusCode === 200 || response.statusCode === 206) return response;
    const failure = await this.#failure('GET', key, response);
    if (response.statusCode === 404 && failure.code !== 'NoSuchBucket') return null;
    throw failure;
  }

  async delete(key: string) {
    const response = await this.#send('DELETE', key);
    // S3 answers 204 whether or not the object existed; some compatible stores answer 404 or 200.
    if (response.statusCode === 204 || response.statusCode === 200 || response.statusCode === 404) {
      response.resume();
      return;
    }
    throw await this.#failure('DELETE', key, response);
  }

  #target(key: string) {
    const base = this.#endpoint.pathname.replace(/\/+$/, '');
    const object = encodeKeyPath(this.settings.prefix + key);
    const { hostname, host } = this.#endpoint;
    if (this.settings.forcePathStyle) {
      return { hostname, host, path: `${base}/${encodeSegment(this.settings.bucket)}/${object}` };
    }
    const bucket = this.settings.bucket;
    return { hostname: `${bucket}.${hostname}`, host: `${bucket}.${host}`, path: `${base}/${object}` };
  }

  async #send(
    method: Method,
    key: string,
    { body, range }: { body?: Uint8Array; range?: ByteRange } = {},
  ): Promise<IncomingMessage> {
    const target = this.#target(key);
    const headers = signRequest(
      {
        method,
        path: target.path,
        headers: { host: target.host, ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}) },
        payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      },
      {
        accessKeyId: this.settings.accessKeyId,
        secretAccessKey: this.settings.secretAccessKey,
        region: this.settings.region,
        service: 's3',
      },
    );
    if (body) headers['content-length'] = String(body.length);
    const secure = this.#endpoint.protocol === 'https:';
    const options: http.RequestOptions = {
      method,
      protocol: this.#endpoint.protocol,
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: this.#endpoint.port || (secure ? 443 : 80),
      path: target.path,
      headers,
      agent: this.#agent,
      ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        // The retry goes on a connection of its own: other pooled ones may be just as stale.
        return await this.#exchange(secure, attempt === 1 ? options : { ...options, agent: false }, body);
      } catch (error) {
        // A kept-alive connection the store closed meanwhile: every operation here is idempotent.
        const { code, reusedSocket } = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
        if (attempt === 1 && reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) continue;
        throw new StorageError(
          `S3 ${method} ${this.#describe(key)} failed: the store is unreachable (${(error as Error).message})`,
          'unavailable',
          { cause: error },
        );
      }
    }
  }

  #exchange(secure: boolean, options: http.RequestOptions, body: Uint8Array | undefined) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = (secure ? https : http).request(options);
      const timer = setTimeout(
        () => request.destroy(new Error(`no response within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
      request.on('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(Object.assign(error, { reusedSocket: request.reusedSocket }));
      });
      request.end(body);
    });
  }

  #describe(key: string) {
    return `${this.#endpoint.origin} bucket ${this.settings.bucket} key ${this.settings.prefix}${key}`;
  }

  /** Reads the start of an S3 error document and turns it into a StorageError. */
  async #failure(method: Method, key: string, response: IncomingMessage) {
    const status = response.statusCode ?? 0;
    let text = '';
    if (method !== 'HEAD') {
      try {
        for await (const chunk of response) {
          text += String(chunk);
          if (text.length > 4096) break;
        }
      } catch {
        // The body is only a hint; the status alone decides.
      }
    }
    response.destroy();
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    const detail = [code, message].filter(Boolean).join(': ') || http.STATUS_CODES[status] || 'no detail';
    return new StorageError(
      `S3 ${method} ${this.#describe(key)} failed: ${status} ${detail}`,
      status >= 500 || status === 429 ? 'unavailable' : 'refused',
      { code },
    );
  }
}

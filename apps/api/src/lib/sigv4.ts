import { createHash, createHmac } from 'node:crypto';

/** The SHA-256 of an empty payload, which GET, HEAD and DELETE requests sign. */
export const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

export const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SignableRequest {
  method: string;
  /** The path as sent on the wire, already URI-encoded (see `encodeKeyPath`). */
  path: string;
  /** Header names in any case; `host` must be among them. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
}

/** RFC 3986 encoding of one path segment, as AWS Signature Version 4 requires for S3 object keys. */
export const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Encodes every segment of an object key, keeping the slashes between them. */
export const encodeKeyPath = (key: string) => key.split('/').map(encodeSegment).join('/');

/** `20130524T000000Z`: the ISO 8601 basic format the x-amz-date header carries. */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Signs a request with AWS Signature Version 4 (header-based, single-chunk payload) and returns the
 * headers to send: the given ones plus `x-amz-date`, `x-amz-content-sha256` and `authorization`.
 */
export function signRequest(
  request: SignableRequest,
  credentials: SigningCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = amzDate(now);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = request.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.path,
    '', // no query string: object operations only
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = hmac(signingKey(credentials, day), stringToSign).toString('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

function signingKey(credentials: SigningCredentials, day: string) {
  const dated = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const regional = hmac(dated, credentials.region);
  const serviced = hmac(regional, credentials.service);
  return hmac(serviced, 'aws4_request');
}

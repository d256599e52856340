import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { detectMediaType } from './media-types';

/**
 * Fetches a picture an organization's rich text points to on another site, so that it can be stored in the
 * organization's media and the learner's browser never calls a third party (issue 26). Only what a browser
 * could have shown anyway, and nothing of ours: https, a host whose every address is public (checked on the
 * address the connection then uses, so a DNS answer cannot swap in a private one), no redirects, a PNG,
 * JPEG or WebP by its bytes, at most `maxBytes`, within `timeoutMs`.
 */
export interface RemoteImageSettings {
  /**
   * `host:port` of a test server of ours: fetched over plain http and allowed on a private address.
   * Never set in production (config refuses it).
   */
  allowHost: string | undefined;
  timeoutMs: number;
  maxBytes: number;
}

export type RemoteImageFailure =
  /** Not https, a user name in the URL, or a private, loopback or reserved address. */
  | 'refused'
  /** No answer, an error status, a redirect, or too slow. */
  | 'unavailable'
  | 'too_large'
  | 'not_an_image';

export class RemoteImageError extends Error {
  override name = 'RemoteImageError';
  constructor(
    readonly failure: RemoteImageFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Addresses a server-side request must never reach: private, loopback, link-local, shared, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::10.0.0.1) is judged as the IPv4 address.
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  if (/^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** The picture's bytes, or a RemoteImageError saying why not. */
export async function fetchRemoteImage(url: string, settings: RemoteImageSettings): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RemoteImageError('refused', 'not a URL');
  }
  if (target.protocol !== 'https:') throw new RemoteImageError('refused', 'only https pictures are fetched');
  if (target.username || target.password) throw new RemoteImageError('refused', 'a URL with credentials');
  const ours = settings.allowHost !== undefined && target.host === settings.allowHost;
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  if (!ours && isIP(hostname) && !isPublicAddress(hostname)) {
    throw new RemoteImageError('refused', `${hostname} is not a public address`);
  }
  const lookup = (
    name: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(name, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!ours && addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new RemoteImageError('refused', `${name} resolves to a private address`), []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const transport = ours ? http : https;
  const requestUrl = ours ? `http://${target.host}${target.pathname}${target.search}` : target.href;
  return new Promise<Uint8Array>((resolve, reject) => {
    const request = transport.get(
      requestUrl,
      {
        lookup: lookup as never,
        headers: { accept: 'image/png, image/jpeg, image/webp', 'user-agent': 'Prepwise image fetcher' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          return reject(new RemoteImageError('unavailable', `answered ${status}`));
        }
        const declared = Number(response.headers['content-length']);
        if (declared > settings.maxBytes) {
          response.destroy();
          return reject(new RemoteImageError('too_large', `${declared} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) {
            response.destroy();
            reject(new RemoteImageError('too_large', `over ${settings.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => reject(asFailure(error)));
        response.on('end', () => {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          if (detectMediaType(bytes)?.kind !== 'image') {
            return reject(new RemoteImageError('not_an_image', 'not a PNG, JPEG or WebP picture'));
          }
          resolve(bytes);
        });
      },
    );
    request.on('error', (error) => reject(asFailure(error)));
  });
}

function asFailure(error: unknown): RemoteImageError {
  if (error instanceof RemoteImageError) return error;
  return new RemoteImageError('unavailable', error instanceof Error ? error.message : String(error));
}

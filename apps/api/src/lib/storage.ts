import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte positions, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: `DATA_DIR/uploads` (LocalStorage) or an S3-compatible bucket (S3Storage).
 * Keys are content hashes, so an object never changes once written.
 */
export interface Storage {
  /** A short description for logs, without secrets: `local /srv/data/uploads`, `s3 https://…/bucket`. */
  readonly description: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's size, or null when nothing is stored under the key. */
  head(key: string): Promise<{ size: number } | null>;
  /**
   * A stream of the object's bytes (or of an inclusive range of them), or null when nothing is stored
   * under the key. The stream is open when the promise resolves, so a missing object or an unavailable
   * store is known before any response header is sent.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * The store failed: `unavailable` (network error, timeout, 5xx: worth retrying later) or `refused`
 * (the store answered but would not do it: bad credentials, missing bucket: a configuration problem).
 */
export class StorageError extends Error {
  override name = 'StorageError';
  /** The store's own error code when it sent one, e.g. `AccessDenied`, `NoSuchBucket`. */
  readonly code: string | undefined;

  constructor(
    message: string,
    readonly reason: 'unavailable' | 'refused',
    options: { cause?: unknown; code?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}

export const localUploads = (dataDir: string) => new LocalStorage(path.join(dataDir, 'uploads'));

/** Files under DATA_DIR/uploads, written atomically (temporary file, then rename). */
export class LocalStorage implements Storage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local ${root}`;
  }

  #pathOf(key: string) {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Invalid storage key ${key}`);
    return resolved;
  }

  async put(key: string, bytes: Uint8Array) {
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Unique per write: two writers of one key at once (a picture's width made by the upload's job and by a
    // visitor's request) must not share a temporary file, or one rename finds it gone.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async head(key: string) {
    const info = await stat(this.#pathOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size } : null;
  }

  async read(key: string, range?: ByteRange) {
    const file = this.#pathOf(key);
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
    if (!handle) return null;
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string) {
    await rm(this.#pathOf(key), { force: true });
  }
}

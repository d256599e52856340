import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  open(range?: { start: number; end: number }): Readable;
}

/** Where uploaded files live. Keys are content hashes, so an object never changes once written. */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
}

export const localUploads = (dataDir: string) => new LocalStorage(path.join(dataDir, 'uploads'));

/** Files under DATA_DIR/uploads, written atomically (temporary file, then rename). */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  #pathOf(key: string) {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Invalid storage key ${key}`);
    return resolved;
  }

  async put(key: string, bytes: Uint8Array) {
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.#pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, open: (range) => createReadStream(file, range) };
  }
}

import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { IMAGE_WIDTHS, type ImageWidth } from '@prepwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { media } from '../../db/schema';
import type { Storage } from '../../lib/storage';

type MediaRow = typeof media.$inferSelect;

/** The stored key of a picture's WebP copy at one width: content-addressed, like the original. */
export const variantKey = (sha256: string, width: ImageWidth) =>
  `variants/${sha256.slice(0, 2)}/${sha256}-w${width}.webp`;

/**
 * A picture resized to `width` pixels (never enlarged, proportions kept, EXIF orientation applied) as
 * WebP, made once with sharp (libvips) and kept in the storage beside the original, so every later
 * request streams the stored copy. Two first requests at once both make it and write the same bytes.
 * Null when the original is missing or cannot be decoded (the caller serves the original instead).
 */
export async function imageVariant(
  storage: Storage,
  row: Pick<MediaRow, 'id' | 'sha256' | 'storageKey'>,
  width: ImageWidth,
  log: FastifyBaseLogger,
): Promise<Buffer | Readable | null> {
  const key = variantKey(row.sha256, width);
  const stored = await storage.read(key);
  if (stored) return stored;
  const original = await storage.read(row.storageKey);
  if (!original) return null;
  let bytes: Buffer;
  try {
    bytes = await sharp(await buffer(original), { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch (error) {
    log.warn({ err: error, mediaId: row.id }, 'picture could not be resized; serving the original');
    return null;
  }
  await storage.put(key, bytes);
  return bytes;
}

/** The queue of the job that makes an uploaded picture's widths ahead of its first visitor. */
export const VARIANT_QUEUE = 'media.picture-widths';

/**
 * Every offered width of a picture, made one after another (the job run after an upload, so no visitor
 * waits for a resize). A width already stored is left as it is. Answers how many are stored.
 */
export async function makeImageVariants(
  storage: Storage,
  row: Pick<MediaRow, 'id' | 'sha256' | 'storageKey'>,
  log: FastifyBaseLogger,
): Promise<number> {
  let stored = 0;
  for (const width of IMAGE_WIDTHS) {
    if (await storage.head(variantKey(row.sha256, width))) {
      stored += 1;
      continue;
    }
    const made = await imageVariant(storage, row, width, log);
    if (!made) continue;
    stored += 1;
    // Made meanwhile by a visitor's request: the stored copy was opened, and is not needed here.
    if (!Buffer.isBuffer(made)) made.destroy();
  }
  return stored;
}

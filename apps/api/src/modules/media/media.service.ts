import { createHash } from 'node:crypto';
import { type Media, QUESTION_KEYS } from '@prepwise/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { detectMediaType, MAX_BYTES } from '../../lib/media-types';
import type { Storage } from '../../lib/storage';
import { ownedBy, type Tenant } from '../structure/tenant';

type MediaRow = typeof media.$inferSelect;

export const mediaUrl = (id: string) => `/api/media/${id}`;

export const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  kind: row.kind,
  mime: row.mime,
  size_bytes: row.sizeBytes,
  url: mediaUrl(row.id),
  original_name: row.originalName,
});

/** Stores an upload after checking its real type (by content) and its size. */
export async function saveUpload(
  db: Db,
  storage: Storage,
  tenant: Tenant,
  upload: { bytes: Uint8Array; filename: string | undefined; userId: string },
): Promise<Media> {
  const type = detectMediaType(upload.bytes);
  if (!type) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Upload an MP3, OGG or M4A audio file, or a PNG, JPEG or WebP image',
      {
        file: QUESTION_KEYS.mediaUnsupported,
      },
    );
  }
  if (upload.bytes.length > MAX_BYTES[type.kind]) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${MAX_BYTES[type.kind] / 1024 / 1024} MB`,
      {
        file: QUESTION_KEYS.mediaTooLarge,
      },
    );
  }
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const storageKey = `${sha256.slice(0, 2)}/${sha256}.${type.extension}`;
  if (!(await storage.head(storageKey))) await storage.put(storageKey, upload.bytes);
  const [row] = await db
    .insert(media)
    .values({
      organizationId: tenant.organizationId,
      kind: type.kind,
      mime: type.mime,
      sizeBytes: upload.bytes.length,
      sha256,
      storageKey,
      originalName: upload.filename?.slice(0, 200) ?? null,
      createdBy: upload.userId,
    })
    .returning();
  return toMedia(row!);
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

/** Media rows of the tenant by id, for attaching to questions. */
export async function mediaOfTenant(db: Db, tenant: Tenant, ids: string[]): Promise<Map<string, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(and(inArray(media.id, ids), ownedBy(media.organizationId, tenant)));
  return new Map(rows.map((row) => [row.id, row]));
}

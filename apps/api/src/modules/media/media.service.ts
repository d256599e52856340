import { createHash } from 'node:crypto';
import { type Media, QUESTION_KEYS } from '@prepwise/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { detectMediaType, MAX_BYTES } from '../../lib/media-types';
import type { Storage } from '../../lib/storage';
import { ownedBy, type Tenant } from '../../tenancy/tenant';

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

/** Who asks for an organization's file: nobody signed in, or an account as the auth plugin sees it. */
export interface MediaReader {
  id: string;
  scope: string;
  organizationId: string | null;
}

/**
 * Whether an organization's file (its private question bank's audio and images) may be served: to the
 * organization's own people, to platform staff, to learners who sat a test whose frozen paper uses it,
 * and to anyone when the organization shows it publicly (its logo, a test's cover). Platform files
 * (no organization) are public and never come here.
 */
export async function mayServeOrganizationMedia(
  db: Db,
  file: { id: string; organizationId: string },
  reader: MediaReader | null,
): Promise<boolean> {
  if (reader && (reader.scope === 'admin' || reader.organizationId === file.organizationId)) return true;
  const learnerCheck = reader
    ? sql`exists (
        select 1 from attempts a
        join test_versions v on v.test_id = a.test_id and v.version = a.test_version
        where a.user_id = ${reader.id} and a.organization_id = ${file.organizationId}
          and strpos(v.snapshot::text, ${file.id}) > 0)`
    : sql`false`;
  const result = (await db.execute(sql`select (
      exists (select 1 from organizations where logo_url = ${mediaUrl(file.id)})
      or exists (select 1 from tests where cover_id = ${file.id})
      or ${learnerCheck}) as allowed`)) as unknown as { rows: { allowed: boolean }[] };
  return Boolean(result.rows[0]?.allowed);
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

/** Whether `url` (`/api/media/{id}`) is an image in the organization's own media. */
export async function isOrganizationImage(db: Db, organizationId: string, url: string): Promise<boolean> {
  const id = url.slice(mediaUrl('').length);
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db
    .select({ mime: media.mime })
    .from(media)
    .where(and(eq(media.id, id), eq(media.organizationId, organizationId)));
  return row?.mime.startsWith('image/') ?? false;
}

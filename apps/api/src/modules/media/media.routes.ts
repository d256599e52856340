import multipart from '@fastify/multipart';
import { idParamsSchema, mediaQuerySchema, mediaSchema, okEnvelope } from '@prepwise/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_UPLOAD, readUpload } from '../../http/multipart';
import { errorsOf, ok } from '../../http/reply';
import { parseRange } from '../../lib/byte-range';
import { AppError } from '../../lib/errors';
import { MAX_BYTES } from '../../lib/media-types';
import { authenticate, requireContext } from '../../plugins/auth';
import { scoped, scopeOf } from '../../tenancy/scoped';
import type { Tenant } from '../../tenancy/tenant';
import { imageVariant, makeImageVariants, VARIANT_QUEUE } from './image-variants';
import { findMedia, type MediaReader, mayServeOrganizationMedia, saveUpload } from './media.service';

const LARGEST_UPLOAD = Math.max(...Object.values(MAX_BYTES));

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

const uploadResponses = { 200: okEnvelope(mediaSchema), ...errorsOf(400, 401, 403, 404, 413, 415, 422) };

/** Reads the multipart request's one file and stores it in the tenant's media. */
async function receiveUpload(app: FastifyInstance, request: FastifyRequest, tenant: Tenant) {
  const file = await readUpload(request, MEDIA_UPLOAD);
  const saved = await saveUpload(app.db, app.storage, tenant, {
    bytes: file.bytes,
    filename: file.filename,
    userId: requireContext(request).user.id,
  });
  // A picture's widths are made now, in the background, so its first visitor gets a stored copy. Should the
  // queue refuse, the upload still stands: the first request at a width makes it.
  if (saved.kind === 'image') {
    await app.jobs
      .enqueue(VARIANT_QUEUE, { mediaId: saved.id }, { retryLimit: 2 })
      .catch((error: unknown) => {
        request.log.warn({ err: error, mediaId: saved.id }, 'could not queue the picture widths');
      });
  }
  return saved;
}

const UPLOAD_FILE = {
  file: 'Audio (MP3, OGG, M4A up to 20 MB) or an image (PNG, JPEG, WebP up to 5 MB)',
};

/**
 * Uploads in every back-office scope: `POST /api/admin/media` for the platform, `POST /api/educator/media`
 * for the caller's organization (e.g. its logo), `POST /api/admin/organizations/:organizationId/media` for
 * an organization the platform edits (an unknown one is a 404); the files are served once, at `/api/media/:id`.
 */
const mediaUploadRoutes = scoped(
  ['platform', 'organization', 'managed-organization'],
  async (app, options) => {
    const scope = scopeOf(options);
    await app.register(multipart, { limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 5, parts: 6 } });
    const managed = scope === 'managed-organization';
    app.post(
      '/media',
      {
        // The admin editing an organization (its logo) manages organizations; elsewhere, question authors.
        config: { permission: managed ? 'create_educator' : 'create_question', multipart: UPLOAD_FILE },
        schema: {
          tags: ['media'],
          summary: managed
            ? 'Upload an image (PNG, JPEG, WebP up to 5 MB) or audio into an organization\'s own media, e.g. its logo, as multipart field "file"'
            : 'Upload audio (MP3, OGG, M4A up to 20 MB) or an image (PNG, JPEG, WebP up to 5 MB) as multipart field "file"',
          consumes: ['multipart/form-data'],
          response: uploadResponses,
        },
      },
      async (request) => ok(await receiveUpload(app, request, request.tenant)),
    );

    if (scope !== 'platform') return;
    // A word's picture and recording: for whoever writes words (issue 26: it was open to every back-office
    // user); the files are the platform's, as the words are.
    app.post(
      '/vocabulary/media',
      {
        config: { permission: ['create_vocabulary', 'update_vocabulary'], multipart: UPLOAD_FILE },
        schema: {
          tags: ['media', 'vocabulary'],
          summary:
            'Upload a word\'s picture (PNG, JPEG, WebP up to 5 MB) or recording (MP3, OGG, M4A up to 20 MB) as multipart field "file"',
          consumes: ['multipart/form-data'],
          response: uploadResponses,
        },
      },
      async (request) => ok(await receiveUpload(app, request, request.tenant)),
    );
  },
);

/** The uploads of every scope, the picture widths' job, and the files themselves (`/api/media/:id`). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.define<{ mediaId: string }>(VARIANT_QUEUE, async ({ mediaId }) => {
    const row = await findMedia(app.db, mediaId);
    if (row?.kind === 'image') await makeImageVariants(app.storage, row, app.log);
  });
  await app.register(mediaUploadRoutes);

  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary:
          'An uploaded file (immutable; byte ranges supported); `w` serves a picture resized to that width as WebP',
        params: idParamsSchema,
        querystring: mediaQuerySchema,
        hide: false,
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const row = await findMedia(app.db, request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'File not found');
      const organizationId = row.organizationId;
      if (organizationId) {
        // An organization's file: only to whom it is meant for; to anyone else it does not exist.
        let reader: MediaReader | null = null;
        try {
          reader = (await authenticate(request)).user;
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode !== 401) throw error;
        }
        if (!(await mayServeOrganizationMedia(app.db, { id: row.id, organizationId }, reader))) {
          throw new AppError(404, 'NOT_FOUND', 'File not found');
        }
      }
      // Content-addressed, so immutable; an organization's file is kept by the browser only, not by caches.
      const cacheControl = organizationId
        ? 'private, max-age=31536000, immutable'
        : 'public, max-age=31536000, immutable';
      const width = row.kind === 'image' ? request.query.w : undefined;
      if (width) {
        const variantEtag = `"${row.sha256}-w${width}"`;
        const variantHeaders = () =>
          reply
            .header('content-type', 'image/webp')
            .header('cache-control', cacheControl)
            .header('etag', variantEtag);
        if (matchesEtag(request.headers['if-none-match'], variantEtag))
          return variantHeaders().code(304).send();
        const variant = await imageVariant(app.storage, row, width, request.log);
        if (variant) return variantHeaders().send(variant);
        // Not decodable: the original below, under its own ETag.
      }
      const etag = `"${row.sha256}"`;
      const cacheable = () =>
        reply
          .header('content-type', row.mime)
          .header('cache-control', cacheControl)
          .header('etag', etag)
          .header('accept-ranges', 'bytes');
      // Content-addressed: a matching ETag means the client already holds these exact bytes.
      if (matchesEtag(request.headers['if-none-match'], etag)) return cacheable().code(304).send();
      const size = row.sizeBytes;
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return cacheable().code(416).header('content-range', `bytes */${size}`).send();
      }
      // Errors from the store (StorageError) become 502/503 in the error handler, without caching headers.
      const stream = await app.storage.read(row.storageKey, range ?? undefined);
      if (!stream) {
        request.log.error(
          { mediaId: row.id, storageKey: row.storageKey, storage: app.storage.description },
          'media file missing from storage',
        );
        throw new AppError(404, 'NOT_FOUND', 'File not found');
      }
      if (!range) return cacheable().header('content-length', size).send(stream);
      return cacheable()
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(stream);
    },
  );
};

import multipart from '@fastify/multipart';
import { errorBodySchema, idParamsSchema, mediaSchema, okEnvelope, QUESTION_KEYS } from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { MAX_BYTES } from '../../lib/media-types';
import { requireAuth, requireContext } from '../../plugins/auth';
import { PLATFORM } from '../structure/tenant';
import { findMedia, saveUpload } from './media.service';

const LARGEST_UPLOAD = Math.max(...Object.values(MAX_BYTES));

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/admin/media',
    {
      preHandler: requireAuth({ strategies: ['admin'], permission: 'create_question' }),
      schema: {
        tags: ['media'],
        summary:
          'Upload audio (MP3, OGG, M4A up to 20 MB) or an image (PNG, JPEG, WebP up to 5 MB) as multipart field "file"',
        consumes: ['multipart/form-data'],
        response: {
          200: okEnvelope(mediaSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
          file: 'common.required_field',
        });
      }
      const file = await request.file();
      if (!file)
        throw new AppError(400, 'BAD_REQUEST', 'No file was sent', { file: 'common.required_field' });
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large', {
          file: QUESTION_KEYS.mediaTooLarge,
        });
      }
      const result = await saveUpload(app.db, app.storage, PLATFORM, {
        bytes,
        filename: file.filename,
        userId: requireContext(request).user.id,
      });
      return { statusCode: 200, message: 'OK', result };
    },
  );

  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded file (immutable; byte ranges supported)',
        params: idParamsSchema,
        hide: false,
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const row = await findMedia(app.db, request.params.id);
      const stored = row ? await app.storage.get(row.storageKey) : null;
      if (!row || !stored) throw new AppError(404, 'NOT_FOUND', 'File not found');
      const etag = `"${row.sha256}"`;
      reply
        .header('content-type', row.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, stored.size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), stored.size - 1) : stored.size - 1;
        if (start > end || start >= stored.size) {
          return reply.code(416).header('content-range', `bytes */${stored.size}`).send();
        }
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${stored.size}`)
          .header('content-length', end - start + 1)
          .send(stored.open({ start, end }));
      }
      return reply.header('content-length', stored.size).send(stored.open());
    },
  );
};

import {
  finishRecordingBodySchema,
  okEnvelope,
  RECORDING_LIMITS,
  recordingChunkParamsSchema,
  recordingParamsSchema,
  recordingSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok, uploadErrorResponses } from '../../http/reply';
import { AppError } from '../../lib/errors';
import { requireAuth, requireContext } from '../../plugins/auth';
import * as recordingsService from './recordings.service';

const examinee = requireAuth({ strategies: ['user'], reuseSessionSeconds: 5 });
const ids = (params: { id: string; questionId: string }) => ({
  attemptId: params.id,
  questionId: params.questionId,
});

/** Spoken answers of the learner's own attempt, uploaded in resumable chunks (issue 28). */
export const recordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['recordings'];
  // A chunk is the raw bytes MediaRecorder gave (this plugin's scope only).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: RECORDING_LIMITS.maxChunkBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/user/attempts/:id/recordings/:questionId',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'What the server holds of a spoken answer: the chunks received, or the finished file',
        params: recordingParamsSchema,
        response: { 200: okEnvelope(recordingSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await recordingsService.recordingStatus(db, requireContext(request).user.id, ids(request.params))),
  );

  app.put(
    '/user/attempts/:id/recordings/:questionId/chunks/:index',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'One chunk of a spoken answer (application/octet-stream); sending it again changes nothing',
        params: recordingChunkParamsSchema,
        response: { 200: okEnvelope(recordingSchema), ...errorResponses, ...uploadErrorResponses },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the chunk as application/octet-stream', {
          file: 'common.invalid_field',
        });
      }
      return ok(
        await recordingsService.putChunk(
          db,
          requireContext(request).user.id,
          ids(request.params),
          request.params.index,
          request.body,
          app.now(),
        ),
      );
    },
  );

  app.post(
    '/user/attempts/:id/recordings/:questionId/finish',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'Assemble the chunks into the answer’s recording (type, size and duration checked)',
        params: recordingParamsSchema,
        body: finishRecordingBodySchema,
        response: { 200: okEnvelope(recordingSchema), ...errorResponses, ...uploadErrorResponses },
      },
    },
    async (request) =>
      ok(
        await recordingsService.finishRecording(
          db,
          app.storage,
          requireContext(request).user.id,
          ids(request.params),
          request.body,
          app.now(),
        ),
      ),
  );

  app.get(
    '/user/attempts/:id/recordings/:questionId/audio',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'The finished recording of a spoken answer (audio/webm or audio/mp4)',
        params: recordingParamsSchema,
        response: { 200: z.any().describe('The recording'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await recordingsService.recordingFile(
        db,
        app.storage,
        requireContext(request).user.id,
        ids(request.params),
      );
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

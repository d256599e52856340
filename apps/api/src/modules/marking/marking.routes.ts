import {
  attemptResultSchema,
  markBodySchema,
  markingAgreementSchema,
  markingDetailSchema,
  markingItemSchema,
  markingParamsSchema,
  markingQuerySchema,
  okEnvelope,
  pageOf,
} from '@prepwise/contract';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { parseRange } from '../../lib/byte-range';
import { notFound } from '../../lib/errors';
import { requireContext } from '../../plugins/auth';
import { scoped, scopeOf } from '../../tenancy/scoped';
import { markEssay } from '../attempts/essay-marks.service';
import { defineTranscriptionJob } from '../recordings/transcription';
import { defineDraftFeedbackJob } from './draft-feedback';
import * as marking from './marking.service';
import { markingRecording } from './recording-audio';

/**
 * The marking queue (issue 28), one feature in both back offices: `/api/admin/marking` on the platform's
 * attempts, `/api/educator/marking` on the caller's organization's learners' (another organization's
 * answer is a 404). Every route needs `update_marking`.
 */
export const markingRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const db = app.db;
  const tags = ['marking'];
  // The offline draft feedback job is one for both scopes.
  if (scopeOf(options) === 'platform') {
    await defineDraftFeedbackJob(app.deps);
    await defineTranscriptionJob(app.deps);
  }

  app.get(
    '/marking',
    {
      config: { permission: 'update_marking' },
      schema: {
        tags,
        summary: 'Answers to mark by hand (essays) of submitted attempts, unmarked or marked',
        querystring: markingQuerySchema,
        response: { 200: okEnvelope(pageOf(markingItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await marking.listMarking(db, request.tenant, request.query)),
  );
  app.get(
    '/marking/agreement',
    {
      config: { permission: 'update_marking' },
      schema: {
        tags,
        summary:
          "Machine drafts against teachers' final marks per rubric: weighted kappa, MAD, within half a band",
        response: { 200: okEnvelope(markingAgreementSchema), ...errorResponses },
      },
    },
    async (request) => ok(await marking.markingAgreement(db, request.tenant)),
  );
  app.get(
    '/marking/:attemptId/:questionId',
    {
      config: { permission: 'update_marking' },
      schema: {
        tags,
        summary:
          "One answer to mark: its text, the question, the rubric, the teacher's mark and the machine's draft",
        params: markingParamsSchema,
        response: { 200: okEnvelope(markingDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await marking.getMarking(db, request.tenant, request.params)),
  );
  app.get(
    '/marking/:attemptId/:questionId/audio',
    {
      config: { permission: 'update_marking' },
      schema: {
        tags,
        summary: 'The recording of a spoken answer, for its marker (byte ranges supported)',
        params: markingParamsSchema,
        response: { 200: z.any().describe('The recording'), 206: z.any(), 416: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await markingRecording(db, request.tenant, request.params);
      reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, no-store')
        .header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      const stream = await app.storage.read(file.storageKey, range ?? undefined);
      if (!stream) throw notFound('Recording not found');
      if (!range) return reply.header('content-length', file.size).send(stream);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(stream);
    },
  );
  app.put(
    '/marking/:attemptId/:questionId',
    {
      config: { permission: 'update_marking' },
      schema: {
        tags,
        summary: "Mark an answer on its rubric (the teacher's final mark); the attempt is graded again",
        params: markingParamsSchema,
        body: markBodySchema,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await markEssay(
          db,
          request.tenant,
          request.params,
          request.body,
          requireContext(request).user.id,
          app.now(),
        ),
      ),
  );
});

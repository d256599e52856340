import {
  attemptHighlightsSchema,
  attemptResultSchema,
  audioPlayBodySchema,
  audioPlayResultSchema,
  okEnvelope,
  paperSchema,
  releaseDeviceResultSchema,
  saveAnswersBodySchema,
  saveAnswersResultSchema,
  saveHighlightsBodySchema,
  selfAssessmentBodySchema,
  selfAssessmentParamsSchema,
  selfAssessmentSchema,
  startAttemptBodySchema,
  startAttemptResultSchema,
  submitAttemptBodySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { accessTokenExpiry, requireAuth, requireContext } from '../../plugins/auth';
import { PLATFORM } from '../../tenancy/tenant';
import { callerOf, guardAttempt, releaseDevice } from '../assignments/delivery-rules';
import { recordSubmitEvents, saveAnswers } from './answers.service';
import { defineDeadlineJob } from './deadline-job';
import * as highlightsService from './highlights.service';
import { deviceOf } from './integrity.service';
import { getPaper, recordAudioPlay } from './paper.service';
import { getOwnResult, getStudentResult, submitOwnAttempt } from './results.service';
import { saveSelfAssessment } from './self-assessment.service';
import { startAttempt } from './start.service';

const learner = requireAuth({ strategies: ['user'] });
/**
 * An exam's own requests (start, paper, answer saves every few seconds from every examinee of a class): their
 * session check is reused for 5 s. Signing out or revoking a session clears it at once (lib/session-cache.ts).
 */
const examinee = requireAuth({ strategies: ['user'], reuseSessionSeconds: 5 });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const attemptParams = z.object({ id: z.uuid() });
const studentParams = z.object({ userId: z.uuid(), attemptId: z.uuid() });

/** Taking tests: start or resume, the paper, saving answers, submitting, results (issue 5). */
export const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['attempts'];
  await defineDeadlineJob(app.deps);

  app.post(
    '/user/tests/:slug/attempts',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'Start an attempt of a published test, or resume the unfinished one (200, resumed)',
        params: slugParams,
        body: startAttemptBodySchema,
        response: {
          200: okEnvelope(startAttemptResultSchema),
          201: okEnvelope(startAttemptResultSchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const started = await startAttempt(
        db,
        PLATFORM,
        requireContext(request).user.id,
        request.params.slug,
        request.body,
        app.now(),
      );
      const status = started.resumed ? 200 : 201;
      return reply.code(status).send({ statusCode: status, message: 'OK', result: started });
    },
  );

  app.get(
    '/user/attempts/:id',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'The paper: questions without answers, the saved answers and the server clock',
        params: attemptParams,
        response: { 200: okEnvelope(paperSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      await guardAttempt(db, userId, request.params.id, callerOf(request), 'open');
      return ok({
        ...(await getPaper(db, userId, request.params.id, app.now())),
        token_expires_at: accessTokenExpiry(request),
      });
    },
  );

  app.post(
    '/user/attempts/:id/release-device',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary:
          '"Leave this device": the device holding the attempt signs out of it, so another device takes over on its next open',
        params: attemptParams,
        response: { 200: okEnvelope(releaseDeviceResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await releaseDevice(db, requireContext(request).user.id, request.params.id, callerOf(request))),
  );

  app.put(
    '/user/attempts/:id/answers',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'Save answer changes idempotently: per question the greatest seq wins',
        params: attemptParams,
        body: saveAnswersBodySchema,
        response: { 200: okEnvelope(saveAnswersResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      await guardAttempt(db, userId, request.params.id, callerOf(request), 'save');
      return ok({
        ...(await saveAnswers(app.database, userId, request.params.id, request.body.answers, app.now(), {
          events: request.body.events,
          deviceId: deviceOf(request.headers),
        })),
        token_expires_at: accessTokenExpiry(request),
      });
    },
  );

  app.get(
    '/user/attempts/:id/highlights',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'The learner’s highlights and notes on the attempt’s reading passages',
        params: attemptParams,
        response: { 200: okEnvelope(attemptHighlightsSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await highlightsService.getHighlights(
          db,
          requireContext(request).user.id,
          request.params.id,
          app.now(),
        ),
      ),
  );

  app.put(
    '/user/attempts/:id/highlights',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Saves the whole set of highlights and notes, unless a newer set is kept',
        params: attemptParams,
        body: saveHighlightsBodySchema,
        response: { 200: okEnvelope(attemptHighlightsSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await highlightsService.saveHighlights(
          db,
          requireContext(request).user.id,
          request.params.id,
          request.body,
          app.now(),
        ),
      ),
  );

  app.post(
    '/user/attempts/:id/audio-plays',
    {
      preHandler: examinee,
      schema: {
        tags,
        summary: 'A play-once clip starts: answers whether this is its first play in the attempt',
        params: attemptParams,
        body: audioPlayBodySchema,
        response: { 200: okEnvelope(audioPlayResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      await guardAttempt(db, userId, request.params.id, callerOf(request), 'save');
      return ok(await recordAudioPlay(db, userId, request.params.id, request.body.media_id, app.now()));
    },
  );

  app.post(
    '/user/attempts/:id/submit',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Submit (idempotent) with optional final answers; answers the graded result',
        params: attemptParams,
        body: submitAttemptBodySchema,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      await guardAttempt(db, userId, request.params.id, callerOf(request), 'save');
      const now = app.now();
      await recordSubmitEvents(
        app.database,
        userId,
        request.params.id,
        request.body.events,
        deviceOf(request.headers),
        now,
      );
      return ok(await submitOwnAttempt(db, userId, request.params.id, request.body.answers, now));
    },
  );

  app.get(
    '/user/attempts/:id/result',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Result and per-question review of a submitted attempt',
        params: attemptParams,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await getOwnResult(db, requireContext(request).user.id, request.params.id, app.now())),
  );

  app.put(
    '/user/attempts/:id/questions/:questionId/self-assessment',
    {
      preHandler: learner,
      schema: {
        tags,
        summary:
          "The learner's self-assessment of an essay or spoken answer on its rubric's band descriptors",
        params: selfAssessmentParamsSchema,
        body: selfAssessmentBodySchema,
        response: { 200: okEnvelope(selfAssessmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await saveSelfAssessment(
          db,
          requireContext(request).user.id,
          { attemptId: request.params.id, questionId: request.params.questionId },
          request.body,
          app.now(),
        ),
      ),
  );

  app.get(
    '/admin/students/:userId/attempts/:attemptId/result',
    {
      preHandler: requireAuth({ strategies: ['admin'], permission: 'view_student' }),
      schema: {
        tags,
        summary: "A learner's result for the back office",
        params: studentParams,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await getStudentResult(db, PLATFORM, request.params.userId, request.params.attemptId, app.now())),
  );
};

import {
  notebookFiltersSchema,
  notebookItemSchema,
  notebookMarkSchema,
  notebookPracticeBodySchema,
  notebookQuerySchema,
  notebookUpdateSchema,
  okEnvelope,
  pageOf,
  practiceStartedSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { requireAuth, requireContext } from '../../plugins/auth';
import * as notebookService from './notebook.service';

const learner = requireAuth({ strategies: ['user'] });
const attemptParams = z.object({ id: z.uuid() });
const questionParams = z.object({ questionId: z.uuid() });

/** Practising mistakes and the mistake notebook (issue 14): every row is the signed-in learner's. */
export const notebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['notebook'];

  app.post(
    '/user/attempts/:id/practice-mistakes',
    {
      preHandler: learner,
      schema: {
        tags,
        summary:
          'Practise the wrong, unanswered and flagged questions of a submitted attempt (201, or 200 resumed)',
        params: attemptParams,
        response: {
          200: okEnvelope(practiceStartedSchema),
          201: okEnvelope(practiceStartedSchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const started = await notebookService.practiseMistakes(
        db,
        requireContext(request).user.id,
        request.params.id,
        app.now(),
      );
      const status = started.resumed ? 200 : 201;
      return reply.code(status).send({ statusCode: status, message: 'OK', result: started });
    },
  );

  app.get(
    '/user/attempts/:id/notebook',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The bookmarks and notes on an attempt's questions",
        params: attemptParams,
        response: { 200: okEnvelope(z.array(notebookMarkSchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await notebookService.getAttemptMarks(
          db,
          requireContext(request).user.id,
          request.params.id,
          app.now(),
        ),
      ),
  );

  app.get(
    '/user/notebook',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'The mistake notebook, newest mistakes first',
        querystring: notebookQuerySchema,
        response: { 200: okEnvelope(pageOf(notebookItemSchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(await notebookService.listNotebook(db, requireContext(request).user.id, request.query, app.now())),
  );

  app.get(
    '/user/notebook/filters',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The notebook's tests, parts and question types, with counts",
        response: { 200: okEnvelope(notebookFiltersSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await notebookService.getNotebookFilters(db, requireContext(request).user.id, app.now())),
  );

  app.put(
    '/user/notebook/:questionId',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Bookmark, note or mark learned one question (attempt_id adds a question from a review)',
        params: questionParams,
        body: notebookUpdateSchema,
        response: {
          200: okEnvelope(notebookMarkSchema.extend({ learned_at: z.string().nullable() })),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      ok(
        await notebookService.updateNotebookItem(
          db,
          requireContext(request).user.id,
          request.params.questionId,
          request.body,
          app.now(),
        ),
      ),
  );

  app.post(
    '/user/notebook/practice',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Practise notebook questions of one test (chosen, or the filter’s newest; at most 50)',
        body: notebookPracticeBodySchema,
        response: {
          200: okEnvelope(practiceStartedSchema),
          201: okEnvelope(practiceStartedSchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const started = await notebookService.practiseNotebook(
        db,
        requireContext(request).user.id,
        request.body,
        app.now(),
      );
      const status = started.resumed ? 200 : 201;
      return reply.code(status).send({ statusCode: status, message: 'OK', result: started });
    },
  );
};

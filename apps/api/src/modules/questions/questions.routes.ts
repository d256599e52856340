import {
  idParamsSchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  pageOf,
  questionBodySchema,
  questionGroupBodySchema,
  questionGroupListItemSchema,
  questionGroupSchema,
  questionListQuerySchema,
  questionSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireContext } from '../../plugins/auth';
import { errorResponses, ok } from '../structure/crud';
import { PLATFORM } from '../structure/tenant';
import * as bank from './questions.service';

const guard = (permission: 'view_question' | 'create_question' | 'update_question') =>
  requireAuth({ strategies: ['admin'], permission });

/** The platform question bank: single questions and groups (/admin/question-bank/single and /group). */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['question bank'];

  app.get(
    '/admin/questions',
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        summary: 'Single questions, filtered and paginated',
        querystring: questionListQuerySchema,
        response: { 200: okEnvelope(pageOf(questionSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listQuestions(db, PLATFORM, request.query)),
  );
  app.post(
    '/admin/questions',
    {
      preHandler: guard('create_question'),
      schema: {
        tags,
        body: questionBodySchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await bank.createQuestion(db, PLATFORM, requireContext(request).user.id, request.body)),
  );
  app.get(
    '/admin/questions/:id',
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getQuestion(db, PLATFORM, request.params.id)),
  );
  app.put(
    '/admin/questions/:id',
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        params: idParamsSchema,
        body: questionBodySchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.updateQuestion(db, PLATFORM, request.params.id, request.body)),
  );
  app.delete(
    '/admin/questions/:id',
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteQuestion(db, PLATFORM, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );

  app.get(
    '/admin/question-groups',
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        summary: 'Question groups (passage or audio with sub-questions), filtered and paginated',
        querystring: questionListQuerySchema.omit({ question_type_id: true }),
        response: { 200: okEnvelope(pageOf(questionGroupListItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listGroups(db, PLATFORM, request.query)),
  );
  app.post(
    '/admin/question-groups',
    {
      preHandler: guard('create_question'),
      schema: {
        tags,
        body: questionGroupBodySchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await bank.createGroup(db, PLATFORM, requireContext(request).user.id, request.body)),
  );
  app.get(
    '/admin/question-groups/:id',
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getGroup(db, PLATFORM, request.params.id)),
  );
  app.put(
    '/admin/question-groups/:id',
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        summary:
          'Replace a group and its sub-questions (keep an id to update that question, omit it to add one)',
        params: idParamsSchema,
        body: questionGroupBodySchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await bank.updateGroup(
          db,
          PLATFORM,
          requireContext(request).user.id,
          request.params.id,
          request.body,
        ),
      ),
  );
  app.delete(
    '/admin/question-groups/:id',
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteGroup(db, PLATFORM, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
};

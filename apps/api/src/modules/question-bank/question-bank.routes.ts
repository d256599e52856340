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
import type { FastifyRequest } from 'fastify';
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { scoped } from '../../tenancy/scoped';
import { remoteImageLocalizer } from '../media/remote-images.service';
import * as bank from './question-bank.service';
import { localizeGroupImages, localizeQuestionImages } from './question-images';

/**
 * The question bank: single questions and groups, in both back offices — `/api/admin/…` on the
 * platform's bank, `/api/educator/…` on the caller's organization's own (another organization's rows
 * are 404). The same definitions, one scoped plugin (tenancy/scoped.ts).
 */
export const questionRoutes = scoped(['platform', 'organization'], async (app) => {
  const db = app.db;
  const tags = ['question bank'];
  /** An organization's pictures from other sites are stored in its media before the text is saved. */
  const localizerOf = (request: FastifyRequest) =>
    remoteImageLocalizer(app.deps, request.tenant, requireContext(request).user.id);

  app.get(
    '/questions',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'Single questions, filtered and paginated',
        querystring: questionListQuerySchema,
        response: { 200: okEnvelope(pageOf(questionSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listQuestions(db, request.tenant, request.query)),
  );
  app.post(
    '/questions',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        body: questionBodySchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await bank.createQuestion(
          db,
          request.tenant,
          requireContext(request).user.id,
          await localizeQuestionImages(localizerOf(request), request.body),
        ),
      ),
  );
  app.get(
    '/questions/:id',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getQuestion(db, request.tenant, request.params.id)),
  );
  app.put(
    '/questions/:id',
    {
      config: { permission: 'update_question' },
      schema: {
        tags,
        params: idParamsSchema,
        body: questionBodySchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await bank.updateQuestion(
          db,
          request.tenant,
          request.params.id,
          await localizeQuestionImages(localizerOf(request), request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    '/questions/:id',
    {
      config: { permission: 'update_question' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteQuestion(db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );

  app.get(
    '/question-groups',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'Question groups (passage or audio with sub-questions), filtered and paginated',
        querystring: questionListQuerySchema.omit({ question_type_id: true }),
        response: { 200: okEnvelope(pageOf(questionGroupListItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listGroups(db, request.tenant, request.query)),
  );
  app.post(
    '/question-groups',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        body: questionGroupBodySchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await bank.createGroup(
          db,
          request.tenant,
          requireContext(request).user.id,
          await localizeGroupImages(localizerOf(request), request.body),
        ),
      ),
  );
  app.get(
    '/question-groups/:id',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getGroup(db, request.tenant, request.params.id)),
  );
  app.put(
    '/question-groups/:id',
    {
      config: { permission: 'update_question' },
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
          request.tenant,
          requireContext(request).user.id,
          request.params.id,
          await localizeGroupImages(localizerOf(request), request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    '/question-groups/:id',
    {
      config: { permission: 'update_question' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteGroup(db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
});

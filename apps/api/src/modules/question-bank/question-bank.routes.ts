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
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { type RealmOptions, realmGuard, realmOf, realmTenant } from '../../tenancy/realm';
import { remoteImageLocalizer } from '../media/remote-images.service';
import * as bank from './question-bank.service';
import { localizeGroupImages, localizeQuestionImages } from './question-images';

/**
 * The question bank: single questions and groups, in both back offices — `/api/admin/…` on the
 * platform's bank, `/api/educator/…` on the caller's organization's own (another organization's rows
 * are 404). The same definitions, registered once per realm (app.ts).
 */
export const questionRoutes: FastifyPluginAsyncZod<RealmOptions> = async (app, options) => {
  const db = app.db;
  const tags = ['question bank'];
  const realm = realmOf(options);
  const guard = (permission: 'view_question' | 'create_question' | 'update_question') =>
    realmGuard(realm, permission);
  const tenantOf = (request: Parameters<typeof realmTenant>[1]) => realmTenant(realm, request);
  /** An organization's pictures from other sites are stored in its media before the text is saved. */
  const localizerOf = (request: Parameters<typeof realmTenant>[1]) =>
    remoteImageLocalizer(app.deps, tenantOf(request), requireContext(request).user.id);

  app.get(
    `/${realm}/questions`,
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        summary: 'Single questions, filtered and paginated',
        querystring: questionListQuerySchema,
        response: { 200: okEnvelope(pageOf(questionSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listQuestions(db, tenantOf(request), request.query)),
  );
  app.post(
    `/${realm}/questions`,
    {
      preHandler: guard('create_question'),
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
          tenantOf(request),
          requireContext(request).user.id,
          await localizeQuestionImages(localizerOf(request), request.body),
        ),
      ),
  );
  app.get(
    `/${realm}/questions/:id`,
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getQuestion(db, tenantOf(request), request.params.id)),
  );
  app.put(
    `/${realm}/questions/:id`,
    {
      preHandler: guard('update_question'),
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
          tenantOf(request),
          request.params.id,
          await localizeQuestionImages(localizerOf(request), request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    `/${realm}/questions/:id`,
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteQuestion(db, tenantOf(request), request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );

  app.get(
    `/${realm}/question-groups`,
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        summary: 'Question groups (passage or audio with sub-questions), filtered and paginated',
        querystring: questionListQuerySchema.omit({ question_type_id: true }),
        response: { 200: okEnvelope(pageOf(questionGroupListItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await bank.listGroups(db, tenantOf(request), request.query)),
  );
  app.post(
    `/${realm}/question-groups`,
    {
      preHandler: guard('create_question'),
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
          tenantOf(request),
          requireContext(request).user.id,
          await localizeGroupImages(localizerOf(request), request.body),
        ),
      ),
  );
  app.get(
    `/${realm}/question-groups/:id`,
    {
      preHandler: guard('view_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(questionGroupSchema), ...errorResponses },
      },
    },
    async (request) => ok(await bank.getGroup(db, tenantOf(request), request.params.id)),
  );
  app.put(
    `/${realm}/question-groups/:id`,
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
          tenantOf(request),
          requireContext(request).user.id,
          request.params.id,
          await localizeGroupImages(localizerOf(request), request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    `/${realm}/question-groups/:id`,
    {
      preHandler: guard('update_question'),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await bank.deleteGroup(db, tenantOf(request), request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
};

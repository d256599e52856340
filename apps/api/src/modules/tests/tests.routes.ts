import {
  drawBodySchema,
  idParamsSchema,
  listQuerySchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  packBodySchema,
  packSchema,
  pageOf,
  sectionItemsBodySchema,
  sectionParamsSchema,
  testBodySchema,
  testDetailSchema,
  testListQuerySchema,
  testSummarySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireContext } from '../../plugins/auth';
import { errorResponses, ok, registerCrud } from '../structure/crud';
import { PLATFORM } from '../structure/tenant';
import * as packsService from './packs.service';
import * as testsService from './tests.service';

const guard = (permission?: 'view_test' | 'create_test' | 'update_test') =>
  requireAuth({ strategies: ['admin'], permission });
const detail = { 200: okEnvelope(testDetailSchema), ...errorResponses };

/** Tests built from the question bank (/admin/test) and packs of tests (/admin/pack-exam). */
export const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['tests'];

  app.get(
    '/admin/tests',
    {
      preHandler: guard('view_test'),
      schema: {
        tags,
        querystring: testListQuerySchema,
        response: { 200: okEnvelope(pageOf(testSummarySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await testsService.listTests(db, PLATFORM, request.query)),
  );
  app.post(
    '/admin/tests',
    {
      preHandler: guard('create_test'),
      schema: {
        tags,
        summary: 'Create a draft test with one section per part of its exam',
        body: testBodySchema,
        response: detail,
      },
    },
    async (request) =>
      ok(await testsService.createTest(db, PLATFORM, requireContext(request).user.id, request.body)),
  );
  app.get(
    '/admin/tests/:id',
    {
      preHandler: guard('view_test'),
      schema: {
        tags,
        summary: 'Structure, question counts per part, versions',
        params: idParamsSchema,
        response: detail,
      },
    },
    async (request) => ok(await testsService.getTest(db, PLATFORM, request.params.id)),
  );
  app.put(
    '/admin/tests/:id',
    {
      preHandler: guard('update_test'),
      schema: { tags, params: idParamsSchema, body: testBodySchema, response: detail },
    },
    async (request) => ok(await testsService.updateTest(db, PLATFORM, request.params.id, request.body)),
  );
  app.delete(
    '/admin/tests/:id',
    {
      preHandler: guard('update_test'),
      schema: {
        tags,
        summary: 'Delete a never-published test',
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await testsService.deleteTest(db, PLATFORM, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
  app.put(
    '/admin/tests/:id/sections/:sectionId/items',
    {
      preHandler: guard('update_test'),
      schema: {
        tags,
        summary: 'Set the questions and groups of a section, in order',
        params: sectionParamsSchema,
        body: sectionItemsBodySchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await testsService.setSectionItems(
          db,
          PLATFORM,
          request.params.id,
          request.params.sectionId,
          request.body.items,
        ),
      ),
  );
  app.post(
    '/admin/tests/:id/sections/:sectionId/draw',
    {
      preHandler: guard('update_test'),
      schema: {
        tags,
        summary: 'Add N random questions of the part (by level and tag)',
        params: sectionParamsSchema,
        body: drawBodySchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await testsService.drawQuestions(
          db,
          PLATFORM,
          request.params.id,
          request.params.sectionId,
          request.body,
        ),
      ),
  );
  app.post(
    '/admin/tests/:id/publish',
    {
      preHandler: guard('update_test'),
      schema: {
        tags,
        summary: 'Freeze the test into a new version learners take; every part must be complete',
        params: idParamsSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(await testsService.publishTest(db, PLATFORM, requireContext(request).user.id, request.params.id)),
  );
  app.post(
    '/admin/tests/:id/unpublish',
    {
      preHandler: guard('update_test'),
      schema: { tags, summary: 'Back to draft: no new attempts', params: idParamsSchema, response: detail },
    },
    async (request) => ok(await testsService.setTestStatus(db, PLATFORM, request.params.id, 'draft')),
  );
  app.post(
    '/admin/tests/:id/archive',
    { preHandler: guard('update_test'), schema: { tags, params: idParamsSchema, response: detail } },
    async (request) => ok(await testsService.setTestStatus(db, PLATFORM, request.params.id, 'archived')),
  );

  registerCrud(app, {
    path: '/admin/packs',
    tag: 'packs',
    // Least privilege (issue 13): packs carry prices; each change needs its permission.
    permissions: { view: 'view_pack', create: 'create_pack', update: 'update_pack', delete: 'delete_pack' },
    listQuery: listQuerySchema,
    body: packBodySchema,
    item: packSchema,
    list: (query) => packsService.listPacks(db, PLATFORM, query),
    get: (id) => packsService.getPack(db, PLATFORM, id),
    create: (body) => packsService.createPack(db, PLATFORM, body),
    update: (id, body) => packsService.updatePack(db, PLATFORM, id, body),
    remove: (id) => packsService.deletePack(db, PLATFORM, id),
  });
};

import {
  attemptResultSchema,
  blueprintBodySchema,
  drawBodySchema,
  essayMarkBodySchema,
  essayMarkParamsSchema,
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
  testAttemptParamsSchema,
  testBodySchema,
  testDetailSchema,
  testListQuerySchema,
  testSummarySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrud } from '../../http/crud';
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { type RealmOptions, realmGuard, realmOf, realmTenant } from '../../tenancy/realm';
import { PLATFORM } from '../../tenancy/tenant';
import { markEssay } from '../attempts/essay-marks.service';
import { remoteImageLocalizer } from '../media/remote-images.service';
import * as packsService from './packs.service';
import * as testsService from './tests.service';

const detail = { 200: okEnvelope(testDetailSchema), ...errorResponses };

/**
 * Tests built from the question bank, in both back offices: `/api/admin/tests` on the platform's bank
 * (/admin/test), `/api/educator/tests` on the caller's organization's own bank (/organization/test/manual;
 * an organization's test is never in the public catalogue). Packs of tests (/admin/pack-exam) are the
 * platform's only.
 */
export const testRoutes: FastifyPluginAsyncZod<RealmOptions> = async (app, options) => {
  const db = app.db;
  const tags = ['tests'];
  const realm = realmOf(options);
  const guard = (
    permission: 'view_test' | 'create_test' | 'update_test' | 'view_student' | 'update_marking',
  ) => realmGuard(realm, permission);
  const tenantOf = (request: Parameters<typeof realmTenant>[1]) => realmTenant(realm, request);
  /** An organization's description pictures from other sites are stored in its media first (issue 26). */
  const localizeTestImages = async <
    B extends { description?: string | null; description_en?: string | null },
  >(
    request: Parameters<typeof realmTenant>[1],
    body: B,
  ): Promise<B> => {
    const localize = remoteImageLocalizer(app.deps, tenantOf(request), requireContext(request).user.id);
    return {
      ...body,
      description: await localize(body.description, 'description'),
      description_en: await localize(body.description_en, 'description_en'),
    };
  };

  app.get(
    `/${realm}/tests`,
    {
      preHandler: guard('view_test'),
      schema: {
        tags,
        querystring: testListQuerySchema,
        response: { 200: okEnvelope(pageOf(testSummarySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await testsService.listTests(db, tenantOf(request), request.query)),
  );
  app.post(
    `/${realm}/tests`,
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
      ok(
        await testsService.createTest(
          db,
          tenantOf(request),
          requireContext(request).user.id,
          await localizeTestImages(request, request.body),
          app.now(),
        ),
      ),
  );
  app.get(
    `/${realm}/tests/:id`,
    {
      preHandler: guard('view_test'),
      schema: {
        tags,
        summary: 'Structure, question counts per part, versions',
        params: idParamsSchema,
        response: detail,
      },
    },
    async (request) => ok(await testsService.getTest(db, tenantOf(request), request.params.id)),
  );
  app.put(
    `/${realm}/tests/:id`,
    {
      preHandler: guard('update_test'),
      schema: { tags, params: idParamsSchema, body: testBodySchema, response: detail },
    },
    async (request) =>
      ok(
        await testsService.updateTest(
          db,
          tenantOf(request),
          request.params.id,
          await localizeTestImages(request, request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    `/${realm}/tests/:id`,
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
      await testsService.deleteTest(db, tenantOf(request), request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
  app.put(
    `/${realm}/tests/:id/sections/:sectionId/items`,
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
          tenantOf(request),
          request.params.id,
          request.params.sectionId,
          request.body.items,
          app.now(),
        ),
      ),
  );
  app.post(
    `/${realm}/tests/:id/sections/:sectionId/draw`,
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
          tenantOf(request),
          request.params.id,
          request.params.sectionId,
          request.body,
          app.now(),
        ),
      ),
  );
  app.put(
    `/${realm}/tests/:id/sections/:sectionId/blueprint`,
    {
      preHandler: guard('update_test'),
      schema: {
        tags,
        summary:
          "Set a smart test's blueprint rows of a section: N questions of a level, question type and tag, drawn per learner",
        params: sectionParamsSchema,
        body: blueprintBodySchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await testsService.setSectionBlueprint(
          db,
          tenantOf(request),
          request.params.id,
          request.params.sectionId,
          request.body.rows,
          app.now(),
        ),
      ),
  );
  app.get(
    `/${realm}/tests/:id/attempts/:attemptId/result`,
    {
      // A learner's name, answers and score: the students' permission, as their own routes (issue 26).
      preHandler: guard('view_student'),
      schema: {
        tags,
        summary: "A student's attempt of the test: score, parts and the per-question review",
        params: testAttemptParamsSchema,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await testsService.testAttemptResult(
          db,
          tenantOf(request),
          request.params.id,
          request.params.attemptId,
          app.now(),
        ),
      ),
  );
  app.put(
    `/${realm}/tests/:id/attempts/:attemptId/essays/:questionId/mark`,
    {
      preHandler: guard('update_marking'),
      schema: {
        tags,
        summary:
          "Mark a student's essay on its rubric: a band per criterion, a comment and inline comments; the attempt is graded again",
        params: essayMarkParamsSchema,
        body: essayMarkBodySchema,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await markEssay(
          db,
          tenantOf(request),
          {
            testId: request.params.id,
            attemptId: request.params.attemptId,
            questionId: request.params.questionId,
          },
          request.body,
          requireContext(request).user.id,
          app.now(),
        ),
      ),
  );
  app.post(
    `/${realm}/tests/:id/publish`,
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
      ok(
        await testsService.publishTest(
          db,
          tenantOf(request),
          requireContext(request).user.id,
          request.params.id,
          app.now(),
        ),
      ),
  );
  app.post(
    `/${realm}/tests/:id/unpublish`,
    {
      preHandler: guard('update_test'),
      schema: { tags, summary: 'Back to draft: no new attempts', params: idParamsSchema, response: detail },
    },
    async (request) =>
      ok(await testsService.setTestStatus(db, tenantOf(request), request.params.id, 'draft', app.now())),
  );
  app.post(
    `/${realm}/tests/:id/archive`,
    { preHandler: guard('update_test'), schema: { tags, params: idParamsSchema, response: detail } },
    async (request) =>
      ok(await testsService.setTestStatus(db, tenantOf(request), request.params.id, 'archived', app.now())),
  );

  if (realm !== 'admin') return;
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
    update: (id, body) => packsService.updatePack(db, PLATFORM, id, body, app.now()),
    remove: (id) => packsService.deletePack(db, PLATFORM, id),
  });
};

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
import type { FastifyRequest } from 'fastify';
import { registerCrud } from '../../http/crud';
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { scoped, scopeOf } from '../../tenancy/scoped';
import { markEssay } from '../attempts/essay-marks.service';
import { remoteImageLocalizer } from '../media/remote-images.service';
import * as packsService from './packs.service';
import * as testsService from './practice-tests.service';

const detail = { 200: okEnvelope(testDetailSchema), ...errorResponses };

/**
 * Tests built from the question bank, in both back offices: `/api/admin/tests` on the platform's bank
 * (/admin/test), `/api/educator/tests` on the caller's organization's own bank (/organization/test/manual;
 * an organization's test is never in the public catalogue). Packs of tests (/admin/pack-exam) are the
 * platform's only.
 */
export const testRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const db = app.db;
  const tags = ['tests'];
  const scope = scopeOf(options);
  /** An organization's description pictures from other sites are stored in its media first (issue 26). */
  const localizeTestImages = async <
    B extends { description?: string | null; description_en?: string | null },
  >(
    request: FastifyRequest,
    body: B,
  ): Promise<B> => {
    const localize = remoteImageLocalizer(app.deps, request.tenant, requireContext(request).user.id);
    return {
      ...body,
      description: await localize(body.description, 'description'),
      description_en: await localize(body.description_en, 'description_en'),
    };
  };

  app.get(
    '/tests',
    {
      config: { permission: 'view_test' },
      schema: {
        tags,
        querystring: testListQuerySchema,
        response: { 200: okEnvelope(pageOf(testSummarySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await testsService.listTests(db, request.tenant, request.query)),
  );
  app.post(
    '/tests',
    {
      config: { permission: 'create_test' },
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
          request.tenant,
          requireContext(request).user.id,
          await localizeTestImages(request, request.body),
          app.now(),
        ),
      ),
  );
  app.get(
    '/tests/:id',
    {
      config: { permission: 'view_test' },
      schema: {
        tags,
        summary: 'Structure, question counts per part, versions',
        params: idParamsSchema,
        response: detail,
      },
    },
    async (request) => ok(await testsService.getTest(db, request.tenant, request.params.id)),
  );
  app.put(
    '/tests/:id',
    {
      config: { permission: 'update_test' },
      schema: { tags, params: idParamsSchema, body: testBodySchema, response: detail },
    },
    async (request) =>
      ok(
        await testsService.updateTest(
          db,
          request.tenant,
          request.params.id,
          await localizeTestImages(request, request.body),
          app.now(),
        ),
      ),
  );
  app.delete(
    '/tests/:id',
    {
      config: { permission: 'update_test' },
      schema: {
        tags,
        summary: 'Delete a never-published test',
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await testsService.deleteTest(db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
  app.put(
    '/tests/:id/sections/:sectionId/items',
    {
      config: { permission: 'update_test' },
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
          request.tenant,
          request.params.id,
          request.params.sectionId,
          request.body.items,
          app.now(),
        ),
      ),
  );
  app.post(
    '/tests/:id/sections/:sectionId/draw',
    {
      config: { permission: 'update_test' },
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
          request.tenant,
          request.params.id,
          request.params.sectionId,
          request.body,
          app.now(),
        ),
      ),
  );
  app.put(
    '/tests/:id/sections/:sectionId/blueprint',
    {
      config: { permission: 'update_test' },
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
          request.tenant,
          request.params.id,
          request.params.sectionId,
          request.body.rows,
          app.now(),
        ),
      ),
  );
  app.get(
    '/tests/:id/attempts/:attemptId/result',
    {
      // A learner's name, answers and score: the students' permission, as their own routes (issue 26).
      config: { permission: 'view_student' },
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
          request.tenant,
          request.params.id,
          request.params.attemptId,
          app.now(),
        ),
      ),
  );
  app.put(
    '/tests/:id/attempts/:attemptId/essays/:questionId/mark',
    {
      config: { permission: 'update_marking' },
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
          request.tenant,
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
    '/tests/:id/publish',
    {
      config: { permission: 'update_test' },
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
          request.tenant,
          requireContext(request).user.id,
          request.params.id,
          app.now(),
        ),
      ),
  );
  app.post(
    '/tests/:id/unpublish',
    {
      config: { permission: 'update_test' },
      schema: { tags, summary: 'Back to draft: no new attempts', params: idParamsSchema, response: detail },
    },
    async (request) =>
      ok(await testsService.setTestStatus(db, request.tenant, request.params.id, 'draft', app.now())),
  );
  app.post(
    '/tests/:id/archive',
    { config: { permission: 'update_test' }, schema: { tags, params: idParamsSchema, response: detail } },
    async (request) =>
      ok(await testsService.setTestStatus(db, request.tenant, request.params.id, 'archived', app.now())),
  );

  if (scope !== 'platform') return;
  registerCrud(app, {
    path: '/packs',
    tag: 'packs',
    // Least privilege (issue 13): packs carry prices; each change needs its permission.
    permissions: { view: 'view_pack', create: 'create_pack', update: 'update_pack', delete: 'delete_pack' },
    listQuery: listQuerySchema,
    body: packBodySchema,
    item: packSchema,
    list: (query, tenant) => packsService.listPacks(db, tenant, query),
    get: (id, tenant) => packsService.getPack(db, tenant, id),
    create: (body, _actor, tenant) => packsService.createPack(db, tenant, body),
    update: (id, body, _actor, tenant) => packsService.updatePack(db, tenant, id, body, app.now()),
    remove: (id, tenant) => packsService.deletePack(db, tenant, id),
  });
});

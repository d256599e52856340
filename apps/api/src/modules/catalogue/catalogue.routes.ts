import {
  catalogueFiltersSchema,
  catalogueItemSchema,
  catalogueQuerySchema,
  historyItemSchema,
  historyTestSchema,
  idParamsSchema,
  myTestStateSchema,
  okEnvelope,
  pageOf,
  pageQuerySchema,
  publicTestDetailSchema,
  slugParamsSchema,
  testStatsSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { requireAuth, requireContext } from '../../plugins/auth';
import { PLATFORM } from '../../tenancy/tenant';
import * as catalogue from './catalogue.service';
import * as history from './history.service';
import { getTestStats } from './stats.service';

const testSlugParamsSchema = z.object({ testSlug: slugParamsSchema.shape.slug });
// Learners only, like the attempts themselves; an account only ever reads its own attempts.
const learner = requireAuth({ strategies: ['user'] });

/**
 * The public catalogue of published platform tests (/tests, /tests/{slug}) and its filter bar (/test-filters),
 * the learner's own state and history of tests taken (/test-history), and the attempt statistics of a test in
 * the back office.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['catalogue'];

  app.get(
    '/public/tests',
    {
      schema: {
        tags,
        summary: 'Published tests: search, filters (category, exam, level, access), sort, pages',
        querystring: catalogueQuerySchema,
        response: { 200: okEnvelope(pageOf(catalogueItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await catalogue.listCatalogue(db, request.query)),
  );
  // Not under /public/tests/: a fixed segment there would shadow the test whose slug is that word.
  app.get(
    '/public/test-filters',
    {
      schema: {
        tags,
        summary: 'Categories with their exams, and levels, that have published tests',
        response: { 200: okEnvelope(catalogueFiltersSchema), ...errorResponses },
      },
    },
    async () => ok(await catalogue.getCatalogueFilters(db)),
  );
  app.get(
    '/public/tests/:slug',
    {
      schema: {
        tags,
        summary: 'A published test: structure, rules and the packs that contain it',
        params: slugParamsSchema,
        response: { 200: okEnvelope(publicTestDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await catalogue.getPublicTest(db, request.params.slug)),
  );

  app.get(
    '/user/tests/:slug/me',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'The learner’s attempts of a test, best score, open attempt and whether they may start',
        params: slugParamsSchema,
        response: { 200: okEnvelope(myTestStateSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await history.getMyTestState(db, requireContext(request).user.id, request.params.slug, app.now())),
  );
  app.get(
    '/user/test-history',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Tests the learner has taken, with best and latest score; latest activity first',
        querystring: pageQuerySchema,
        response: { 200: okEnvelope(pageOf(historyItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await history.listHistory(db, requireContext(request).user.id, request.query)),
  );
  app.get(
    '/user/test-history/:testSlug',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Every attempt of one test by the learner, oldest first (progress chart)',
        params: testSlugParamsSchema,
        response: { 200: okEnvelope(historyTestSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await history.getHistoryTest(db, requireContext(request).user.id, request.params.testSlug)),
  );
  app.get(
    '/admin/tests/:id/stats',
    {
      // Its recent attempts name learners (e-mails, scores): the students' permission (issue 26).
      preHandler: requireAuth({ strategies: ['admin'], permission: 'view_student' }),
      schema: {
        tags,
        summary: 'Attempts, learners, scores, time and per-part correct rates of a test',
        params: idParamsSchema,
        response: { 200: okEnvelope(testStatsSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getTestStats(db, PLATFORM, request.params.id)),
  );
};

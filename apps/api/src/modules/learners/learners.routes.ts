import {
  analyticsOptionsSchema,
  analyticsQuerySchema,
  analyticsSchema,
  attemptResultSchema,
  learnerDetailSchema,
  learnerListQuerySchema,
  learnerSchema,
  learnerTestAttemptsSchema,
  learnerUpdateBodySchema,
  okEnvelope,
  pageOf,
} from '@prepwise/contract';
import { z } from 'zod';
import { errorsOf, ok } from '../../http/reply';
import { scoped, scopeOf } from '../../tenancy/scoped';
import * as analytics from './analytics.service';
import { ROLLUP_QUEUE, refreshRollups } from './analytics-rollups';
import * as people from './learners.service';

const errors = errorsOf(401, 403, 404, 422);

/** Days and tests one run of the rollup job recomputes at most (the next minute's run goes on). */
const ROLLUP_JOB_LIMIT = 2_000;

const learnerParams = z.object({ id: z.uuid() });
const testParams = learnerParams.extend({ testId: z.uuid() });
const attemptParams = testParams.extend({ attemptId: z.uuid() });

/**
 * Learners and analytics (issue 15). In both scopes: a learner's attempts of one test and
 * its results, and the analytics, at `/api/admin/…` (any learner, the whole platform) and
 * `/api/educator/…` (the organization's students, its own and the platform's tests). The learner list,
 * detail and edit are the admin's only (`/api/admin/students`).
 */
export const peopleRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const db = app.db;
  const scope = scopeOf(options);

  if (scope === 'platform') {
    // The analytics' daily rollups (decision 022): every minute, the days and tests marked by changed
    // attempts (and, after the upgrade that adds them, every day with attempts: the backfill) are
    // recomputed, so a page read rarely finds any left to do itself.
    await app.jobs.define(ROLLUP_QUEUE, async () => {
      const refreshed = await refreshRollups(db, { limit: ROLLUP_JOB_LIMIT });
      if (refreshed > 0) app.log.debug({ refreshed }, 'analytics rollups refreshed');
    });
    await app.jobs.schedule(ROLLUP_QUEUE, '* * * * *');
    const tags = ['learners'];
    app.get(
      '/students',
      {
        config: { permission: 'view_student' },
        schema: {
          tags,
          summary: 'Every learner: search (name, e-mail), status, organization and activity filters',
          querystring: learnerListQuerySchema,
          response: { 200: okEnvelope(pageOf(learnerSchema)), ...errors },
        },
      },
      async (request) => ok(await people.listLearners(db, request.query)),
    );
    app.get(
      '/students/:id',
      {
        config: { permission: 'view_student' },
        schema: {
          tags,
          summary: "A learner's profile, organizations, attempts and purchases",
          params: learnerParams,
          response: { 200: okEnvelope(learnerDetailSchema), ...errors },
        },
      },
      async (request) => ok(await people.getLearner(db, request.params.id)),
    );
    app.put(
      '/students/:id',
      {
        config: { permission: 'update_student' },
        schema: {
          tags,
          summary: "A learner's name and status (disabling ends every session at once)",
          params: learnerParams,
          body: learnerUpdateBodySchema,
          response: { 200: okEnvelope(learnerDetailSchema), ...errors },
        },
      },
      async (request) => ok(await people.updateLearner(db, request.params.id, request.body, app.now())),
    );
  }

  app.get(
    '/students/:id/tests/:testId/attempts',
    {
      config: { permission: 'view_student' },
      schema: {
        tags: ['learners'],
        summary: "A learner's attempts of one test",
        params: testParams,
        response: { 200: okEnvelope(learnerTestAttemptsSchema), ...errors },
      },
    },
    async (request) =>
      ok(await people.learnerTestAttempts(db, request.tenant, request.params.id, request.params.testId)),
  );
  app.get(
    '/students/:id/tests/:testId/attempts/:attemptId/result',
    {
      config: { permission: 'view_student' },
      schema: {
        tags: ['learners'],
        summary: "One attempt's result and per-question review",
        params: attemptParams,
        response: { 200: okEnvelope(attemptResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await people.learnerAttemptResult(
          db,
          request.tenant,
          request.params.id,
          request.params.testId,
          request.params.attemptId,
          app.now(),
        ),
      ),
  );

  app.get(
    '/analytics',
    {
      config: { permission: 'view_analytics' },
      schema: {
        tags: ['analytics'],
        summary:
          'Attempts per day, active learners, score distribution, class progress, weakest parts and question types (admin: organizations and revenue)',
        querystring: analyticsQuerySchema,
        response: { 200: okEnvelope(analyticsSchema), ...errors },
      },
    },
    async (request) => ok(await analytics.getAnalytics(db, request.tenant, request.query, app.now())),
  );
  app.get(
    '/analytics/options',
    {
      config: { permission: ['view_analytics', 'view_student'] },
      schema: {
        tags: ['analytics'],
        summary:
          "The analytics filters' choices: classes, tests (admin: organizations); also the learner list's organization filter",
        querystring: z.object({ organization_id: z.uuid().optional() }),
        response: { 200: okEnvelope(analyticsOptionsSchema), ...errors },
      },
    },
    async (request) => ok(await analytics.getAnalyticsOptions(db, request.tenant, request.query)),
  );
});

import { idParamsSchema, itemAnalysisQuerySchema, itemAnalysisSchema, okEnvelope } from '@prepwise/contract';
import { errorResponses, ok } from '../../http/reply';
import { scoped, scopeOf } from '../../tenancy/scoped';
import { onFullAttemptSubmitted } from '../attempts';
import * as itemAnalysis from './item-analysis.service';

/** At most one wake-up of the job per process and second: one run computes every pending version. */
const WAKE_INTERVAL_MS = 1_000;

/**
 * Item analysis of a test's versions (issue 15): `GET /api/admin/tests/:id/item-analysis`, and the same
 * route in the organization portal's scope on the caller's organization (tenancy/scoped.ts).
 *
 * The platform's registration also defines the job: woken after each full attempt is submitted (the submit marks
 * the version pending in its own transaction), and every minute as a safety net (marks left by a process
 * that stopped, or by another process of a cluster).
 */
export const itemAnalysisRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const scope = scopeOf(options);
  const db = app.db;

  if (scope === 'platform') {
    await app.jobs.define(itemAnalysis.REFRESH_QUEUE, async () => {
      const computed = await itemAnalysis.refreshPending(db, app.now());
      if (computed > 0) app.log.debug({ computed }, 'item analysis refreshed');
    });
    await app.jobs.schedule(itemAnalysis.REFRESH_QUEUE, '* * * * *');
    let lastWake = 0;
    onFullAttemptSubmitted(db, () => {
      const now = Date.now();
      if (!app.jobs.running || now - lastWake < WAKE_INTERVAL_MS) return;
      lastWake = now;
      app.jobs.enqueue(itemAnalysis.REFRESH_QUEUE, {}, { retryLimit: 2 }).catch((error: unknown) => {
        lastWake = 0;
        app.log.warn({ err: error }, 'item analysis job not enqueued (the minute sweep will take it)');
      });
    });
  }

  app.get(
    '/tests/:id/item-analysis',
    {
      config: { permission: 'view_test' },
      schema: {
        tags: ['tests'],
        summary:
          "Item analysis of a test version (Moodle's quiz statistics): facility, discrimination, option shares, flags",
        params: idParamsSchema,
        querystring: itemAnalysisQuerySchema,
        response: { 200: okEnvelope(itemAnalysisSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await itemAnalysis.getItemAnalysis(db, request.tenant, request.params.id, request.query)),
  );
});

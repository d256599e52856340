import {
  attemptResultSchema,
  markBodySchema,
  markingAgreementSchema,
  markingDetailSchema,
  markingItemSchema,
  markingParamsSchema,
  markingQuerySchema,
  okEnvelope,
  pageOf,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { type RealmOptions, realmGuard, realmOf, realmTenant } from '../../tenancy/realm';
import { markEssay } from '../attempts/essay-marks.service';
import { defineDraftFeedbackJob } from './draft-feedback';
import * as marking from './marking.service';

/**
 * The marking queue (issue 28), one feature in both back offices: `/api/admin/marking` on the platform's
 * attempts, `/api/educator/marking` on the caller's organization's learners' (another organization's
 * answer is a 404). Every route needs `update_marking`.
 */
export const markingRoutes: FastifyPluginAsyncZod<RealmOptions> = async (app, options) => {
  const db = app.db;
  const tags = ['marking'];
  const realm = realmOf(options);
  const guard = realmGuard(realm, 'update_marking');
  const tenantOf = (request: Parameters<typeof realmTenant>[1]) => realmTenant(realm, request);
  // The offline draft feedback job is one for both realms.
  if (realm === 'admin') await defineDraftFeedbackJob(app.deps);

  app.get(
    `/${realm}/marking`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Answers to mark by hand (essays) of submitted attempts, unmarked or marked',
        querystring: markingQuerySchema,
        response: { 200: okEnvelope(pageOf(markingItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await marking.listMarking(db, tenantOf(request), request.query)),
  );
  app.get(
    `/${realm}/marking/agreement`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Machine drafts against teachers' final marks per rubric: weighted kappa, MAD, within half a band",
        response: { 200: okEnvelope(markingAgreementSchema), ...errorResponses },
      },
    },
    async (request) => ok(await marking.markingAgreement(db, tenantOf(request))),
  );
  app.get(
    `/${realm}/marking/:attemptId/:questionId`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "One answer to mark: its text, the question, the rubric, the teacher's mark and the machine's draft",
        params: markingParamsSchema,
        response: { 200: okEnvelope(markingDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await marking.getMarking(db, tenantOf(request), request.params)),
  );
  app.put(
    `/${realm}/marking/:attemptId/:questionId`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Mark an answer on its rubric (the teacher's final mark); the attempt is graded again",
        params: markingParamsSchema,
        body: markBodySchema,
        response: { 200: okEnvelope(attemptResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await markEssay(
          db,
          tenantOf(request),
          request.params,
          request.body,
          requireContext(request).user.id,
          app.now(),
        ),
      ),
  );
};

import {
  assignmentAttemptParamsSchema,
  assignmentBodySchema,
  assignmentExportQuerySchema,
  assignmentParamsSchema,
  assignmentResultsSchema,
  assignmentSchema,
  assignmentSimilaritySchema,
  idParamsSchema,
  integrityTimelineSchema,
  learnerAssignmentParamsSchema,
  learnerAssignmentQuerySchema,
  learnerAssignmentSchema,
  okEnvelope,
  startAssignedAttemptBodySchema,
  startAttemptResultSchema,
} from '@prepwise/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { requireAuth, requireContext, requireEducator, requireOrganizationId } from '../../plugins/auth';
import * as assignments from './assignments.service';
import { callerOf } from './delivery-rules';
import { getAssignmentSimilarity } from './similarity.service';

function download(reply: FastifyReply, file: { bytes: Uint8Array; contentType: string; filename: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
}

/**
 * Assignments of an organization's tests (issue 15): authored and followed in the organization portal
 * (`/api/educator/tests/:id/assignments…`), found and taken by its students (`/api/user/…`). The platform
 * assigns nothing: the routes exist in the educator realm only.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['assignments'];
  const tenantOf = (request: Parameters<typeof requireOrganizationId>[0]) => ({
    organizationId: requireOrganizationId(request),
  });
  const base = '/educator/tests/:id/assignments';

  app.get(
    base,
    {
      preHandler: requireEducator({ permission: 'view_test' }),
      schema: {
        tags,
        summary: "The test's assignments, newest window first",
        params: idParamsSchema,
        response: { 200: okEnvelope(z.array(assignmentSchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(await assignments.listAssignments(db, tenantOf(request), request.params.id, app.now())),
  );
  app.post(
    base,
    {
      preHandler: requireEducator({ permission: 'update_test' }),
      schema: {
        tags,
        summary: 'Assign a published test to classes and/or students for a window',
        params: idParamsSchema,
        body: assignmentBodySchema,
        response: { 200: okEnvelope(assignmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.createAssignment(
          db,
          tenantOf(request),
          requireContext(request).user.id,
          request.params.id,
          request.body,
          app.now(),
        ),
      ),
  );
  app.put(
    `${base}/:assignmentId`,
    {
      preHandler: requireEducator({ permission: 'update_test' }),
      schema: {
        tags,
        params: assignmentParamsSchema,
        body: assignmentBodySchema,
        response: { 200: okEnvelope(assignmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.updateAssignment(
          db,
          tenantOf(request),
          request.params.id,
          request.params.assignmentId,
          request.body,
          app.now(),
        ),
      ),
  );
  app.post(
    `${base}/:assignmentId/cancel`,
    {
      preHandler: requireEducator({ permission: 'update_test' }),
      schema: {
        tags,
        summary: 'Cancel (idempotent): students no longer see it; attempts made stay',
        params: assignmentParamsSchema,
        response: { 200: okEnvelope(assignmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.cancelAssignment(
          db,
          tenantOf(request),
          request.params.id,
          request.params.assignmentId,
          app.now(),
        ),
      ),
  );
  app.post(
    `${base}/:assignmentId/release`,
    {
      preHandler: requireEducator({ permission: 'update_test' }),
      schema: {
        tags,
        summary:
          'Release the per-question review and essay marks to the students now, before the close time (idempotent)',
        params: assignmentParamsSchema,
        response: { 200: okEnvelope(assignmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.releaseResults(
          db,
          tenantOf(request),
          request.params.id,
          request.params.assignmentId,
          app.now(),
        ),
      ),
  );
  app.get(
    `${base}/:assignmentId/results`,
    {
      // Students' names, scores and times: the students' permission, as their own routes (issue 26).
      preHandler: requireEducator({ permission: 'view_student' }),
      schema: {
        tags,
        summary: 'Every assigned student with status, score, time spent, started and submitted times',
        params: assignmentParamsSchema,
        response: { 200: okEnvelope(assignmentResultsSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.getAssignmentResults(
          db,
          tenantOf(request),
          request.params.id,
          request.params.assignmentId,
          app.now(),
        ),
      ),
  );
  app.get(
    `${base}/:assignmentId/similarity`,
    {
      // Pairs of named students and their answers: the students' permission, as the results.
      preHandler: requireEducator({ permission: 'view_student' }),
      schema: {
        tags,
        summary:
          'Pairs of students whose identical wrong answers are improbable by chance, with the evidence',
        params: assignmentParamsSchema,
        response: { 200: okEnvelope(assignmentSimilaritySchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await getAssignmentSimilarity(db, tenantOf(request), request.params.id, request.params.assignmentId),
      ),
  );
  app.get(
    `${base}/:assignmentId/results/export`,
    {
      // With their e-mails: the students' permission (issue 26).
      preHandler: requireEducator({ permission: 'view_student' }),
      schema: {
        tags,
        summary: 'The results table as CSV or XLSX',
        params: assignmentParamsSchema,
        querystring: assignmentExportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const file = await assignments.exportAssignmentResults(
        db,
        tenantOf(request),
        request.params.id,
        request.params.assignmentId,
        request.query.format,
        app.now(),
      );
      return download(reply, file);
    },
  );
  app.get(
    `${base}/:assignmentId/attempts/:attemptId/integrity`,
    {
      // What a student did while taking it: the students' permission, as the results (issue 26).
      preHandler: requireEducator({ permission: 'view_student' }),
      schema: {
        tags,
        summary:
          "One attempt's integrity timeline (focus, full screen, pastes, devices, connection): evidence, not a verdict",
        params: assignmentAttemptParamsSchema,
        response: { 200: okEnvelope(integrityTimelineSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.getAttemptIntegrity(
          db,
          tenantOf(request),
          request.params.id,
          request.params.assignmentId,
          request.params.attemptId,
        ),
      ),
  );

  // ---------------------------------------------------------------- learners
  const learner = requireAuth({ strategies: ['user'] });
  app.get(
    '/user/assignments',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The learner's assigned tests (open first), optionally of one organization",
        querystring: learnerAssignmentQuerySchema,
        response: { 200: okEnvelope(z.array(learnerAssignmentSchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.learnerAssignments(
          db,
          requireContext(request).user.id,
          app.now(),
          request.query.organization,
        ),
      ),
  );
  app.get(
    '/user/organizations/:slug/tests/:testSlug',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'One assigned test: its window, attempts used and the latest result',
        params: learnerAssignmentParamsSchema,
        response: { 200: okEnvelope(learnerAssignmentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await assignments.getLearnerAssignment(
          db,
          requireContext(request).user.id,
          request.params.slug,
          request.params.testSlug,
          app.now(),
        ),
      ),
  );
  app.post(
    '/user/organizations/:slug/tests/:testSlug/attempts',
    {
      preHandler: requireAuth({ strategies: ['user'], reuseSessionSeconds: 5 }),
      schema: {
        tags,
        summary:
          'Start an attempt of an assigned test within its window (201), or resume the open one (200); a new attempt asks for the access code when the assignment has one',
        params: learnerAssignmentParamsSchema,
        body: startAssignedAttemptBodySchema,
        response: {
          200: okEnvelope(startAttemptResultSchema),
          201: okEnvelope(startAttemptResultSchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const started = await assignments.startAssignedAttempt(
        db,
        requireContext(request).user.id,
        request.params.slug,
        request.params.testSlug,
        app.now(),
        callerOf(request),
        request.body.access_code,
      );
      const status = started.resumed ? 200 : 201;
      return reply.code(status).send({ statusCode: status, message: 'OK', result: started });
    },
  );
};

import multipart from '@fastify/multipart';
import {
  classArchiveBodySchema,
  classBodySchema,
  classListQuerySchema,
  classMembersBodySchema,
  classMembersResultSchema,
  classMoveBodySchema,
  classSchema,
  IMPORT_MAX_BYTES,
  invitationAcceptBodySchema,
  invitationAcceptResultSchema,
  invitationCreateBodySchema,
  invitationCreateResultSchema,
  invitationListQuerySchema,
  invitationSchema,
  joinBodySchema,
  joinCodeSchema,
  joinerListQuerySchema,
  joinSettingsBodySchema,
  learnerOrganizationSchema,
  okEnvelope,
  pageOf,
  publicInvitationSchema,
  rosterImportResultSchema,
  rosterPreviewSchema,
  STUDENT_KEYS,
  studentDetailSchema,
  studentListQuerySchema,
  studentSchema,
  studentUpdateBodySchema,
} from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUpload } from '../../http/multipart';
import { errorsOf, ok } from '../../http/reply';
import { AppError } from '../../lib/errors';
import { clientMeta } from '../../lib/request-meta';
import { authenticate, requireAuth, requireContext } from '../../plugins/auth';
import type { MultipartDoc } from '../../plugins/openapi';
import { organizationTenant, scoped } from '../../tenancy/scoped';
import { setAuthCookies } from '../auth/auth.cookies';
import * as invitations from './invitations.service';
import * as roster from './roster.service';
import * as students from './students.service';

const errors = errorsOf(401, 403, 404, 409, 410, 422);
const uploadErrors = { ...errors, ...errorsOf(400, 413) };
/** The multipart body of the roster imports, for the OpenAPI document. */
const ROSTER_FILE: MultipartDoc = {
  file: 'The roster: CSV (UTF-8) or XLSX with the columns email, full_name, student_code, class',
};

/**
 * Students, classes, join code, invitations and roster import of ONE organization, in two scopes:
 * `/api/educator/…` (the caller's organization) and `/api/admin/organizations/:organizationId/…` (the
 * organization in the path; an unknown one is a 404). Same services, same schemas.
 */
const backOfficeRoutes = scoped(['organization', 'managed-organization'], async (app) => {
  const db = app.db;
  const withId = z.object({ id: z.uuid() });
  const tags = ['students'];
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const actorOf = (request: FastifyRequest) => requireContext(request).user.id;

  // ------------------------------------------------------------ students
  app.get(
    '/students',
    {
      config: { permission: 'view_student' },
      schema: {
        tags,
        summary: 'Students: search (name, email, student code), class and status filters',
        querystring: studentListQuerySchema,
        response: { 200: okEnvelope(pageOf(studentSchema)), ...errors },
      },
    },
    async (request) => ok(await students.listStudents(db, organizationTenant(request), request.query)),
  );
  app.get(
    '/students/:id',
    {
      config: { permission: 'view_student' },
      schema: { tags, params: withId, response: { 200: okEnvelope(studentDetailSchema), ...errors } },
    },
    async (request) => ok(await students.getStudent(db, organizationTenant(request), idOf(request))),
  );
  app.put(
    '/students/:id',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Student code, note, classes and status (removed: keeps the history, ends the access)',
        params: withId,
        body: studentUpdateBodySchema,
        response: { 200: okEnvelope(studentDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await students.updateStudent(db, organizationTenant(request), idOf(request), request.body, app.now()),
      ),
  );

  // ------------------------------------------------------------ classes
  app.get(
    '/classes',
    {
      config: { permission: 'view_student' },
      schema: {
        tags,
        querystring: classListQuerySchema,
        response: { 200: okEnvelope(pageOf(classSchema)), ...errors },
      },
    },
    async (request) => ok(await students.listClasses(db, organizationTenant(request), request.query)),
  );
  app.post(
    '/classes',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        body: classBodySchema,
        response: { 200: okEnvelope(classSchema), ...errors },
      },
    },
    async (request) => ok(await students.createClass(db, organizationTenant(request), request.body)),
  );
  app.get(
    '/classes/:id',
    {
      config: { permission: 'view_student' },
      schema: { tags, params: withId, response: { 200: okEnvelope(classSchema), ...errors } },
    },
    async (request) => ok(await students.getClass(db, organizationTenant(request), idOf(request))),
  );
  app.put(
    '/classes/:id',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        params: withId,
        body: classBodySchema,
        response: { 200: okEnvelope(classSchema), ...errors },
      },
    },
    async (request) =>
      ok(await students.updateClass(db, organizationTenant(request), idOf(request), request.body, app.now())),
  );
  app.put(
    '/classes/:id/archive',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Archive (true) or unarchive (false) a class',
        params: withId,
        body: classArchiveBodySchema,
        response: { 200: okEnvelope(classSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await students.setClassArchived(
          db,
          organizationTenant(request),
          idOf(request),
          request.body.archived,
          app.now(),
        ),
      ),
  );
  app.post(
    '/classes/:id/students',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Add students to the class',
        params: withId,
        body: classMembersBodySchema,
        response: { 200: okEnvelope(classMembersResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await students.addClassStudents(
          db,
          organizationTenant(request),
          idOf(request),
          request.body.user_ids,
        ),
      ),
  );
  app.post(
    '/classes/:id/students/remove',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Take students out of the class',
        params: withId,
        body: classMembersBodySchema,
        response: { 200: okEnvelope(classMembersResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await students.removeClassStudents(
          db,
          organizationTenant(request),
          idOf(request),
          request.body.user_ids,
        ),
      ),
  );
  app.post(
    '/classes/:id/students/move',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Move students from this class to another (one transaction)',
        params: withId,
        body: classMoveBodySchema,
        response: { 200: okEnvelope(classMembersResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(await students.moveClassStudents(db, organizationTenant(request), idOf(request), request.body)),
  );

  // ------------------------------------------------------------ join code
  app.get(
    '/students-join-code',
    {
      config: { permission: 'view_student' },
      schema: { tags, response: { 200: okEnvelope(joinCodeSchema), ...errors } },
    },
    async (request) =>
      ok(await students.getJoinCode(db, organizationTenant(request), app.config.publicUrl, app.now())),
  );
  app.post(
    '/students-join-code',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'A new join code (the old one stops working)',
        response: { 200: okEnvelope(joinCodeSchema), ...errors },
      },
    },
    async (request) =>
      ok(await students.regenerateJoinCode(db, organizationTenant(request), app.config.publicUrl, app.now())),
  );

  app.put(
    '/students-join-code/settings',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary:
          "Where code joiners go: one of the organization's open classes, or null for the waiting list",
        body: joinSettingsBodySchema,
        response: { 200: okEnvelope(joinCodeSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await students.setJoinSettings(
          db,
          organizationTenant(request),
          request.body,
          app.config.publicUrl,
          app.now(),
        ),
      ),
  );
  app.get(
    '/students-joined',
    {
      config: { permission: 'view_student' },
      schema: {
        tags,
        summary:
          'Students who joined with the code, newest first (state=waiting: in no open class yet; assign with POST /classes/{id}/students)',
        querystring: joinerListQuerySchema,
        response: { 200: okEnvelope(pageOf(studentSchema)), ...errors },
      },
    },
    async (request) => ok(await students.listJoiners(db, organizationTenant(request), request.query)),
  );

  // ------------------------------------------------------------ invitations
  app.get(
    '/student-invitations',
    {
      config: { permission: 'view_student' },
      schema: {
        tags,
        querystring: invitationListQuerySchema,
        response: { 200: okEnvelope(pageOf(invitationSchema)), ...errors },
      },
    },
    async (request) =>
      ok(await invitations.listInvitations(db, organizationTenant(request), request.query, app.now())),
  );
  app.post(
    '/student-invitations',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Invites addresses by mail (optionally into classes); active students are skipped',
        body: invitationCreateBodySchema,
        response: { 200: okEnvelope(invitationCreateResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await invitations.inviteStudents(
          app.deps,
          organizationTenant(request),
          actorOf(request),
          request.body,
        ),
      ),
  );
  app.delete(
    '/student-invitations/:id',
    {
      config: { permission: 'update_student' },
      schema: {
        tags,
        summary: 'Revokes an invitation',
        params: withId,
        response: { 200: okEnvelope(invitationSchema), ...errors },
      },
    },
    async (request) =>
      ok(await invitations.revokeInvitation(db, organizationTenant(request), idOf(request), app.now())),
  );

  // ------------------------------------------------------------ roster import
  app.post(
    '/students/import/preview',
    {
      config: { permission: 'update_student', multipart: ROSTER_FILE },
      schema: {
        tags,
        summary:
          'Reads a CSV/XLSX roster (email, full_name, student_code, class) and shows each row with its errors',
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(rosterPreviewSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const tenant = organizationTenant(request);
      const file = await readUpload(request);
      return ok(
        await roster.previewRoster(db, tenant, roster.readRoster(file.filename, file.bytes), app.now()),
      );
    },
  );
  app.post(
    '/students/import',
    {
      config: { permission: 'update_student', multipart: ROSTER_FILE },
      schema: {
        tags,
        summary: 'Imports every row in one transaction, or nothing (422 naming rows.N.column)',
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(rosterImportResultSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const tenant = organizationTenant(request);
      const file = await readUpload(request);
      const rows = roster.readRoster(file.filename, file.bytes);
      return ok(await roster.importRoster(app.deps, tenant, actorOf(request), rows));
    },
  );
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/students/import/template.${format}`,
      {
        config: { permission: 'update_student' },
        schema: { tags, summary: `The roster template (${format})` },
      },
      async (_request, reply) => {
        const file = roster.rosterTemplate(format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(file.bytes));
      },
    );
  }
});

/** The learner's side: joining with a code, their organizations, and invitation links. */
const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['students'];
  app.get(
    '/user/organizations',
    {
      preHandler: requireAuth({ strategies: ['user'] }),
      schema: {
        tags,
        summary: "The learner's organizations",
        response: { 200: okEnvelope(z.array(learnerOrganizationSchema)), ...errors },
      },
    },
    async (request) => ok(await students.learnerOrganizations(db, requireContext(request).user.id)),
  );
  app.post(
    '/user/organizations/join',
    {
      preHandler: requireAuth({ strategies: ['user'] }),
      schema: {
        tags,
        summary: 'Joins the organization whose code this is (idempotent; a removed student is reactivated)',
        body: joinBodySchema,
        response: { 200: okEnvelope(learnerOrganizationSchema), ...errors },
      },
    },
    async (request) =>
      ok(await students.joinWithCode(db, requireContext(request).user.id, request.body.code, app.now())),
  );
  const tokenParams = z.object({ token: z.string().min(10).max(200) });
  app.get(
    '/public/invitations/:token',
    {
      schema: { tags, params: tokenParams, response: { 200: okEnvelope(publicInvitationSchema), ...errors } },
    },
    async (request) => ok(await invitations.getPublicInvitation(db, request.params.token, app.now())),
  );
  app.post(
    '/public/invitations/:token/accept',
    {
      schema: {
        tags,
        summary:
          'Accepts: an existing learner must be signed in; a new address sets full_name + password and is signed in',
        params: tokenParams,
        body: invitationAcceptBodySchema,
        response: { 200: okEnvelope(invitationAcceptResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      let auth = null;
      try {
        auth = await authenticate(request);
      } catch {
        auth = null;
      }
      if (auth && auth.strategy !== 'user') {
        throw new AppError(403, 'FORBIDDEN', 'Staff accounts cannot accept', {
          token: STUDENT_KEYS.invitationNotLearner,
        });
      }
      const result = await invitations.acceptInvitation(
        app.deps,
        request.params.token,
        request.body ?? {},
        auth,
        clientMeta(request),
      );
      if (result.tokens) {
        setAuthCookies(reply, result.tokens, {
          secure: app.config.publicUrl.startsWith('https://'),
          maxAgeSeconds: app.config.auth.refreshTokenTtlDays * 86_400,
        });
      }
      return ok({
        organization: result.organization,
        signed_in: result.signed_in,
        ...(result.tokens
          ? { access_token: result.tokens.access_token, refresh_token: result.tokens.refresh_token }
          : {}),
      });
    },
  );
};

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(backOfficeRoutes);
  await app.register(learnerRoutes);
};

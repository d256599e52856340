import {
  educatorDashboardSchema,
  okEnvelope,
  organizationProfileBodySchema,
  organizationProfileSchema,
  type Permission,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsOf, ok } from '../../http/reply';
import { holdsPermission, requireEducator, requireOrganizationId } from '../../plugins/auth';
import {
  getDashboard,
  getOrganizationProfile,
  updateOrganizationProfile,
} from './organization-portal.service';

const errors = errorsOf(401, 403, 404, 422);

/**
 * The organization portal's own endpoints: its profile and its dashboard. Every staff member of the
 * organization reads them; only the owner edits the profile (it is the organization's public face:
 * name, contact, logo, whether it is listed on /organizations).
 */
export const educatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/educator/organization',
    {
      preHandler: requireEducator(),
      schema: {
        tags: ['educator'],
        summary: "The caller's organization: profile, join code, status",
        response: { 200: okEnvelope(organizationProfileSchema), ...errors },
      },
    },
    async (request) => ok(await getOrganizationProfile(app.db, requireOrganizationId(request))),
  );
  app.put(
    '/educator/organization',
    {
      preHandler: requireEducator({ ownerOnly: true }),
      schema: {
        tags: ['educator'],
        summary: "Edit the organization's profile (the owner only)",
        body: organizationProfileBodySchema,
        response: { 200: okEnvelope(organizationProfileSchema), ...errors },
      },
    },
    async (request) =>
      ok(await updateOrganizationProfile(app.db, requireOrganizationId(request), request.body, app.now())),
  );
  app.get(
    '/educator/dashboard',
    {
      preHandler: requireEducator(),
      schema: {
        tags: ['educator'],
        summary:
          "The portal's overview: each block only for a role that may see it — students, classes and latest results (view_student), tests (view_test), this week's attempts (view_student or view_analytics)",
        response: { 200: okEnvelope(educatorDashboardSchema), ...errors },
      },
    },
    async (request) => {
      const may = (permission: Permission) => holdsPermission(request, permission);
      return ok(
        await getDashboard(
          app.db,
          requireOrganizationId(request),
          {
            students: may('view_student'),
            tests: may('view_test'),
            attempts: may('view_student') || may('view_analytics'),
          },
          app.now(),
        ),
      );
    },
  );
};

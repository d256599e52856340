import {
  okEnvelope,
  organizationCreateBodySchema,
  organizationDetailSchema,
  organizationListQuerySchema,
  organizationParamsSchema,
  organizationReasonBodySchema,
  organizationStaffParamsSchema,
  organizationSummarySchema,
  organizationUpdateBodySchema,
  type Permission,
  pageOf,
  roleListQuerySchema,
  roleSchema,
  staffCreateBodySchema,
  staffListQuerySchema,
  staffSchema,
  staffUpdateBodySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors, ok } from '../../http/reply';
import { requireAuth, requireContext } from '../../plugins/auth';
import { scoped } from '../../tenancy/scoped';
import * as staffService from '../admin-accounts/admin-accounts.service';
import * as rolesService from '../admin-accounts/roles.service';
import * as organizationsService from './organization-admin.service';

const admin = (permission: Permission) => requireAuth({ strategies: ['admin'], permission });
/** Reading organizations and their people. */
const canView = admin('view_educator');
/** Creating, editing, approving, rejecting, suspending, reactivating; managing their staff. */
const canManage = admin('create_educator');
const tags = ['organizations'];

/**
 * One organization's staff and roles, by the admin (`/api/admin/organizations/:organizationId/…`, an
 * unknown organization is a 404): the staff module's own services with the organization as tenant.
 */
const organizationStaffRoutes = scoped(['managed-organization'], async (app) => {
  const db = app.db;
  app.get(
    '/roles',
    {
      config: { permission: 'view_educator' },
      schema: {
        tags,
        summary: "The organization's roles (for choosing a staff member's role)",
        params: organizationParamsSchema,
        querystring: roleListQuerySchema,
        response: { 200: okEnvelope(pageOf(roleSchema)), ...errors },
      },
    },
    async (request) => ok(await rolesService.listRoles(db, request.tenant, request.query)),
  );
  app.get(
    '/staffs',
    {
      config: { permission: 'view_educator' },
      schema: {
        tags,
        params: organizationParamsSchema,
        querystring: staffListQuerySchema,
        response: { 200: okEnvelope(pageOf(staffSchema)), ...errors },
      },
    },
    async (request) => ok(await staffService.listStaff(db, request.tenant, request.query)),
  );
  app.post(
    '/staffs',
    {
      config: { permission: 'create_educator' },
      schema: {
        tags,
        params: organizationParamsSchema,
        body: staffCreateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.createStaff(db, request.tenant, request.body, app.now())),
  );
  app.get(
    '/staffs/:id',
    {
      config: { permission: 'view_educator' },
      schema: {
        tags,
        params: organizationStaffParamsSchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.getStaff(db, request.tenant, request.params.id)),
  );
  app.put(
    '/staffs/:id',
    {
      config: { permission: 'create_educator' },
      schema: {
        tags,
        summary: "Edit one of the organization's staff; disabling ends their sessions",
        params: organizationStaffParamsSchema,
        body: staffUpdateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => {
      const { user } = requireContext(request);
      return ok(
        await staffService.updateStaff(
          db,
          request.tenant,
          { id: user.id, isAdmin: user.isAdmin },
          request.params.id,
          request.body,
          app.now(),
        ),
      );
    },
  );
});

/**
 * The platform's management of organizations (/admin/organization-management): the lifecycle
 * (application → approved or rejected; suspended ↔ reactivated), their profile, and their staff through
 * the staff module's own service with the organization as tenant.
 */
export const adminOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/admin/organizations',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Organizations: search by name, slug or e-mail; filter by status; counts',
        querystring: organizationListQuerySchema,
        response: { 200: okEnvelope(pageOf(organizationSummarySchema)), ...errors },
      },
    },
    async (request) => ok(await organizationsService.listOrganizations(db, request.query)),
  );
  app.post(
    '/admin/organizations',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Create an organization and its owner account, approved at once',
        body: organizationCreateBodySchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) => ok(await organizationsService.createOrganization(db, request.body, app.now())),
  );
  app.get(
    '/admin/organizations/:organizationId',
    {
      preHandler: canView,
      schema: {
        tags,
        params: organizationParamsSchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(await organizationsService.getOrganization(db, request.params.organizationId, app.now())),
  );
  app.put(
    '/admin/organizations/:organizationId',
    {
      preHandler: canManage,
      schema: {
        tags,
        params: organizationParamsSchema,
        body: organizationUpdateBodySchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await organizationsService.updateOrganization(
          db,
          request.params.organizationId,
          request.body,
          app.now(),
        ),
      ),
  );
  app.post(
    '/admin/organizations/:organizationId/approve',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Approve an application: the owner can sign in and is told by mail',
        params: organizationParamsSchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(await organizationsService.approveOrganization(app.deps, request.params.organizationId)),
  );
  app.post(
    '/admin/organizations/:organizationId/reject',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Reject an application with a reason, mailed to the owner',
        params: organizationParamsSchema,
        body: organizationReasonBodySchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await organizationsService.rejectOrganization(
          app.deps,
          request.params.organizationId,
          request.body.reason,
        ),
      ),
  );
  app.post(
    '/admin/organizations/:organizationId/suspend',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Suspend an organization: its portal becomes read-only',
        params: organizationParamsSchema,
        body: organizationReasonBodySchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await organizationsService.suspendOrganization(
          db,
          request.params.organizationId,
          request.body.reason,
          app.now(),
        ),
      ),
  );
  app.post(
    '/admin/organizations/:organizationId/reactivate',
    {
      preHandler: canManage,
      schema: {
        tags,
        params: organizationParamsSchema,
        response: { 200: okEnvelope(organizationDetailSchema), ...errors },
      },
    },
    async (request) =>
      ok(await organizationsService.reactivateOrganization(db, request.params.organizationId, app.now())),
  );

  await app.register(organizationStaffRoutes);
};

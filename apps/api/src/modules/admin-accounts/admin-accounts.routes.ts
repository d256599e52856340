import {
  idParamsSchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  pageOf,
  roleBodySchema,
  roleListQuerySchema,
  roleSchema,
  staffCreateBodySchema,
  staffListQuerySchema,
  staffSchema,
  staffUpdateBodySchema,
} from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';
import { errorResponses as errors, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { scoped } from '../../tenancy/scoped';
import * as staffService from './admin-accounts.service';
import type { GrantLimit } from './roles.service';
import * as rolesService from './roles.service';

/**
 * Back-office staff accounts and their roles: `/api/admin/{staffs,roles}` on the platform's staff,
 * `/api/educator/{staffs,roles}` on the caller's organization's (one scoped plugin, tenancy/scoped.ts).
 */
export const staffRoutes = scoped(['platform', 'organization'], async (app) => {
  /** What the caller may grant: all for the super admin and an organization's owner, else their own. */
  const grantLimit = (request: FastifyRequest): GrantLimit => {
    const { user } = requireContext(request);
    return user.isAdmin || user.organization?.isOwner ? undefined : user.permissions;
  };
  app.get(
    '/roles',
    {
      // The staff form picks a role, so whoever may create or edit staff may list roles too.
      config: { permission: ['view_role', 'create_user', 'update_user'] },
      schema: {
        tags: ['staff'],
        querystring: roleListQuerySchema,
        response: { 200: okEnvelope(pageOf(roleSchema)), ...errors },
      },
    },
    async (request) => ok(await rolesService.listRoles(app.db, request.tenant, request.query)),
  );
  app.post(
    '/roles',
    {
      config: { permission: 'create_role' },
      schema: { tags: ['staff'], body: roleBodySchema, response: { 200: okEnvelope(roleSchema), ...errors } },
    },
    async (request) =>
      ok(await rolesService.createRole(app.db, request.tenant, request.body, grantLimit(request))),
  );
  app.get(
    '/roles/:id',
    {
      config: { permission: 'view_role' },
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(roleSchema), ...errors },
      },
    },
    async (request) => ok(await rolesService.getRole(app.db, request.tenant, request.params.id)),
  );
  app.put(
    '/roles/:id',
    {
      config: { permission: 'update_role' },
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        body: roleBodySchema,
        response: { 200: okEnvelope(roleSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await rolesService.updateRole(
          app.db,
          request.tenant,
          request.params.id,
          request.body,
          app.now(),
          grantLimit(request),
        ),
      ),
  );
  app.delete(
    '/roles/:id',
    {
      config: { permission: 'update_role' },
      schema: {
        tags: ['staff'],
        summary: 'Delete a role nobody holds',
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errors },
      },
    },
    async (request) => {
      await rolesService.deleteRole(app.db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.roleDeleted });
    },
  );

  app.get(
    '/staffs',
    {
      config: { permission: 'view_user' },
      schema: {
        tags: ['staff'],
        querystring: staffListQuerySchema,
        response: { 200: okEnvelope(pageOf(staffSchema)), ...errors },
      },
    },
    async (request) => ok(await staffService.listStaff(app.db, request.tenant, request.query)),
  );
  app.post(
    '/staffs',
    {
      config: { permission: 'create_user' },
      schema: {
        tags: ['staff'],
        body: staffCreateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await staffService.createStaff(app.db, request.tenant, request.body, app.now(), grantLimit(request)),
      ),
  );
  app.get(
    '/staffs/:id',
    {
      config: { permission: 'view_user' },
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.getStaff(app.db, request.tenant, request.params.id)),
  );
  app.put(
    '/staffs/:id',
    {
      config: { permission: 'update_user' },
      schema: {
        tags: ['staff'],
        summary: 'Edit a staff member; disabling ends their sessions',
        params: idParamsSchema,
        body: staffUpdateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => {
      const { user } = requireContext(request);
      return ok(
        await staffService.updateStaff(
          app.db,
          request.tenant,
          { id: user.id, isAdmin: user.isAdmin, isOwner: user.organization?.isOwner ?? false },
          request.params.id,
          request.body,
          app.now(),
          grantLimit(request),
        ),
      );
    },
  );
});

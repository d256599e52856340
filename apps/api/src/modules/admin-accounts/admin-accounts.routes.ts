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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses as errors, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { type RealmOptions, realmGuard, realmOf, realmTenant } from '../../tenancy/realm';
import * as staffService from './admin-accounts.service';
import type { GrantLimit } from './roles.service';
import * as rolesService from './roles.service';

/**
 * Back-office staff accounts and their roles: `/api/admin/{staffs,roles}` on the platform's staff,
 * `/api/educator/{staffs,roles}` on the caller's organization's (registered once per realm).
 */
export const staffRoutes: FastifyPluginAsyncZod<RealmOptions> = async (app, options) => {
  const realm = realmOf(options);
  const admin = (permission: Parameters<typeof realmGuard>[1]) => realmGuard(realm, permission);
  const tenant = (request: Parameters<typeof realmTenant>[1]) => realmTenant(realm, request);
  /** What the caller may grant: all for the super admin and an organization's owner, else their own. */
  const grantLimit = (request: Parameters<typeof realmTenant>[1]): GrantLimit => {
    const { user } = requireContext(request);
    return user.isAdmin || user.organization?.isOwner ? undefined : user.permissions;
  };
  app.get(
    `/${realm}/roles`,
    {
      // The staff form picks a role, so whoever may create or edit staff may list roles too.
      preHandler: admin(['view_role', 'create_user', 'update_user']),
      schema: {
        tags: ['staff'],
        querystring: roleListQuerySchema,
        response: { 200: okEnvelope(pageOf(roleSchema)), ...errors },
      },
    },
    async (request) => ok(await rolesService.listRoles(app.db, tenant(request), request.query)),
  );
  app.post(
    `/${realm}/roles`,
    {
      preHandler: admin('create_role'),
      schema: { tags: ['staff'], body: roleBodySchema, response: { 200: okEnvelope(roleSchema), ...errors } },
    },
    async (request) =>
      ok(await rolesService.createRole(app.db, tenant(request), request.body, grantLimit(request))),
  );
  app.get(
    `/${realm}/roles/:id`,
    {
      preHandler: admin('view_role'),
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(roleSchema), ...errors },
      },
    },
    async (request) => ok(await rolesService.getRole(app.db, tenant(request), request.params.id)),
  );
  app.put(
    `/${realm}/roles/:id`,
    {
      preHandler: admin('update_role'),
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
          tenant(request),
          request.params.id,
          request.body,
          app.now(),
          grantLimit(request),
        ),
      ),
  );
  app.delete(
    `/${realm}/roles/:id`,
    {
      preHandler: admin('update_role'),
      schema: {
        tags: ['staff'],
        summary: 'Delete a role nobody holds',
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errors },
      },
    },
    async (request) => {
      await rolesService.deleteRole(app.db, tenant(request), request.params.id);
      return ok({ message_key: MESSAGE_KEYS.roleDeleted });
    },
  );

  app.get(
    `/${realm}/staffs`,
    {
      preHandler: admin('view_user'),
      schema: {
        tags: ['staff'],
        querystring: staffListQuerySchema,
        response: { 200: okEnvelope(pageOf(staffSchema)), ...errors },
      },
    },
    async (request) => ok(await staffService.listStaff(app.db, tenant(request), request.query)),
  );
  app.post(
    `/${realm}/staffs`,
    {
      preHandler: admin('create_user'),
      schema: {
        tags: ['staff'],
        body: staffCreateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await staffService.createStaff(app.db, tenant(request), request.body, app.now(), grantLimit(request)),
      ),
  );
  app.get(
    `/${realm}/staffs/:id`,
    {
      preHandler: admin('view_user'),
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.getStaff(app.db, tenant(request), request.params.id)),
  );
  app.put(
    `/${realm}/staffs/:id`,
    {
      preHandler: admin('update_user'),
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
          tenant(request),
          { id: user.id, isAdmin: user.isAdmin, isOwner: user.organization?.isOwner ?? false },
          request.params.id,
          request.body,
          app.now(),
          grantLimit(request),
        ),
      );
    },
  );
};

import {
  errorBodySchema,
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
import { requireAuth, requireContext } from '../../plugins/auth';
import * as rolesService from './roles.service';
import * as staffService from './staff.service';

const ok = <T>(result: T) => ({ statusCode: 200, message: 'OK', result });
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const platform = { organizationId: null };
const admin = (permission: Parameters<typeof requireAuth>[0]['permission']) =>
  requireAuth({ strategies: ['admin'], permission });

/** Back-office staff accounts and their roles (/admin/staffs/list and /admin/staffs/role). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/roles',
    {
      // The staff form picks a role, so whoever may create or edit staff may list roles too.
      preHandler: admin(['view_role', 'create_user', 'update_user']),
      schema: {
        tags: ['staff'],
        querystring: roleListQuerySchema,
        response: { 200: okEnvelope(pageOf(roleSchema)), ...errors },
      },
    },
    async (request) => ok(await rolesService.listRoles(app.db, platform, request.query)),
  );
  app.post(
    '/admin/roles',
    {
      preHandler: admin('create_role'),
      schema: { tags: ['staff'], body: roleBodySchema, response: { 200: okEnvelope(roleSchema), ...errors } },
    },
    async (request) => ok(await rolesService.createRole(app.db, platform, request.body)),
  );
  app.get(
    '/admin/roles/:id',
    {
      preHandler: admin('view_role'),
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(roleSchema), ...errors },
      },
    },
    async (request) => ok(await rolesService.getRole(app.db, platform, request.params.id)),
  );
  app.put(
    '/admin/roles/:id',
    {
      preHandler: admin('update_role'),
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        body: roleBodySchema,
        response: { 200: okEnvelope(roleSchema), ...errors },
      },
    },
    async (request) => ok(await rolesService.updateRole(app.db, platform, request.params.id, request.body)),
  );
  app.delete(
    '/admin/roles/:id',
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
      await rolesService.deleteRole(app.db, platform, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.roleDeleted });
    },
  );

  app.get(
    '/admin/staffs',
    {
      preHandler: admin('view_user'),
      schema: {
        tags: ['staff'],
        querystring: staffListQuerySchema,
        response: { 200: okEnvelope(pageOf(staffSchema)), ...errors },
      },
    },
    async (request) => ok(await staffService.listStaff(app.db, platform, request.query)),
  );
  app.post(
    '/admin/staffs',
    {
      preHandler: admin('create_user'),
      schema: {
        tags: ['staff'],
        body: staffCreateBodySchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.createStaff(app.db, platform, request.body)),
  );
  app.get(
    '/admin/staffs/:id',
    {
      preHandler: admin('view_user'),
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        response: { 200: okEnvelope(staffSchema), ...errors },
      },
    },
    async (request) => ok(await staffService.getStaff(app.db, platform, request.params.id)),
  );
  app.put(
    '/admin/staffs/:id',
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
          platform,
          { id: user.id, isAdmin: user.isAdmin },
          request.params.id,
          request.body,
        ),
      );
    },
  );
};

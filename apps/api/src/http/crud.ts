import {
  idParamsSchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  type Permission,
  pageOf,
} from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireContext } from '../plugins/auth';
import { scopeOfInstance } from '../tenancy/scoped';
import type { Tenant } from '../tenancy/tenant';
import { errorResponses, ok } from './reply';

export interface CrudResource<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType> {
  /** Below the scope's prefix (`/levels`): registered inside a scoped plugin (tenancy/scoped.ts). */
  path: string;
  tag: string;
  /** `undefined`: any signed-in back-office user (the spec's empty permission). */
  permissions: {
    view: Permission | undefined;
    create: Permission | undefined;
    update: Permission | undefined;
    /** Absent: delete needs the update permission. */
    delete?: Permission;
  };
  listQuery: Q;
  body: B;
  item: I;
  /** The shape GET by id answers when it says more than a list item (e.g. a category with its exams). */
  detail?: z.ZodType;
  // Each callback also receives the tenant of the request (its scope's: the platform or an organization).
  list(
    query: z.output<Q>,
    tenant: Tenant,
  ): Promise<{ items: z.input<I>[]; page: number; pageSize: number; total: number }>;
  get(id: string, tenant: Tenant): Promise<z.input<I>>;
  create(body: z.output<B>, actorId: string, tenant: Tenant): Promise<z.input<I>>;
  update(id: string, body: z.output<B>, actorId: string, tenant: Tenant): Promise<z.input<I>>;
  remove(id: string, tenant: Tenant): Promise<void>;
}

/**
 * The five routes of one back-office resource, each with its permission (delete: its own, else update_*),
 * inside a scoped plugin: the scope guards them and resolves the tenant.
 */
export function registerCrud<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType>(
  app: FastifyInstance,
  resource: CrudResource<Q, B, I>,
) {
  // Registered without the zod type provider: TypeScript cannot resolve reply types for a generic schema.
  // The app-wide zod validator and serializer still check every request and answer against the schemas.
  const typed = app;
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;
  if (!scopeOfInstance(app)) throw new Error(`${resource.path}: registerCrud outside a scoped plugin`);
  const guard = (permission: Permission | undefined) => ({ permission: permission ?? null });
  const tenantOf = (request: { tenant: Tenant }) => request.tenant;
  const tags = [resource.tag];
  typed.get(
    resource.path,
    {
      config: guard(resource.permissions.view),
      schema: {
        tags,
        querystring: resource.listQuery,
        response: { 200: okEnvelope(pageOf(resource.item)), ...errorResponses },
      },
    },
    async (request) => ok(await resource.list(request.query as z.output<Q>, tenantOf(request))),
  );
  typed.post(
    resource.path,
    {
      config: guard(resource.permissions.create),
      schema: { tags, body: resource.body, response: { 200: okEnvelope(resource.item), ...errorResponses } },
    },
    async (request) =>
      ok(
        await resource.create(
          request.body as z.output<B>,
          requireContext(request).user.id,
          tenantOf(request),
        ),
      ),
  );
  typed.get(
    `${resource.path}/:id`,
    {
      config: guard(resource.permissions.view),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(resource.detail ?? resource.item), ...errorResponses },
      },
    },
    async (request) => ok(await resource.get(idOf(request), tenantOf(request))),
  );
  typed.put(
    `${resource.path}/:id`,
    {
      config: guard(resource.permissions.update),
      schema: {
        tags,
        params: idParamsSchema,
        body: resource.body,
        response: { 200: okEnvelope(resource.item), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await resource.update(
          idOf(request),
          request.body as z.output<B>,
          requireContext(request).user.id,
          tenantOf(request),
        ),
      ),
  );
  typed.delete(
    `${resource.path}/:id`,
    {
      config: guard(resource.permissions.delete ?? resource.permissions.update),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await resource.remove(idOf(request), tenantOf(request));
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
}

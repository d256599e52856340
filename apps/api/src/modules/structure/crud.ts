import {
  errorBodySchema,
  idParamsSchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  type Permission,
  pageOf,
} from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireAuth, requireContext } from '../../plugins/auth';

const ok = <T>(result: T) => ({ statusCode: 200, message: 'OK', result });
export const errorResponses = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

export interface CrudResource<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType> {
  path: string;
  tag: string;
  /** `undefined`: any signed-in back-office user (the spec's empty permission). */
  permissions: {
    view: Permission | undefined;
    create: Permission | undefined;
    update: Permission | undefined;
  };
  listQuery: Q;
  body: B;
  item: I;
  /** The shape GET by id answers when it says more than a list item (e.g. a category with its exams). */
  detail?: z.ZodType;
  list(query: z.output<Q>): Promise<{ items: z.input<I>[]; page: number; pageSize: number; total: number }>;
  get(id: string): Promise<z.input<I>>;
  create(body: z.output<B>, actorId: string): Promise<z.input<I>>;
  update(id: string, body: z.output<B>, actorId: string): Promise<z.input<I>>;
  remove(id: string): Promise<void>;
}

/** The five routes of one back-office resource, each with its permission (delete needs update_*). */
export function registerCrud<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType>(
  app: FastifyInstance,
  resource: CrudResource<Q, B, I>,
) {
  // Registered without the zod type provider: TypeScript cannot resolve reply types for a generic schema.
  // The app-wide zod validator and serializer still check every request and answer against the schemas.
  const typed = app;
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;
  const guard = (permission: Permission | undefined) => requireAuth({ strategies: ['admin'], permission });
  const tags = [resource.tag];
  typed.get(
    resource.path,
    {
      preHandler: guard(resource.permissions.view),
      schema: {
        tags,
        querystring: resource.listQuery,
        response: { 200: okEnvelope(pageOf(resource.item)), ...errorResponses },
      },
    },
    async (request) => ok(await resource.list(request.query as z.output<Q>)),
  );
  typed.post(
    resource.path,
    {
      preHandler: guard(resource.permissions.create),
      schema: { tags, body: resource.body, response: { 200: okEnvelope(resource.item), ...errorResponses } },
    },
    async (request) =>
      ok(await resource.create(request.body as z.output<B>, requireContext(request).user.id)),
  );
  typed.get(
    `${resource.path}/:id`,
    {
      preHandler: guard(resource.permissions.view),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(resource.detail ?? resource.item), ...errorResponses },
      },
    },
    async (request) => ok(await resource.get(idOf(request))),
  );
  typed.put(
    `${resource.path}/:id`,
    {
      preHandler: guard(resource.permissions.update),
      schema: {
        tags,
        params: idParamsSchema,
        body: resource.body,
        response: { 200: okEnvelope(resource.item), ...errorResponses },
      },
    },
    async (request) =>
      ok(await resource.update(idOf(request), request.body as z.output<B>, requireContext(request).user.id)),
  );
  typed.delete(
    `${resource.path}/:id`,
    {
      preHandler: guard(resource.permissions.update),
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await resource.remove(idOf(request));
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
}

export { ok };

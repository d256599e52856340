import { organizationParamsSchema, type Permission, type TenantScopeKind } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizations } from '../db/schema';
import { AppError } from '../lib/errors';
import { requireAuth, requireEducator, requireOrganizationId } from '../plugins/auth';

/**
 * The back-office scopes a route plugin can be registered under (the contract's `TenantScope`, issue 27):
 * - `platform`: `/api/admin/*`, staff tokens, the platform's rows;
 * - `organization`: `/api/educator/*`, an approved organization's educator, the caller's organization;
 * - `managed-organization`: `/api/admin/organizations/:organizationId/*`, staff tokens, the organization
 *   in the path (an unknown one is a 404).
 */
export type ScopeKind = TenantScopeKind;

/** The API path of each scope below `/api`. */
export const SCOPE_PREFIX: Record<ScopeKind, string> = {
  platform: '/admin',
  organization: '/educator',
  'managed-organization': '/admin/organizations/:organizationId',
};

/** Whose rows a request of a scoped route works on, resolved once per request by the scope's hook. */
export type ResolvedTenant =
  | { kind: 'platform'; organizationId: null }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'managed-organization'; organizationId: string };

/** One organization's tenant (the scopes other than the platform). */
export type OrganizationTenant = Extract<ResolvedTenant, { organizationId: string }>;

/**
 * A route's permission in a scoped plugin, read by the scope's guard: one permission, a list of which any
 * one suffices, or `null` for every signed-in caller of the scope. A route that declares none is refused
 * when it is registered, so no scoped route is left open by forgetting it.
 */
export type RoutePermission = Permission | readonly Permission[] | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The educator scope's owner-only routes (the organization's owner). */
    ownerOnly?: boolean;
  }
  interface FastifyRequest {
    /**
     * The tenant of a scoped route (platform, the caller's organization or the managed one). Reading it
     * on a request its scope's hook did not resolve throws (fails closed, never the platform).
     */
    readonly tenant: ResolvedTenant;
  }
}

export interface ScopedOptions {
  scope: ScopeKind;
}

/** A route plugin of the back office: routes relative to its scope's prefix, each with `config.permission`. */
export type ScopedPlugin = FastifyPluginAsyncZod<ScopedOptions>;

const tenants = new WeakMap<FastifyRequest, ResolvedTenant>();
const SCOPE_OF_INSTANCE = Symbol('prepwise.scope');

/** Called once in buildApp: `request.tenant`, which fails closed outside a resolved scope. */
export function registerTenancy(app: FastifyInstance) {
  app.decorateRequest('tenant', {
    getter(this: FastifyRequest) {
      const tenant = tenants.get(this);
      if (!tenant) throw new Error(`${this.method} ${this.url}: no tenant was resolved for this route`);
      return tenant;
    },
  });
}

/** The scope an instance was registered under (inside a scoped plugin), else undefined. */
export function scopeOfInstance(app: FastifyInstance): ScopeKind | undefined {
  return (app as unknown as Record<symbol, ScopeKind | undefined>)[SCOPE_OF_INSTANCE];
}

/** The scope a scoped plugin was registered under; a plugin registered without one is refused. */
export function scopeOf(options: Partial<ScopedOptions> | undefined): ScopeKind {
  const scope = options?.scope;
  if (!scope || !(scope in SCOPE_PREFIX)) {
    throw new Error('A scoped route plugin must be registered through scoped(), under a scope');
  }
  return scope;
}

/** The organization of a request in an organization scope (never the platform). */
export function organizationTenant(request: FastifyRequest): OrganizationTenant {
  const tenant = request.tenant;
  if (tenant.organizationId === null) throw new Error(`${request.url}: not in an organization's scope`);
  return tenant;
}

/** The scope's guard, from the route's declared permission; placed before body validation (app.ts). */
function attachGuard(scope: ScopeKind, route: RouteOptions) {
  const config = (route.config ?? {}) as { permission?: RoutePermission; ownerOnly?: boolean };
  if (config.permission === undefined) {
    throw new Error(`${route.method} ${route.url}: a scoped route declares config.permission (or null)`);
  }
  const permission = config.permission ?? undefined;
  const guard =
    scope === 'organization'
      ? requireEducator({ permission, ownerOnly: config.ownerOnly })
      : requireAuth({ strategies: ['admin'], permission });
  route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  if (scope === 'managed-organization') {
    // The organization in the path is validated like any parameter (a malformed id is a 422).
    const schema = (route.schema ?? {}) as { params?: unknown };
    const params = schema.params instanceof z.ZodObject ? schema.params.shape : {};
    route.schema = { ...schema, params: organizationParamsSchema.extend(params) };
  }
}

async function organizationExists(app: FastifyInstance, organizationId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return !!row;
}

/** The one hook of a scope: after the guard and validation, the request's tenant. */
function resolveTenant(app: FastifyInstance, scope: ScopeKind) {
  return async function resolveScopeTenant(request: FastifyRequest) {
    let tenant: ResolvedTenant;
    if (scope === 'platform') {
      tenant = { kind: 'platform', organizationId: null };
    } else if (scope === 'organization') {
      tenant = { kind: 'organization', organizationId: requireOrganizationId(request) };
    } else {
      const { organizationId } = request.params as { organizationId?: string };
      if (!organizationId || !(await organizationExists(app, organizationId))) {
        throw new AppError(404, 'NOT_FOUND', 'Organization not found');
      }
      tenant = { kind: 'managed-organization', organizationId };
    }
    tenants.set(request, tenant);
  };
}

/**
 * Declares a back-office route plugin once and registers it under each of `scopes`: below the scope's
 * prefix, every route gets the scope's guard with its `config.permission`, and one preHandler resolves
 * `request.tenant` before the handler. The plugin receives its scope (`options.scope`) for the routes
 * that exist in one scope only.
 */
export function scoped(scopes: readonly ScopeKind[], plugin: ScopedPlugin): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of scopes) {
      await app.register(
        async (scopedApp) => {
          (scopedApp as unknown as Record<symbol, ScopeKind>)[SCOPE_OF_INSTANCE] = scope;
          scopedApp.addHook('onRoute', (route) => attachGuard(scope, route));
          scopedApp.addHook('preHandler', resolveTenant(scopedApp, scope));
          await scopedApp.register(plugin, { scope });
        },
        { prefix: SCOPE_PREFIX[scope] },
      );
    }
  };
}

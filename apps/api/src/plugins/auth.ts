import {
  ACCESS_TOKEN_COOKIE,
  hasPermission,
  type Permission,
  type Scope,
  type Strategy,
} from '@prepwise/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { perDatabase } from '../db/prepared';
import { type organizationStatusEnum, organizations, roles, sessions, users } from '../db/schema';
import { batchLoader } from '../lib/coalesce';
import { AppError } from '../lib/errors';
import { permissionsOf } from '../lib/permissions';
import { recallSession, rememberSession } from '../lib/session-cache';
import { TokenError, verifyAccessToken } from '../lib/tokens';

export interface AuthUser {
  id: string;
  email: string;
  scope: Scope;
  isAdmin: boolean;
  /**
   * What the account may do. An organization's owner holds every organization-portal permission;
   * other educators hold their role's, limited to the portal's (`ORGANIZATION_PERMISSIONS`).
   */
  permissions: string[];
  organizationId: string | null;
  /** The account's organization as the realm guard needs it (educators; null otherwise). */
  organization: {
    status: (typeof organizationStatusEnum.enumValues)[number];
    suspended: boolean;
    isOwner: boolean;
  } | null;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  strategy: Strategy;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[ACCESS_TOKEN_COOKIE] || undefined;
}

/**
 * When the request's access token expires (its `exp`, as an ISO date), for a client that renews its token
 * before it runs out (the exam runner). Null without a token or with an unreadable one; call it only after
 * the token was verified.
 */
export function accessTokenExpiry(request: FastifyRequest): string | null {
  const token = readAccessToken(request);
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

/** The sessions and accounts behind tokens: `ids` is a PostgreSQL array literal of session ids. */
const sessionsQuery = perDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      id: users.id,
      email: users.email,
      scope: users.scope,
      isAdmin: users.isAdmin,
      status: users.status,
      organizationId: users.organizationId,
      organizationStatus: organizations.status,
      organizationOwnerId: organizations.ownerId,
      organizationSuspendedAt: organizations.suspendedAt,
      permissions: roles.permissions,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      strategy: sessions.strategy,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('auth_sessions'),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session's row: the checks of requests arriving together (a class starting a test at once) go out as
 * one query, each still a fresh read.
 */
const sessionLoader = perDatabase((db) =>
  batchLoader(async (ids) => {
    const wellFormed = ids.filter((id) => UUID.test(id));
    if (wellFormed.length === 0) return new Map();
    const rows = await sessionsQuery(db).execute({ ids: `{${wellFormed.join(',')}}` });
    return new Map(rows.map((row) => [row.sessionId, row]));
  }),
);

/** Verifies the access token and that its session and account are still alive. */
export async function authenticate(
  request: FastifyRequest,
  options: { reuseSeconds?: number } = {},
): Promise<AuthContext> {
  const token = readAccessToken(request);
  if (!token) throw new AppError(401, 'UNAUTHORIZED', 'Sign in to continue');
  let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    claims = await verifyAccessToken(request.server.config.secrets.jwt, token);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired') {
      throw new AppError(401, 'EXPIRED_TOKEN', error.message);
    }
    throw new AppError(401, 'INVALID_TOKEN', 'The access token is not valid');
  }
  if (options.reuseSeconds) {
    const known = recallSession<AuthContext>(claims.sid);
    if (known && known.user.id === claims.sub && known.strategy === claims.strategy) return known;
  }
  const row = await sessionLoader(request.server.db)(claims.sid);
  // A token whose strategy differs from its session's (a forged or replayed claim) is refused.
  if (
    !row ||
    row.id !== claims.sub ||
    row.strategy !== claims.strategy ||
    row.revokedAt ||
    row.expiresAt.getTime() <= Date.now()
  ) {
    throw new AppError(401, 'INVALID_TOKEN', 'This session has ended; sign in again');
  }
  if (row.status === 'disabled') throw new AppError(401, 'ACCOUNT_DISABLED', 'This account is disabled');
  const context: AuthContext = {
    sessionId: claims.sid,
    strategy: claims.strategy,
    user: {
      id: row.id,
      email: row.email,
      scope: row.scope,
      isAdmin: row.isAdmin,
      permissions: permissionsOf(row),
      organizationId: row.organizationId,
      organization:
        row.organizationId && row.organizationStatus
          ? {
              status: row.organizationStatus,
              suspended: row.organizationSuspendedAt !== null,
              isOwner: row.organizationOwnerId === row.id,
            }
          : null,
    },
  };
  if (options.reuseSeconds) {
    // Between half and all of the window: a class that started together does not come back for its
    // sessions in the same instant every few seconds.
    const reuseMs = options.reuseSeconds * 1000 * (0.5 + Math.random() * 0.5);
    const until = Math.min(Date.now() + reuseMs, row.expiresAt.getTime());
    rememberSession(claims.sid, context, until);
  }
  return context;
}

export interface Requirement {
  /** Only the owner of the caller's organization (educator realm). */
  ownerOnly?: boolean;
  /** Strategies (realms) whose tokens are accepted. */
  strategies: readonly Strategy[];
  /** A permission of seed-spec §6, or a list of which any one suffices; is_admin bypasses it. */
  permission?: Permission | readonly Permission[];
  /**
   * Reuse a successful session check for this many seconds (lib/session-cache.ts). Only for learner
   * endpoints without a permission that are called very often (answer saves).
   */
  reuseSessionSeconds?: number;
}

/** A guard remembers what it requires, so tests can read each route's requirement from the route list. */
export type Guard = preHandlerAsyncHookHandler & { requirement: Requirement };

function guard(requirement: Requirement, check: preHandlerAsyncHookHandler): Guard {
  return Object.assign(check, { requirement });
}

/** A preHandler: authentication, then realm, then permission (seed-spec §4 order). */
export function requireAuth(requirement: Requirement): Guard {
  return guard(requirement, async function checkAuth(request: FastifyRequest, _reply: FastifyReply) {
    const context = await authenticate(request, { reuseSeconds: requirement.reuseSessionSeconds });
    if (!requirement.strategies.includes(context.strategy)) {
      throw new AppError(403, 'FORBIDDEN', 'This area is not open to this account');
    }
    const needed = requirement.permission === undefined ? [] : [requirement.permission].flat();
    const holder = { is_admin: context.user.isAdmin, permissions: context.user.permissions };
    if (needed.length > 0 && !needed.some((permission) => hasPermission(holder, permission))) {
      throw new AppError(403, 'FORBIDDEN', `Missing permission ${needed.join(' or ')}`);
    }
    request.auth = context;
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The organization portal's guard (`/api/educator/*`): an educator token whose organization is
 * approved; a suspended organization may only read; `ownerOnly` routes are for the organization's
 * owner; otherwise the declared permission (the owner holds them all, see `permissionsOf`).
 */
export function requireEducator(requirement: Omit<Requirement, 'strategies'> = {}): Guard {
  const full: Requirement = { ...requirement, strategies: ['educator'] };
  return guard(full, async function checkEducator(request: FastifyRequest, _reply: FastifyReply) {
    const context = await authenticate(request, { reuseSeconds: requirement.reuseSessionSeconds });
    const organization = context.user.organization;
    if (context.strategy !== 'educator' || context.user.scope !== 'educator' || !organization) {
      throw new AppError(403, 'FORBIDDEN', 'This area is not open to this account');
    }
    if (organization.status === 'rejected') {
      throw new AppError(
        403,
        'ORGANIZATION_REJECTED',
        'The application of this organization was not approved',
      );
    }
    if (organization.status !== 'approved') {
      throw new AppError(403, 'ORGANIZATION_PENDING', 'Your organization is awaiting approval');
    }
    if (organization.suspended && !READ_METHODS.has(request.method)) {
      throw new AppError(
        403,
        'ORGANIZATION_SUSPENDED',
        'The organization is suspended; its portal is read-only',
      );
    }
    if (requirement.ownerOnly && !organization.isOwner) {
      throw new AppError(403, 'FORBIDDEN', "Only the organization's owner may do this");
    }
    const needed = requirement.permission === undefined ? [] : [requirement.permission].flat();
    const holder = { is_admin: false, permissions: context.user.permissions };
    if (needed.length > 0 && !needed.some((permission) => hasPermission(holder, permission))) {
      throw new AppError(403, 'FORBIDDEN', `Missing permission ${needed.join(' or ')}`);
    }
    request.auth = context;
  });
}

/** The organization of the signed-in educator (after `requireEducator`). */
export function requireOrganizationId(request: FastifyRequest): string {
  const organizationId = requireContext(request).user.organizationId;
  if (!organizationId) throw new AppError(403, 'FORBIDDEN', 'This area is not open to this account');
  return organizationId;
}

export function requireContext(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return request.auth;
}

/**
 * Whether the signed-in user holds `permission`, for a route that needs a second one beyond its declared
 * permission (only the platform's administrator holds them all; an organization's owner holds its own).
 */
export function holdsPermission(request: FastifyRequest, permission: Permission): boolean {
  const context = requireContext(request);
  const isAdmin = context.strategy !== 'educator' && context.user.isAdmin;
  return hasPermission({ is_admin: isAdmin, permissions: context.user.permissions }, permission);
}

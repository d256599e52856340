import { randomUUID } from 'node:crypto';
import type { Permission } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client';
import { organizations, roles, users } from '../../src/db/schema';
import { authHeader, createAccount, type TestAccount, uniqueEmail } from '../factories';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Headers = Record<string, string>;

export interface TestOrganization {
  id: string;
  slug: string;
  owner: TestAccount;
  /** The owner's Authorization header (educator strategy). */
  asOwner: Headers;
}

let organizationSequence = 0;

/**
 * An organization with its owner (an educator account) straight in the database. The owner signs in
 * while the organization is approved; `status`/`suspended` are applied afterwards, so the token exists
 * as it would for an organization that was approved and later changed.
 */
export async function createOrganization(
  app: FastifyInstance,
  options: { status?: 'pending' | 'approved' | 'rejected'; suspended?: boolean; name?: string } = {},
): Promise<TestOrganization> {
  const db = app.db;
  const n = organizationSequence++;
  const slug = `to-chuc-${Date.now()}-${n}`;
  const [organization] = await db
    .insert(organizations)
    .values({
      name: options.name ?? `Trung tâm thử ${n}`,
      slug,
      email: uniqueEmail('center'),
      status: 'approved',
      joinCode: randomUUID().slice(0, 8).toUpperCase(),
    })
    .returning({ id: organizations.id });
  const owner = await createAccount(db, {
    scope: 'educator',
    organizationId: organization!.id,
    fullName: `Chủ trung tâm ${n}`,
  });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, organization!.id));
  const asOwner = await authHeader(app, owner);
  if (options.status || options.suspended) {
    await db
      .update(organizations)
      .set({
        status: options.status ?? 'approved',
        ...(options.suspended ? { suspendedAt: new Date(), suspensionReason: 'Chưa thanh toán' } : {}),
      })
      .where(eq(organizations.id, organization!.id));
  }
  return { id: organization!.id, slug, owner, asOwner };
}

/** A staff member of the organization whose role (of that organization) holds `permissions`. */
export async function createOrganizationStaff(
  app: FastifyInstance,
  organizationId: string,
  permissions: Permission[],
): Promise<{ account: TestAccount; roleId: string; headers: Headers }> {
  const [role] = await app.db
    .insert(roles)
    .values({ name: `Vai trò ${organizationSequence++}`, organizationId, permissions })
    .returning({ id: roles.id });
  const account = await createAccount(app.db, {
    scope: 'educator',
    organizationId,
    roleId: role!.id,
  });
  return { account, roleId: role!.id, headers: await authHeader(app, account) };
}

/**
 * What the isolation test (educator-isolation.test.ts) hands to every case: two approved organizations
 * A and B with their owners signed in, and helpers. Cases create organization A's rows; B's owner then
 * tries to reach them.
 */
export interface IsolationWorld {
  app: FastifyInstance;
  db: Db;
  orgA: TestOrganization;
  orgB: TestOrganization;
  /** Calls the API: `url` is the full path (`/api/educator/...`). */
  inject(
    method: Method,
    url: string,
    headers: Headers | undefined,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Like inject, but fails unless the answer is 200; returns `result`. */
  ok<T = Record<string, unknown>>(
    method: Method,
    url: string,
    headers: Headers,
    payload?: unknown,
  ): Promise<T>;
}

export function isolationWorld(
  app: FastifyInstance,
  orgA: TestOrganization,
  orgB: TestOrganization,
): IsolationWorld {
  const inject: IsolationWorld['inject'] = (method, url, headers, payload) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    app,
    db: app.db,
    orgA,
    orgB,
    inject,
    async ok(method, url, headers, payload) {
      const response = await inject(method, url, headers, payload);
      if (response.statusCode !== 200)
        throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
      return response.json().result;
    },
  };
}

/**
 * One /api/educator route's case. `method` and `url` are exactly as registered (`/api/educator/roles/:id`).
 * - `setup` creates organization A's row(s) the route addresses and answers the path parameters
 *   (required when the URL has parameters; it may also create rows for a body to refer to).
 * - `body` is a VALID body for the route (validation runs before the guard, so an invalid body would
 *   answer 422 instead of proving the guard).
 * - `snapshot` reads the state organization B's request must not change. Default: organization A's
 *   owner GETs the same URL (when such a GET route exists); a write route with parameters and no GET
 *   twin must give its own.
 * - `leaks` (routes without parameters, e.g. lists) checks organization B's answer shows nothing of
 *   A's rows made by `setup`.
 * - `foreignBody: true` (writes without parameters whose body names A's rows, e.g. a staff member with
 *   A's role): organization B's owner sending that body is refused with 404 or 422.
 */
export interface IsolationCase {
  method: Method;
  url: string;
  setup?(world: IsolationWorld): Promise<Record<string, string>>;
  body?(world: IsolationWorld, params: Record<string, string>): unknown;
  snapshot?(world: IsolationWorld, params: Record<string, string>): Promise<unknown>;
  leaks?(world: IsolationWorld, params: Record<string, string>, body: unknown): void;
  foreignBody?: boolean;
}

export const defineCases = (cases: IsolationCase[]) => cases;

/** Test data for roles, staff … used by several case files. */
export const sample = {
  email: (name: string) => uniqueEmail(name),
  userOf: async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0],
};

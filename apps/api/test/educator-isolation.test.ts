/**
 * THE ISOLATION TEST of the organization portal (issue 12): every route registered under
 * /api/educator, per method, is proven to refuse
 *   - anonymous callers (401), learners, platform staff and educators of a pending, rejected or
 *     (for writes) suspended organization (403);
 *   - a staff member whose role holds no permission (403), when the route declares a permission or
 *     is for the owner only;
 *   - the owner of organization B addressing organization A's rows (404, and A's row unchanged); for
 *     routes without ids, B's answer shows none of A's rows when the case says how to look (`leaks`),
 *     and a body naming A's rows is refused (`foreignBody`).
 * The route list comes from Fastify itself (`app.routeList`, filled by an onRoute hook in buildApp),
 * so a new /api/educator route without a case FAILS the "every route has a case" test.
 *
 * HOW TO ADD CASES: put them in `test/isolation/<module>.cases.ts` (discovered by file name) as
 *   export default defineCases([{ method: 'PUT', url: '/api/educator/classes/:id', setup, body }, …]);
 * with `method` and `url` exactly as registered; see `IsolationCase` in test/isolation/world.ts for
 * what setup / body / snapshot / leaks do. One file per module keeps parallel work free of conflicts.
 */

import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement } from '../src/plugins/auth';
import { authHeader, createAccount } from './factories';
import { createTestApp } from './helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type Headers,
  type IsolationCase,
  type IsolationWorld,
  isolationWorld,
  type Method,
} from './isolation/world';

/** Session endpoints of the educator strategy: they take a refresh token, not the realm guard. */
const SESSION_ROUTES = ['POST /api/educator/auth/refresh-token', 'POST /api/educator/auth/logout'];

const casesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'isolation');
const caseFiles = readdirSync(casesDir)
  .filter((file) => file.endsWith('.cases.ts'))
  .sort();
const cases: (IsolationCase & { file: string })[] = [];
for (const file of caseFiles) {
  const module = (await import(path.join(casesDir, file))) as { default: IsolationCase[] };
  for (const entry of module.default) cases.push({ ...entry, file });
}
const keyOf = (entry: { method: string; url: string }) => `${entry.method} ${entry.url}`;

let harness: Awaited<ReturnType<typeof createTestApp>>;
let world: IsolationWorld;
const as: Record<'learner' | 'admin' | 'noPermission' | 'pending' | 'rejected' | 'suspended', Headers> = {
  learner: {},
  admin: {},
  noPermission: {},
  pending: {},
  rejected: {},
  suspended: {},
};

type RegisteredRoute = { method: string; url: string; requirement: Requirement | undefined };
let educatorRoutes: RegisteredRoute[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const { app } = harness;
  educatorRoutes = app.routeList.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/educator/'))
      .map((method) => {
        const handlers = [route.preValidation ?? [], route.preHandler ?? []].flat() as {
          requirement?: Requirement;
        }[];
        return { method, url: route.url, requirement: handlers.find((h) => h.requirement)?.requirement };
      }),
  );
  const [orgA, orgB, pending, rejected, suspended] = await Promise.all([
    createOrganization(app, { name: 'Trung tâm A' }),
    createOrganization(app, { name: 'Trung tâm B' }),
    createOrganization(app, { status: 'pending' }),
    createOrganization(app, { status: 'rejected' }),
    createOrganization(app, { suspended: true }),
  ]);
  world = isolationWorld(app, orgA, orgB);
  as.pending = pending.asOwner;
  as.rejected = rejected.asOwner;
  as.suspended = suspended.asOwner;
  as.noPermission = (await createOrganizationStaff(app, orgA.id, [])).headers;
  as.learner = await authHeader(app, await createAccount(app.db, { scope: 'user' }));
  as.admin = await authHeader(app, await createAccount(app.db, { scope: 'admin', isAdmin: true }), 'admin');
});
afterAll(() => harness?.close());

describe('the educator route list', () => {
  it('has a case for every /api/educator route, and no case for a route that does not exist', () => {
    const registered = educatorRoutes.map(keyOf).filter((key) => !SESSION_ROUTES.includes(key));
    const covered = new Set(cases.map(keyOf));
    expect(registered.length).toBeGreaterThan(0);
    expect(
      registered.filter((key) => !covered.has(key)),
      'educator routes without an isolation case',
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !registered.includes(key)),
      'cases of routes not registered',
    ).toEqual([]);
    const duplicates = cases.map(keyOf).filter((key, index, all) => all.indexOf(key) !== index);
    expect(duplicates, 'routes with two cases').toEqual([]);
  });

  it('guards every /api/educator route with the educator realm guard', () => {
    const unguarded = educatorRoutes
      .filter((route) => !SESSION_ROUTES.includes(keyOf(route)))
      .filter((route) => route.requirement?.strategies.join() !== 'educator')
      .map(keyOf);
    expect(unguarded).toEqual([]);
  });
});

function fill(url: string, params: Record<string, string>) {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`${url}: the case's setup gave no "${name}"`);
    return value;
  });
}

for (const entry of cases) {
  describe(`${keyOf(entry)} (${entry.file})`, () => {
    const method: Method = entry.method;
    const hasParams = entry.url.includes(':');
    let params: Record<string, string> = {};
    let url = entry.url;
    let body: unknown;
    const requirementOf = () => educatorRoutes.find((route) => keyOf(route) === keyOf(entry))?.requirement;
    const send = (headers: Headers | undefined) => world.inject(method, url, headers, body);

    beforeAll(async () => {
      if (hasParams && !entry.setup) throw new Error(`${keyOf(entry)}: a route with parameters needs setup`);
      params = entry.setup ? await entry.setup(world) : {};
      url = fill(entry.url, params);
      body = entry.body?.(world, params);
    });

    it('answers 401 to an anonymous caller', async () => {
      const response = await send(undefined);
      expect(response.statusCode, response.body).toBe(401);
    });

    it('answers 403 to a learner and to platform staff', async () => {
      for (const headers of [as.learner, as.admin]) {
        const response = await send(headers);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().key).toBe('FORBIDDEN');
      }
    });

    it('answers 403 to the people of a pending or rejected organization', async () => {
      expect((await send(as.pending)).json()).toMatchObject({ statusCode: 403, key: 'ORGANIZATION_PENDING' });
      expect((await send(as.rejected)).json()).toMatchObject({
        statusCode: 403,
        key: 'ORGANIZATION_REJECTED',
      });
    });

    if (method !== 'GET') {
      it('answers 403 ORGANIZATION_SUSPENDED to a suspended organization (the portal is read-only)', async () => {
        expect((await send(as.suspended)).json()).toMatchObject({
          statusCode: 403,
          key: 'ORGANIZATION_SUSPENDED',
        });
      });
    }

    it('answers 403 to a staff member whose role lacks the route permission', async () => {
      const requirement = requirementOf();
      const declared = requirement?.permission !== undefined || requirement?.ownerOnly === true;
      if (!declared) return; // open to every staff member of the organization
      const response = await send(as.noPermission);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().key).toBe('FORBIDDEN');
    });

    if (hasParams) {
      it("answers 404 to organization B's owner addressing organization A's row, and changes nothing", async () => {
        const read = async () => {
          if (entry.snapshot) return entry.snapshot(world, params);
          const twin = educatorRoutes.find((route) => route.method === 'GET' && route.url === entry.url);
          if (!twin) throw new Error(`${keyOf(entry)}: no GET twin; the case needs a snapshot`);
          return world.ok('GET', url, world.orgA.asOwner);
        };
        const before = await read();
        const response = await send(world.orgB.asOwner);
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().key).toBe('NOT_FOUND');
        expect(await read()).toEqual(before);
        // The same request with an id that exists nowhere answers the same: nothing tells the two apart.
        const unknown = await world.inject(
          method,
          fill(entry.url, Object.fromEntries(Object.keys(params).map((key) => [key, randomUUID()]))),
          world.orgB.asOwner,
          body,
        );
        expect(unknown.statusCode).toBe(404);
      });
    } else if (entry.foreignBody) {
      it("refuses organization B's owner a body naming organization A's rows", async () => {
        const response = await send(world.orgB.asOwner);
        expect([404, 422], response.body).toContain(response.statusCode);
      });
    } else if (entry.leaks) {
      it("shows organization B's owner nothing of organization A", async () => {
        const response = await send(world.orgB.asOwner);
        expect(response.statusCode, response.body).toBeLessThan(500);
        entry.leaks?.(world, params, response.json());
      });
    }
  });
}

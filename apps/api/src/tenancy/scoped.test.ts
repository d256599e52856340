import { randomUUID } from 'node:crypto';
import { okEnvelope } from '@prepwise/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHeader, createAccount } from '../../test/factories';
import { createTestApp } from '../../test/helpers';
import { createOrganization, type TestOrganization } from '../../test/isolation/world';
import { registerCrud } from '../http/crud';
import { ok } from '../http/reply';
import { registerTenancy, scoped, scopeOf } from './scoped';

const tenantSchema = z.object({
  kind: z.string(),
  organizationId: z.string().nullable(),
  same: z.boolean(),
  scope: z.string(),
});

/** A back-office plugin of the three scopes that shows the tenant its handler sees. */
const probeRoutes = scoped(['platform', 'organization', 'managed-organization'], async (app, options) => {
  const scope = scopeOf(options);
  app.get(
    '/tenancy-probe',
    {
      config: { permission: 'view_question' },
      schema: { response: { 200: okEnvelope(tenantSchema) } },
    },
    async (request) => {
      const first = request.tenant;
      return ok({ ...first, same: first === request.tenant, scope });
    },
  );
});

let harness: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let organization: TestOrganization;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.register(probeRoutes, { prefix: '/api' });
  // A route outside any scope that reads the tenant anyway: it must fail, never serve the platform.
  harness.app.get('/api/admin/unscoped-probe', async (request) => ({
    organizationId: request.tenant.organizationId,
  }));
  const db = harness.database.db;
  admin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_question'] }),
    'admin',
  );
  organization = await createOrganization(harness.app);
});
afterAll(() => harness.close());

const get = (url: string, headers?: Record<string, string>) =>
  harness.app.inject({ method: 'GET', url, headers });

describe('a scoped plugin (tenancy/scoped.ts)', () => {
  it('is registered under each of its scopes, each resolving its own tenant', async () => {
    const platform = await get('/api/admin/tenancy-probe', admin);
    expect(platform.statusCode, platform.body).toBe(200);
    expect(platform.json().result).toEqual({
      kind: 'platform',
      organizationId: null,
      same: true,
      scope: 'platform',
    });

    const portal = await get('/api/educator/tenancy-probe', organization.asOwner);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().result).toEqual({
      kind: 'organization',
      organizationId: organization.id,
      same: true,
      scope: 'organization',
    });

    const managed = await get(`/api/admin/organizations/${organization.id}/tenancy-probe`, admin);
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().result).toEqual({
      kind: 'managed-organization',
      organizationId: organization.id,
      same: true,
      scope: 'managed-organization',
    });
  });

  it('checks the caller may act in the scope: staff for the admin, the organization for the portal', async () => {
    expect((await get('/api/admin/tenancy-probe')).statusCode).toBe(401);
    expect((await get('/api/admin/tenancy-probe', organization.asOwner)).statusCode).toBe(403);
    expect((await get('/api/educator/tenancy-probe', admin)).statusCode).toBe(403);
    const onOrganization = `/api/admin/organizations/${organization.id}/tenancy-probe`;
    expect((await get(onOrganization, organization.asOwner)).statusCode).toBe(403);
    const withoutPermission = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await get(onOrganization, withoutPermission)).json()).toMatchObject({
      statusCode: 403,
      key: 'FORBIDDEN',
    });
  });

  it('answers 404 for an unknown or malformed organization in the admin-on-an-organization scope', async () => {
    const unknown = await get(`/api/admin/organizations/${randomUUID()}/tenancy-probe`, admin);
    expect(unknown.json()).toMatchObject({ statusCode: 404, key: 'NOT_FOUND' });
    const malformed = await get('/api/admin/organizations/not-an-id/tenancy-probe', admin);
    expect(malformed.json()).toMatchObject({ statusCode: 404, key: 'NOT_FOUND' });
  });

  it('resolves the tenant once per request: one hook per registration', async () => {
    await harness.app.ready();
    const tree = harness.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const probes = tree.split('\n').filter((line) => line.includes('/tenancy-probe (GET)'));
    expect(probes.length).toBe(3);
    const hooksOf = (probe: string) => {
      const lines = tree.split('\n');
      const start = lines.indexOf(probe);
      const next = lines.findIndex((line, index) => index > start && !line.includes('•'));
      return lines.slice(start + 1, next === -1 ? undefined : next).join('\n');
    };
    for (const probe of probes) {
      // Printed by Fastify per route: the guard before validation, then the one tenant hook.
      expect(hooksOf(probe)).toMatch(/\(preValidation\) \["check(Auth|Educator)\(\)"\]/);
      expect(hooksOf(probe)).toContain('(preHandler) ["resolveScopeTenant()"]');
      expect(hooksOf(probe).match(/resolveScopeTenant/g)).toHaveLength(1);
    }
  });

  it('fails closed: a route outside a scope that reads the tenant errs instead of serving the platform', async () => {
    const response = await get('/api/admin/unscoped-probe', admin);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('organizationId');
  });
});

describe('declaring a scoped route wrongly is refused when the app starts', () => {
  const bare = () => {
    const app = Fastify({ logger: false });
    registerTenancy(app);
    return app;
  };

  it('refuses a scoped plugin registered without a scope', async () => {
    const app = bare();
    const plugin = async (_app: unknown, options: { scope?: never }) => {
      scopeOf(options);
    };
    app.register(plugin);
    await expect(app.ready()).rejects.toThrow(/registered through scoped\(\), under a scope/);
  });

  it('refuses a route of a scoped plugin that declares no permission', async () => {
    const app = bare();
    app.register(
      scoped(['platform'], async (scopedApp) => {
        scopedApp.get('/forgotten', async () => 'open');
      }),
    );
    await expect(app.ready()).rejects.toThrow(/declares config.permission/);
  });

  it('refuses registerCrud outside a scoped plugin', async () => {
    const app = bare();
    app.register(async (plain) => {
      registerCrud(plain, {
        path: '/admin/things',
        tag: 'things',
        permissions: { view: 'view_question', create: 'create_question', update: 'update_question' },
        listQuery: z.object({}),
        body: z.object({}),
        item: z.object({}),
        list: async () => ({ items: [], page: 1, pageSize: 20, total: 0 }),
        get: async () => ({}),
        create: async () => ({}),
        update: async () => ({}),
        remove: async () => {},
      });
    });
    await expect(app.ready()).rejects.toThrow(/outside a scoped plugin/);
  });
});

import {
  buyOrganizationPackageBodySchema,
  checkoutResultSchema,
  idParamsSchema,
  LOCALE_COOKIE,
  listQuerySchema,
  okEnvelope,
  organizationOrderSchema,
  organizationPackageBodySchema,
  organizationPackageSchema,
  organizationPlanSchema,
  paymentReturnSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../http/crud';
import { rawQuery } from '../../http/raw-query';
import { errorResponses, ok } from '../../http/reply';
import { requireContext, requireEducator, requireOrganizationId } from '../../plugins/auth';
import { scoped } from '../../tenancy/scoped';
import * as checkout from '../payments/checkout.service';
import * as gateway from '../payments/gateway.service';
import * as packages from './packages.service';

const ownerOnly = requireEducator({ ownerOnly: true });
const gatewayQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The platform's catalogue of organization packages, in the platform's scope. */
const packageAdminRoutes = scoped(['platform'], async (app) => {
  registerCrud(app, {
    path: '/organization-packages',
    tag: 'organization-packages',
    permissions: {
      view: 'view_package',
      create: 'create_package',
      update: 'update_package',
      delete: 'delete_package',
    },
    listQuery: listQuerySchema,
    body: organizationPackageBodySchema,
    item: organizationPackageSchema,
    list: (query) => packages.listPackages(app.db, query),
    get: (id) => packages.getPackage(app.db, id),
    create: (body) => packages.createPackage(app.db, body),
    update: (id, body) => packages.updatePackage(app.db, id, body, app.now()),
    remove: (id) => packages.deletePackage(app.db, id),
  });
});

/**
 * Organization packages (issue 16): the platform's catalogue (admin CRUD, `*_package`) and, in the
 * organization portal, the current package with its usage (every staff member), buying or renewing one and
 * one of the organization's orders (the owner only: it pays; their list is the transactions', in payments).
 */
export const organizationPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['organization-packages'];

  await app.register(packageAdminRoutes);

  app.get(
    '/educator/package',
    {
      preHandler: requireEducator(),
      schema: {
        tags,
        summary: "The organization's package: period, limits, usage of each, and the packages on sale",
        response: { 200: okEnvelope(organizationPlanSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { user } = requireContext(request);
      return ok(
        await packages.getPlan(
          db,
          requireOrganizationId(request),
          user.organization?.isOwner === true,
          app.now(),
        ),
      );
    },
  );
  app.post(
    '/educator/package/buy',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary:
          'Buy or renew a package through the gateway (the owner): the pending order and its payment URL',
        body: buyOrganizationPackageBodySchema,
        response: { 200: okEnvelope(checkoutResultSchema), ...errorResponses, 503: errorResponses[404] },
      },
    },
    async (request) =>
      ok(
        await checkout.buyOrganizationPackage(
          app.deps,
          {
            organizationId: requireOrganizationId(request),
            ownerId: requireContext(request).user.id,
            packageId: request.body.package_id,
          },
          {
            returnUrl: `${app.config.publicUrl}/organization/package`,
            ipAddr: request.ip,
            locale: request.cookies[LOCALE_COOKIE] === 'en' ? 'en' : 'vi',
          },
        ),
      ),
  );
  app.get(
    '/educator/payments/return',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary:
          "The gateway's return for the organization's order: signature checked, real state (never fulfils)",
        querystring: gatewayQuerySchema,
        response: { 200: okEnvelope(paymentReturnSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await gateway.readOrganizationReturn(app.deps, requireOrganizationId(request), rawQuery(request))),
  );
  app.get(
    '/educator/transactions/:id',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: "One of the organization's orders (404 for another organization's)",
        params: idParamsSchema,
        response: { 200: okEnvelope(organizationOrderSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await checkout.getOrganizationOrder(db, requireOrganizationId(request), request.params.id)),
  );
};

import {
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  organizationRegisterBodySchema,
  organizationSlugParamsSchema,
  pageOf,
  publicOrganizationDetailSchema,
  publicOrganizationListQuerySchema,
  publicOrganizationSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsOf, ok } from '../../http/reply';
import { clientMeta } from '../../lib/request-meta';
import { getPublicOrganization, listPublicOrganizations } from './organization-public.service';
import { registerOrganization } from './organizations.service';

export const publicOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/organizations/register',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Apply to run an organization (school or language centre) on Prepwise',
        body: organizationRegisterBodySchema,
        response: { 202: okEnvelope(messageResultSchema), ...errorsOf(422) },
      },
    },
    async (request, reply) => {
      await registerOrganization(app.deps, request.body, clientMeta(request));
      return reply.code(202).send({
        statusCode: 202,
        message: 'Accepted',
        result: { message_key: MESSAGE_KEYS.applicationReceived },
      });
    },
  );

  app.get(
    '/public/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Approved organizations that chose to be listed (search by name or address)',
        querystring: publicOrganizationListQuerySchema,
        response: { 200: okEnvelope(pageOf(publicOrganizationSchema)), ...errorsOf(422) },
      },
    },
    async (request) => ok(await listPublicOrganizations(app.db, request.query)),
  );
  app.get(
    '/public/organizations/:slug',
    {
      schema: {
        tags: ['organizations'],
        summary: 'A listed organization: profile, contact and published tests',
        params: organizationSlugParamsSchema,
        response: { 200: okEnvelope(publicOrganizationDetailSchema), ...errorsOf(404, 422) },
      },
    },
    async (request) => ok(await getPublicOrganization(app.db, request.params.slug)),
  );
};

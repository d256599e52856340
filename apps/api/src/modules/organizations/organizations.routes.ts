import {
  errorBodySchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  organizationRegisterBodySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMeta } from '../../lib/request-meta';
import { registerOrganization } from './organizations.service';

export const publicOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/organizations/register',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Apply to run an organization (school or language centre) on Prepwise',
        body: organizationRegisterBodySchema,
        response: { 202: okEnvelope(messageResultSchema), 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      await registerOrganization(app, request.body, clientMeta(request));
      return reply.code(202).send({
        statusCode: 202,
        message: 'Accepted',
        result: { message_key: MESSAGE_KEYS.applicationReceived },
      });
    },
  );
};

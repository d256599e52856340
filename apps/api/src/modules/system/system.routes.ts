import { healthResultSchema, okEnvelope, readyResultSchema } from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { getHealth, getReadiness } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: okEnvelope(healthResultSchema) },
      },
      logLevel: 'warn',
    },
    async () => ok(getHealth(app.version)),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and its migrations are current',
        response: { 200: okEnvelope(readyResultSchema), 503: okEnvelope(readyResultSchema) },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const result = await getReadiness(app.database, app.jobs);
      const statusCode = result.status === 'ready' ? 200 : 503;
      return reply
        .code(statusCode)
        .send({ statusCode, message: statusCode === 200 ? 'OK' : 'Not ready', result });
    },
  );
};

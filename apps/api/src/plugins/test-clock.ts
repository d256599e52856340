import { okEnvelope } from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireContext } from './auth';

/**
 * A learner's own clock, moved forward by end-to-end tests (APP_ENV=test only): the browser test of the
 * vocabulary reviews "tomorrow" without touching the clock of the other tests running on the same server.
 * Services that schedule a learner's work read `learnerNow`; outside APP_ENV=test the route does not
 * exist and every learner's clock is the server's.
 */
const offsets = new Map<string, number>();

export function learnerNow(app: FastifyInstance, userId: string): Date {
  const now = app.now();
  const offset = offsets.get(userId);
  return offset ? new Date(now.getTime() + offset) : now;
}

export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.appEnv !== 'test') return;
  app.put(
    '/test/clock',
    {
      preHandler: requireAuth({ strategies: ['user'] }),
      schema: {
        tags: ['test'],
        summary: "Moves the signed-in learner's clock forward by whole days (APP_ENV=test only)",
        body: z.object({ days: z.number().int().min(0).max(365) }),
        response: { 200: okEnvelope(z.object({ now: z.string() })) },
      },
    },
    async (request) => {
      const { user } = requireContext(request);
      offsets.set(user.id, request.body.days * 86_400_000);
      return { statusCode: 200, message: 'OK', result: { now: learnerNow(app, user.id).toISOString() } };
    },
  );
};

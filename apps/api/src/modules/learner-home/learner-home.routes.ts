import {
  dictationCheckedSchema,
  learnerDashboardSchema,
  learnerGoalBodySchema,
  learnerGoalSchema,
  okEnvelope,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { requireAuth, requireContext } from '../../plugins/auth';
import { learnerNow } from '../../plugins/test-clock';
import * as learnerHome from './learner-home.service';

const learner = requireAuth({ strategies: ['user'] });

/** The learner home (issue 14): one read for the page, the goal, and dictation days for the streak. */
export const learnerHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['learner-home'];

  app.get(
    '/user/dashboard',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The learner's goal, progress across tests, study streak (Vietnam days) and next steps",
        response: { 200: okEnvelope(learnerDashboardSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      return ok(await learnerHome.getDashboard(db, userId, learnerNow(app, userId)));
    },
  );

  app.put(
    '/user/dashboard/goal',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Sets the exam, target score (on that exam’s scale) and exam date',
        body: learnerGoalBodySchema,
        response: { 200: okEnvelope(learnerGoalSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      return ok(await learnerHome.saveGoal(db, userId, request.body, learnerNow(app, userId)));
    },
  );

  app.post(
    '/user/dictation/:id/checks',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'A dictation sentence checked: today counts as a day of study',
        params: z.object({ id: z.uuid() }),
        response: { 200: okEnvelope(dictationCheckedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireContext(request).user.id;
      return ok(
        await learnerHome.recordDictationCheck(db, userId, request.params.id, learnerNow(app, userId)),
      );
    },
  );
};

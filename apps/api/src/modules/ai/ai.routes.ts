import {
  aiDraftBodySchema,
  aiDraftBulkBodySchema,
  aiDraftBulkResultSchema,
  aiDraftListQuerySchema,
  aiDraftSchema,
  aiGroupBodySchema,
  aiGroupResultSchema,
  aiJobBodySchema,
  aiJobListQuerySchema,
  aiJobSchema,
  aiRejectBodySchema,
  aiStatusSchema,
  aiVocabularyTopicSchema,
  idParamsSchema,
  okEnvelope,
  pageOf,
} from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { errorResponses, ok } from '../../http/reply';
import { forbidden } from '../../lib/errors';
import { holdsPermission, requireContext } from '../../plugins/auth';
import { scoped, scopeOf } from '../../tenancy/scoped';
import { BuiltinProvider } from './builtin-generator';
import { approveJobAsGroup } from './draft-groups.service';
import {
  approveDraft,
  bulkReviewDrafts,
  getDraft,
  listDrafts,
  rejectDraft,
  updateDraft,
} from './drafts.service';
import { GENERATE_QUEUE, runJob } from './generation.service';
import { cancelJob, createJob, getJob, listJobs, listVocabularyTopics, retryJob } from './jobs.service';
import { OpenAiCompatibleProvider } from './openai-provider';
import { aiStatus, type Providers } from './providers.service';

/** The built-in generator always; the OpenAI-compatible provider when AI_BASE_URL and AI_MODEL are set. */
export function providersFor(config: Config): Providers {
  return {
    builtin: new BuiltinProvider(),
    ...(config.ai ? { openai_compatible: new OpenAiCompatibleProvider(config.ai) } : {}),
  };
}

/** One set of providers per configuration, shared by both scopes' registrations. */
const providersByConfig = new WeakMap<Config, Providers>();
function providersOf(app: FastifyInstance): Providers {
  let found = providersByConfig.get(app.config);
  if (!found) {
    found = providersFor(app.config);
    providersByConfig.set(app.config, found);
  }
  return found;
}

/**
 * AI question generation and its review queue: `/api/admin/ai/*` on the platform's bank,
 * `/api/educator/ai/*` on the caller's organization's (one scoped plugin, tenancy/scoped.ts).
 */
export const aiRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const scope = scopeOf(options);
  const db = app.db;
  const providers = providersOf(app);
  const tags = ['AI generation'];

  if (scope === 'platform') {
    await app.jobs.define<{ jobId: string }>(GENERATE_QUEUE, (data) =>
      runJob(app.deps, data.jobId, providers),
    );
  }
  const enqueue = (jobId: string) => app.jobs.enqueue(GENERATE_QUEUE, { jobId }, { retryLimit: 0 });

  app.get(
    '/ai/status',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'The providers this server offers and the questions generated so far',
        response: { 200: okEnvelope(aiStatusSchema), ...errorResponses },
      },
    },
    async (request) => ok(await aiStatus(db, request.tenant, providers, app.now())),
  );

  app.get(
    '/ai/vocabulary-topics',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        summary: 'The published vocabulary topics a job can take its word list from',
        response: { 200: okEnvelope(z.array(aiVocabularyTopicSchema)), ...errorResponses },
      },
    },
    async () => ok(await listVocabularyTopics(db)),
  );

  app.get(
    '/ai/jobs',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        querystring: aiJobListQuerySchema,
        response: { 200: okEnvelope(pageOf(aiJobSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await listJobs(db, request.tenant, request.query)),
  );
  app.post(
    '/ai/jobs',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        summary: 'Start a generation job (a background job writes the drafts)',
        body: aiJobBodySchema,
        response: { 200: okEnvelope(aiJobSchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenant = request.tenant;
      const id = await createJob(
        db,
        tenant,
        requireContext(request).user.id,
        request.body,
        providers,
        app.now(),
      );
      await enqueue(id);
      return ok(await getJob(db, tenant, id));
    },
  );
  app.get(
    '/ai/jobs/:id',
    {
      config: { permission: 'view_question' },
      schema: { tags, params: idParamsSchema, response: { 200: okEnvelope(aiJobSchema), ...errorResponses } },
    },
    async (request) => ok(await getJob(db, request.tenant, request.params.id)),
  );
  app.post(
    '/ai/jobs/:id/cancel',
    {
      config: { permission: 'create_question' },
      schema: { tags, params: idParamsSchema, response: { 200: okEnvelope(aiJobSchema), ...errorResponses } },
    },
    async (request) => ok(await cancelJob(db, request.tenant, request.params.id, app.now())),
  );
  app.post(
    '/ai/jobs/:id/retry',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        summary: 'Generate the failed and cancelled items again',
        params: idParamsSchema,
        response: { 200: okEnvelope(aiJobSchema), ...errorResponses },
      },
    },
    async (request) => {
      const job = await retryJob(db, request.tenant, request.params.id, app.now());
      await enqueue(job.id);
      return ok(job);
    },
  );

  app.post(
    '/ai/jobs/:id/group',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        summary:
          "Approve a reading job's waiting drafts together as one question group (its text the passage)",
        params: idParamsSchema,
        body: aiGroupBodySchema,
        response: { 200: okEnvelope(aiGroupResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await approveJobAsGroup(
          db,
          request.tenant,
          requireContext(request).user.id,
          request.params.id,
          request.body.title,
          app.now(),
        ),
      ),
  );

  app.get(
    '/ai/drafts',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'Generated items (drafts) with their review status',
        querystring: aiDraftListQuerySchema,
        response: { 200: okEnvelope(pageOf(aiDraftSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await listDrafts(db, request.tenant, request.query)),
  );
  app.post(
    '/ai/drafts/bulk',
    {
      // Approving creates questions; rejecting needs update_question (checked below), as the single actions.
      config: { permission: 'update_question' },
      schema: {
        tags,
        summary: 'Approve or reject several drafts at once (one transaction; every id must be yours)',
        body: aiDraftBulkBodySchema,
        response: { 200: okEnvelope(aiDraftBulkResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.action === 'approve' && !holdsPermission(request, 'create_question'))
        throw forbidden('Missing permission create_question');
      const { user } = requireContext(request);
      return ok(await bulkReviewDrafts(db, request.tenant, user.id, request.body, app.now()));
    },
  );
  app.get(
    '/ai/drafts/:id',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'One draft with the checks shown before approval',
        params: idParamsSchema,
        response: { 200: okEnvelope(aiDraftSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getDraft(db, request.tenant, request.params.id)),
  );
  app.put(
    '/ai/drafts/:id',
    {
      config: { permission: 'update_question' },
      schema: {
        tags,
        params: idParamsSchema,
        body: aiDraftBodySchema,
        response: { 200: okEnvelope(aiDraftSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await updateDraft(
          db,
          request.tenant,
          requireContext(request).user.id,
          request.params.id,
          request.body,
          app.now(),
        ),
      ),
  );
  app.post(
    '/ai/drafts/:id/approve',
    {
      config: { permission: 'create_question' },
      schema: {
        tags,
        summary: 'Approve: the draft joins the question bank',
        params: idParamsSchema,
        response: { 200: okEnvelope(aiDraftSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await approveDraft(db, request.tenant, requireContext(request).user.id, request.params.id, app.now()),
      ),
  );
  app.post(
    '/ai/drafts/:id/reject',
    {
      config: { permission: 'update_question' },
      schema: {
        tags,
        params: idParamsSchema,
        body: aiRejectBodySchema,
        response: { 200: okEnvelope(aiDraftSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await rejectDraft(
          db,
          request.tenant,
          requireContext(request).user.id,
          request.params.id,
          request.body.reason,
          app.now(),
        ),
      ),
  );
});

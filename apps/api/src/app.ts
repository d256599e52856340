import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { type Deps, makeDeps } from './deps';
import { type Clock, wallClock } from './lib/clock';
import { AppError } from './lib/errors';
import type { Storage } from './lib/storage';
import { uploadStorage } from './lib/upload-storage';
import { appVersion } from './lib/version';
import { staffRoutes } from './modules/admin-accounts/admin-accounts.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { assignmentRoutes } from './modules/assignments/assignments.routes';
import { attemptRoutes } from './modules/attempts/attempts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { contentRoutes } from './modules/content/content.routes';
import { seoRoutes } from './modules/content/seo.routes';
import { dictationRoutes } from './modules/dictation/dictation.routes';
import { structureRoutes } from './modules/exam-structure/exam-structure.routes';
import { importExportRoutes } from './modules/import-export/import-export.routes';
import { itemAnalysisRoutes } from './modules/item-analysis/item-analysis.routes';
import { learnerHomeRoutes } from './modules/learner-home/learner-home.routes';
import { peopleRoutes } from './modules/learners/learners.routes';
import { markingRoutes } from './modules/marking/marking.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { notebookRoutes } from './modules/notebook/notebook.routes';
import { organizationPackageRoutes } from './modules/organization-packages/packages.routes';
import { educatorRoutes } from './modules/organization-portal/organization-portal.routes';
import { adminOrganizationRoutes } from './modules/organizations/organization-admin.routes';
import { publicOrganizationRoutes } from './modules/organizations/organizations.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { paymentSimulatorRoutes } from './modules/payments/simulator.routes';
import { transactionRoutes } from './modules/payments/transactions.routes';
import { testRoutes } from './modules/practice-tests/practice-tests.routes';
import { questionRoutes } from './modules/question-bank/question-bank.routes';
import { recordingRoutes } from './modules/recordings/recordings.routes';
import { studentRoutes } from './modules/students/students.routes';
import { systemRoutes } from './modules/system/system.routes';
import { vocabularyRoutes } from './modules/vocabulary/vocabulary.routes';
import { registerErrorHandling, safeErrorSerializer, sendApiNotFound } from './plugins/errors';
import { registerInputHygiene } from './plugins/input-hygiene';
import { Jobs, type JobsOptions } from './plugins/jobs';
import { Mailer } from './plugins/mail';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { testClockRoutes } from './plugins/test-clock';
import { registerTenancy } from './tenancy/scoped';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    jobs: Jobs;
    mail: Mailer;
    storage: Storage;
    /** The server's clock: `new Date()` unless the app was built with another (tests move it). */
    now: Clock;
    /** What services and jobs take (deps.ts): the database, mail, jobs, storage, config, log and clock. */
    deps: Deps;
    /** Every route as registered (method, URL, options): read by tests, e.g. the educator isolation test. */
    routeList: readonly RouteOptions[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  jobs?: JobsOptions;
  /** Where uploads go; by default the S3 bucket when configured, else DATA_DIR/uploads. */
  storage?: Storage;
  /** The clock services and jobs read "now" from; tests pass one they can fix or move. */
  now?: Clock;
}

/**
 * Routes declare their guard (requireAuth, requireEducator, or a scope's, tenancy/scoped.ts) as a preHandler; it runs as a
 * preValidation hook instead, so authentication and the route's permission are checked before the body
 * is validated: an anonymous or unauthorized caller learns nothing about a body's shape (issue 13).
 */
function moveGuardsBeforeValidation(route: { preHandler?: unknown; preValidation?: unknown }) {
  const isGuard = (handler: unknown) => typeof handler === 'function' && 'requirement' in handler;
  const handlers: unknown[] = [route.preHandler ?? []].flat();
  const guards = handlers.filter(isGuard);
  if (guards.length === 0) return;
  const rest = handlers.filter((handler) => !isGuard(handler));
  route.preHandler = rest.length > 0 ? rest : undefined;
  route.preValidation = [...guards, ...[route.preValidation ?? []].flat()];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the API (no listening, no web front end): used by the server and by tests through `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  jobs: jobsOptions,
  storage,
  now,
}: BuildAppOptions) {
  const app = Fastify({
    // Errors are logged without query parameters or row values (password hashes, e-mails): see safeErrorSerializer.
    logger: logger ?? { level: config.logLevel, serializers: { err: safeErrorSerializer } },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Read in genReqId so that an ill-formed incoming id is replaced rather than trusted.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // The zod validator behind the shared hygiene check (NUL, lone surrogates), and 404 for a NUL in a path.
  registerInputHygiene(
    app,
    (path) => new AppError(404, 'NOT_FOUND', `Route ${path.replaceAll('%00', '')} not found`),
  );
  app.setSerializerCompiler(serializerCompiler);
  const jobs = new Jobs(database, app.log, jobsOptions);
  const deps: Deps = makeDeps({
    config,
    database,
    db: database.db,
    jobs,
    mail: new Mailer({ ...config.mail, dataDir: config.dataDir, log: app.log, jobs }),
    storage: storage ?? uploadStorage(config),
    log: app.log,
    now: now ?? wallClock,
  });
  app.decorate('deps', deps);
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.db);
  app.decorate('jobs', deps.jobs);
  app.decorate('mail', deps.mail);
  app.decorate('storage', deps.storage);
  app.decorate('now', deps.now);
  app.addHook('onClose', async () => app.jobs.stop());
  app.decorateRequest('auth', null);
  registerTenancy(app);
  const routeList: RouteOptions[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    moveGuardsBeforeValidation(route);
    routeList.push(route);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app);
  // Pages, scripts, styles and JSON leave gzip- or brotli-compressed (brotli at a level cheap enough per
  // request); audio and images are already compressed and pass through.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie, { secret: config.secrets.cookie });
  registerErrorHandling(app);
  await registerRateLimits(app);
  await registerOpenApi(app, appVersion);

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendApiNotFound);
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(publicOrganizationRoutes);
      await api.register(adminOrganizationRoutes);
      // Back-office plugins declared with scoped() (tenancy/scoped.ts) register themselves under each
      // of their scopes: /admin, /educator and, where the feature has it, /admin/organizations/:id.
      await api.register(staffRoutes);
      await api.register(structureRoutes);
      await api.register(mediaRoutes);
      await api.register(questionRoutes);
      await api.register(aiRoutes);
      await api.register(testRoutes);
      await api.register(markingRoutes);
      await api.register(itemAnalysisRoutes);
      await api.register(attemptRoutes);
      await api.register(recordingRoutes);
      await api.register(notebookRoutes);
      await api.register(importExportRoutes);
      await api.register(contentRoutes);
      await api.register(catalogueRoutes);
      await api.register(paymentRoutes);
      await api.register(transactionRoutes);
      await api.register(paymentSimulatorRoutes);
      await api.register(organizationPackageRoutes);
      await api.register(vocabularyRoutes);
      await api.register(dictationRoutes);
      await api.register(learnerHomeRoutes);
      await api.register(peopleRoutes);
      await api.register(testClockRoutes);
      await api.register(educatorRoutes);
      await api.register(studentRoutes);
      await api.register(assignmentRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes);

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send(`Page Not Found: ${request.url}`);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

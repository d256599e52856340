import {
  categoryBodySchema,
  categoryDetailSchema,
  categorySchema,
  examBodySchema,
  examFormatBodySchema,
  examFormatSchema,
  examSchema,
  idParamsSchema,
  levelBodySchema,
  levelSchema,
  listQuerySchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  pointConfigBodySchema,
  pointConfigListQuerySchema,
  pointConfigSchema,
  questionTypeBodySchema,
  questionTypeSchema,
  usableListQuerySchema,
} from '@prepwise/contract';
import { registerCrud } from '../../http/crud';
import { errorResponses, ok } from '../../http/reply';
import { scoped } from '../../tenancy/scoped';
import * as structure from './categories.service';
import * as levels from './levels.service';
import * as pointConfigs from './point-configs.service';
import * as questionTypes from './question-types.service';

/**
 * The exam structure: levels, question types, categories and point configs in both back offices
 * (`/api/admin/…` on the platform's, `/api/educator/…` on the caller's organization's, which also reads
 * the platform's categories, read-only); exams and parts of a tenant's own categories in both.
 */
export const structureRoutes = scoped(['platform', 'organization'], async (app) => {
  const db = app.db;
  registerCrud(app, {
    path: '/levels',
    tag: 'levels',
    permissions: {
      view: 'view_question_level',
      create: 'create_question_level',
      update: 'update_question_level',
    },
    listQuery: usableListQuerySchema,
    body: levelBodySchema,
    item: levelSchema,
    list: (query, tenant) => levels.listLevels(db, tenant, query),
    get: (id, tenant) => levels.getLevel(db, tenant, id),
    create: (body, _actor, tenant) => levels.createLevel(db, tenant, body),
    update: (id, body, _actor, tenant) => levels.updateLevel(db, tenant, id, body, app.now()),
    remove: (id, tenant) => levels.deleteLevel(db, tenant, id),
  });
  registerCrud(app, {
    path: '/question-types',
    tag: 'question types',
    permissions: {
      view: 'view_question_type',
      create: 'create_question_type',
      update: 'update_question_type',
    },
    listQuery: usableListQuerySchema,
    body: questionTypeBodySchema,
    item: questionTypeSchema,
    list: (query, tenant) => questionTypes.listQuestionTypes(db, tenant, query),
    get: (id, tenant) => questionTypes.getQuestionType(db, tenant, id),
    create: (body, _actor, tenant) => questionTypes.createQuestionType(db, tenant, body),
    update: (id, body, _actor, tenant) => questionTypes.updateQuestionType(db, tenant, id, body, app.now()),
    remove: (id, tenant) => questionTypes.deleteQuestionType(db, tenant, id),
  });
  registerCrud(app, {
    path: '/categories',
    tag: 'categories',
    permissions: { view: 'view_category', create: 'create_category', update: 'update_category' },
    listQuery: listQuerySchema,
    body: categoryBodySchema,
    item: categorySchema,
    detail: categoryDetailSchema,
    list: (query, tenant) => structure.listCategories(db, tenant, query),
    get: (id, tenant) => structure.getCategory(db, tenant, id),
    create: (body, _actor, tenant) => structure.createCategory(db, tenant, body),
    update: (id, body, _actor, tenant) => structure.updateCategory(db, tenant, id, body, app.now()),
    remove: (id, tenant) => structure.deleteCategory(db, tenant, id),
  });
  registerCrud(app, {
    path: '/point-configs',
    tag: 'point configs',
    permissions: { view: 'view_point_config', create: 'create_point_config', update: 'update_point_config' },
    listQuery: pointConfigListQuerySchema,
    body: pointConfigBodySchema,
    item: pointConfigSchema,
    list: (query, tenant) => pointConfigs.listPointConfigs(db, tenant, query),
    get: (id, tenant) => pointConfigs.getPointConfig(db, tenant, id),
    create: (body, _actor, tenant) => pointConfigs.createPointConfig(db, tenant, body),
    update: (id, body, _actor, tenant) => pointConfigs.updatePointConfig(db, tenant, id, body, app.now()),
    remove: (id, tenant) => pointConfigs.deletePointConfig(db, tenant, id),
  });

  // Exams and their parts: the admin on the platform's categories, a centre on its own categories (it
  // reads the platform's, read-only: 403 on a change; another centre's are a 404).
  app.post(
    '/categories/:id/exams',
    {
      config: { permission: 'create_category' },
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        body: examBodySchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.createExam(db, request.tenant, request.params.id, request.body)),
  );
  app.get(
    '/exams/:id',
    {
      config: { permission: 'view_category' },
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.getExam(db, request.tenant, request.params.id)),
  );
  app.put(
    '/exams/:id',
    {
      config: { permission: 'update_category' },
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        body: examBodySchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await structure.updateExam(db, request.tenant, request.params.id, request.body, app.now())),
  );
  app.delete(
    '/exams/:id',
    {
      config: { permission: 'update_category' },
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await structure.deleteExam(db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );

  app.post(
    '/exams/:id/formats',
    {
      config: { permission: 'create_part' },
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        body: examFormatBodySchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.createFormat(db, request.tenant, request.params.id, request.body)),
  );
  app.get(
    '/formats/:id',
    {
      config: { permission: 'view_part' },
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.getFormat(db, request.tenant, request.params.id)),
  );
  app.put(
    '/formats/:id',
    {
      config: { permission: 'update_part' },
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        body: examFormatBodySchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await structure.updateFormat(db, request.tenant, request.params.id, request.body, app.now())),
  );
  app.delete(
    '/formats/:id',
    {
      config: { permission: 'update_part' },
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await structure.deleteFormat(db, request.tenant, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
});

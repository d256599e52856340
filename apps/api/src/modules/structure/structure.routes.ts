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
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import * as structure from './categories.service';
import { errorResponses, ok, registerCrud } from './crud';
import * as levels from './levels.service';
import * as pointConfigs from './point-configs.service';
import * as questionTypes from './question-types.service';
import { PLATFORM } from './tenant';

/** The admin back office's exam structure: levels, question types, categories → exams → parts, scoring. */
export const structureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  registerCrud(app, {
    path: '/admin/levels',
    tag: 'levels',
    permissions: {
      view: 'view_question_level',
      create: 'create_question_level',
      update: 'update_question_level',
    },
    listQuery: listQuerySchema,
    body: levelBodySchema,
    item: levelSchema,
    list: (query) => levels.listLevels(db, PLATFORM, query),
    get: (id) => levels.getLevel(db, PLATFORM, id),
    create: (body) => levels.createLevel(db, PLATFORM, body),
    update: (id, body) => levels.updateLevel(db, PLATFORM, id, body),
    remove: (id) => levels.deleteLevel(db, PLATFORM, id),
  });
  registerCrud(app, {
    path: '/admin/question-types',
    tag: 'question types',
    permissions: {
      view: 'view_question_type',
      create: 'create_question_type',
      update: 'update_question_type',
    },
    listQuery: listQuerySchema,
    body: questionTypeBodySchema,
    item: questionTypeSchema,
    list: (query) => questionTypes.listQuestionTypes(db, PLATFORM, query),
    get: (id) => questionTypes.getQuestionType(db, PLATFORM, id),
    create: (body) => questionTypes.createQuestionType(db, PLATFORM, body),
    update: (id, body) => questionTypes.updateQuestionType(db, PLATFORM, id, body),
    remove: (id) => questionTypes.deleteQuestionType(db, PLATFORM, id),
  });
  registerCrud(app, {
    path: '/admin/categories',
    tag: 'categories',
    permissions: { view: 'view_category', create: 'create_category', update: 'update_category' },
    listQuery: listQuerySchema,
    body: categoryBodySchema,
    item: categorySchema,
    detail: categoryDetailSchema,
    list: (query) => structure.listCategories(db, PLATFORM, query),
    get: (id) => structure.getCategory(db, PLATFORM, id),
    create: (body) => structure.createCategory(db, PLATFORM, body),
    update: (id, body) => structure.updateCategory(db, PLATFORM, id, body),
    remove: (id) => structure.deleteCategory(db, PLATFORM, id),
  });
  registerCrud(app, {
    path: '/admin/point-configs',
    tag: 'point configs',
    permissions: { view: 'view_point_config', create: 'create_point_config', update: 'update_point_config' },
    listQuery: pointConfigListQuerySchema,
    body: pointConfigBodySchema,
    item: pointConfigSchema,
    list: (query) => pointConfigs.listPointConfigs(db, PLATFORM, query),
    get: (id) => pointConfigs.getPointConfig(db, PLATFORM, id),
    create: (body) => pointConfigs.createPointConfig(db, PLATFORM, body),
    update: (id, body) => pointConfigs.updatePointConfig(db, PLATFORM, id, body),
    remove: (id) => pointConfigs.deletePointConfig(db, PLATFORM, id),
  });

  const guard = (permission: Parameters<typeof requireAuth>[0]['permission']) =>
    requireAuth({ strategies: ['admin'], permission });

  app.post(
    '/admin/categories/:id/exams',
    {
      preHandler: guard('create_category'),
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        body: examBodySchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.createExam(db, PLATFORM, request.params.id, request.body)),
  );
  app.get(
    '/admin/exams/:id',
    {
      preHandler: guard('view_category'),
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.getExam(db, PLATFORM, request.params.id)),
  );
  app.put(
    '/admin/exams/:id',
    {
      preHandler: guard('update_category'),
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        body: examBodySchema,
        response: { 200: okEnvelope(examSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.updateExam(db, PLATFORM, request.params.id, request.body)),
  );
  app.delete(
    '/admin/exams/:id',
    {
      preHandler: guard('update_category'),
      schema: {
        tags: ['exams'],
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await structure.deleteExam(db, PLATFORM, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );

  app.post(
    '/admin/exams/:id/formats',
    {
      preHandler: guard('create_part'),
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        body: examFormatBodySchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.createFormat(db, PLATFORM, request.params.id, request.body)),
  );
  app.get(
    '/admin/formats/:id',
    {
      preHandler: guard('view_part'),
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.getFormat(db, PLATFORM, request.params.id)),
  );
  app.put(
    '/admin/formats/:id',
    {
      preHandler: guard('update_part'),
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        body: examFormatBodySchema,
        response: { 200: okEnvelope(examFormatSchema), ...errorResponses },
      },
    },
    async (request) => ok(await structure.updateFormat(db, PLATFORM, request.params.id, request.body)),
  );
  app.delete(
    '/admin/formats/:id',
    {
      preHandler: guard('update_part'),
      schema: {
        tags: ['exam parts'],
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await structure.deleteFormat(db, PLATFORM, request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
};

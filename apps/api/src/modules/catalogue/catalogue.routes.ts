import {
  catalogueFiltersSchema,
  catalogueItemSchema,
  catalogueQuerySchema,
  okEnvelope,
  pageOf,
  publicTestDetailSchema,
  slugParamsSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../structure/crud';
import * as catalogue from './catalogue.service';

/** The public catalogue of published platform tests (/tests, /tests/{slug}). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['catalogue'];

  app.get(
    '/public/tests',
    {
      schema: {
        tags,
        summary: 'Published tests: search, filters (category, exam, level, access), sort, pages',
        querystring: catalogueQuerySchema,
        response: { 200: okEnvelope(pageOf(catalogueItemSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await catalogue.listCatalogue(db, request.query)),
  );
  app.get(
    '/public/tests/filters',
    {
      schema: {
        tags,
        summary: 'Categories with their exams, and levels, that have published tests',
        response: { 200: okEnvelope(catalogueFiltersSchema), ...errorResponses },
      },
    },
    async () => ok(await catalogue.getCatalogueFilters(db)),
  );
  app.get(
    '/public/tests/:slug',
    {
      schema: {
        tags,
        summary: 'A published test: structure, rules and the packs that contain it',
        params: slugParamsSchema,
        response: { 200: okEnvelope(publicTestDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await catalogue.getPublicTest(db, request.params.slug)),
  );
};

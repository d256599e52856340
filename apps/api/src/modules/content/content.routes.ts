import {
  blogCategoryBodySchema,
  blogCategorySchema,
  blogPostBodySchema,
  blogPostListQuerySchema,
  blogPostSchema,
  blogPostSummarySchema,
  listQuerySchema,
  okEnvelope,
  pageBodySchema,
  pageOf,
  pageSchema,
  publicBlogPostSchema,
  publicBlogPostSummarySchema,
  slugParamsSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrud } from '../../http/crud';
import { errorResponses, ok } from '../../http/reply';
import { scoped } from '../../tenancy/scoped';
import * as content from './content.service';

// Least privilege (issue 13): blog posts and categories share the blog permissions; pages have theirs.
const blogPermissions = {
  view: 'view_blog',
  create: 'create_blog',
  update: 'update_blog',
  delete: 'delete_blog',
} as const;
const pagePermissions = {
  view: 'view_page',
  create: 'create_page',
  update: 'update_page',
  delete: 'delete_page',
} as const;

/** The authors' side, in the platform's scope: blog categories, posts and pages. */
const contentAdminRoutes = scoped(['platform'], async (app) => {
  const db = app.db;
  registerCrud(app, {
    path: '/blog-categories',
    tag: 'blog',
    permissions: blogPermissions,
    listQuery: listQuerySchema,
    body: blogCategoryBodySchema,
    item: blogCategorySchema,
    list: (query) => content.listCategories(db, query),
    get: (id) => content.getCategory(db, id),
    create: (body) => content.createCategory(db, body),
    update: (id, body) => content.updateCategory(db, id, body, app.now()),
    remove: (id) => content.deleteCategory(db, id),
  });
  registerCrud(app, {
    path: '/blog-posts',
    tag: 'blog',
    permissions: blogPermissions,
    listQuery: blogPostListQuerySchema,
    body: blogPostBodySchema,
    item: blogPostSummarySchema,
    detail: blogPostSchema,
    list: (query) => content.listPosts(db, query, 'admin', app.now()),
    get: (id) => content.getPost(db, id, app.now()),
    create: (body, actorId) => content.createPost(db, actorId, body, app.now()),
    update: (id, body) => content.updatePost(db, id, body, app.now()),
    remove: (id) => content.deletePost(db, id),
  });
  registerCrud(app, {
    path: '/pages',
    tag: 'pages',
    permissions: pagePermissions,
    listQuery: listQuerySchema,
    body: pageBodySchema,
    item: pageSchema,
    list: (query) => content.listPages(db, query),
    get: (id) => content.getPage(db, id),
    create: (body) => content.createPage(db, body),
    update: (id, body) => content.updatePage(db, id, body, app.now()),
    remove: (id) => content.deletePage(db, id),
  });
});

/** Blog and generic pages: authored in /admin, read by everyone through /api/public. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  await app.register(contentAdminRoutes);

  const publicTags = ['public content'];
  app.get(
    '/public/blog/categories',
    {
      schema: {
        tags: publicTags,
        querystring: listQuerySchema,
        response: { 200: okEnvelope(pageOf(blogCategorySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await content.listCategories(db, request.query)),
  );
  app.get(
    '/public/blog/posts',
    {
      schema: {
        tags: publicTags,
        summary: 'Published posts, newest first; scheduled posts appear at their time',
        querystring: blogPostListQuerySchema.omit({ state: true }),
        response: { 200: okEnvelope(pageOf(publicBlogPostSummarySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await content.listPublicPosts(db, request.query, app.now())),
  );
  app.get(
    '/public/blog/posts/:slug',
    {
      schema: {
        tags: publicTags,
        params: slugParamsSchema,
        response: { 200: okEnvelope(publicBlogPostSchema), ...errorResponses },
      },
    },
    async (request) => ok(await content.getPublicPost(db, request.params.slug, app.now())),
  );
  app.get(
    '/public/pages/:slug',
    {
      schema: {
        tags: publicTags,
        params: slugParamsSchema,
        response: { 200: okEnvelope(pageSchema), ...errorResponses },
      },
    },
    async (request) => ok(await content.getPublicPage(db, request.params.slug)),
  );
};

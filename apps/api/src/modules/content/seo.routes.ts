import { GRAMMAR_LESSON_SLUGS } from '@prepwise/contract';
import { and, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blogPosts, organizations, pages, vocabularyTopics } from '../../db/schema';
import { listExercises } from '../dictation/dictation.service';

/** The site's own public pages, always listed (the web app serves them). */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/blog',
  '/grammar',
  '/grammar/tense',
  '/grammar/comparison',
  ...GRAMMAR_LESSON_SLUGS.map((slug) => `/grammar/${slug}`),
  '/roadmap',
  '/organizations',
  '/vocabulary',
  '/dictation',
];

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One <url> with its Vietnamese (default) and, unless it has none, English (?lang=en) versions. */
function urlEntry(origin: string, path: string, lastmod?: Date, english = true) {
  const vi = `${origin}${path}`;
  const en = `${vi}${path.includes('?') ? '&' : '?'}lang=en`;
  return [
    '  <url>',
    `    <loc>${xml(vi)}</loc>`,
    lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>` : null,
    `    <xhtml:link rel="alternate" hreflang="vi" href="${xml(vi)}"/>`,
    english ? `    <xhtml:link rel="alternate" hreflang="en" href="${xml(en)}"/>` : null,
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(vi)}"/>`,
    '  </url>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** /sitemap.xml and /robots.txt at the site root, built from published content. */
export async function seoRoutes(app: FastifyInstance) {
  const origin = app.config.publicUrl;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await app.db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.status, 'published'),
          isNotNull(blogPosts.publishedAt),
          lte(blogPosts.publishedAt, app.now()),
        ),
      )
      .orderBy(desc(blogPosts.publishedAt));
    const published = await app.db
      .select({ slug: pages.slug, updatedAt: pages.updatedAt, titleEn: pages.titleEn })
      .from(pages)
      .where(eq(pages.status, 'published'))
      .orderBy(pages.slug);
    const listed = await app.db
      .select({ slug: organizations.slug, updatedAt: organizations.updatedAt })
      .from(organizations)
      .where(
        and(
          eq(organizations.status, 'approved'),
          isNull(organizations.suspendedAt),
          eq(organizations.isListed, true),
        ),
      )
      .orderBy(organizations.slug);
    const topics = await app.db
      .select({ slug: vocabularyTopics.slug, updatedAt: vocabularyTopics.updatedAt })
      .from(vocabularyTopics)
      .where(eq(vocabularyTopics.published, true))
      .orderBy(vocabularyTopics.position, vocabularyTopics.slug);
    const dictations = await listExercises(app.db);
    const entries = [
      ...STATIC_PUBLIC_PATHS.map((path) => urlEntry(origin, path)),
      ...posts.map((post) => urlEntry(origin, `/blog/${encodeURIComponent(post.slug)}`, post.updatedAt)),
      // A generic page has an English alternate only when it has an English version.
      ...published.map((page) =>
        urlEntry(origin, `/${encodeURIComponent(page.slug)}`, page.updatedAt, page.titleEn !== null),
      ),
      ...listed.map((item) =>
        urlEntry(origin, `/organizations/${encodeURIComponent(item.slug)}`, item.updatedAt),
      ),
      ...topics.map((topic) =>
        urlEntry(origin, `/vocabulary/${encodeURIComponent(topic.slug)}`, topic.updatedAt),
      ),
      ...dictations.map((exercise) => urlEntry(origin, `/dictation/${exercise.id}`)),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(body);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      // A rule is a prefix: `/organization` alone would also keep crawlers off the public directory
      // `/organizations` and every centre's page. `$` (Google, Bing) ends the back office's own path.
      'Disallow: /admin$',
      'Disallow: /admin/',
      'Disallow: /organization$',
      'Disallow: /organization/',
      'Disallow: /api/',
      'Disallow: /profile',
      'Disallow: /preferences/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
}

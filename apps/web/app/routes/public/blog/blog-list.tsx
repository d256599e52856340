import { data } from 'react-router';
import { BLOG_PAGE_SIZE, BlogListPage, type BlogListQuery } from '../../../features/blog';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/blog-list';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query: BlogListQuery = {
    category: url.searchParams.get('category')?.slice(0, 120) || undefined,
    search: url.searchParams.get('search')?.trim().slice(0, 200) || undefined,
    page: Math.max(1, Math.min(1000, Number(url.searchParams.get('page')) || 1)),
  };
  const [posts, categories] = await Promise.all([
    server(context.api).get('/public/blog/posts', {
      query: {
        page: query.page,
        pageSize: BLOG_PAGE_SIZE,
        category: query.category || undefined,
        search: query.search || undefined,
      },
    }),
    server(context.api).get('/public/blog/categories', { query: { page: 1, pageSize: 100 } }),
  ]);
  if (!posts.ok || !categories.ok) throw data(null, { status: 500 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  const category = categories.body.result.items.find((item) => item.slug === query.category);
  const title = category ? `${category.name} · ${t('blog.title')} · Prepwise` : t('blog.metaTitle');
  return {
    posts: posts.body.result,
    categories: categories.body.result.items,
    query,
    seo: buildSeo(request, locale, {
      path: '/blog',
      keep: ['category', 'page'],
      title,
      description: category?.description || t('blog.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BlogListRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BlogListPage posts={loaderData.posts} categories={loaderData.categories} query={loaderData.query} />
  );
}

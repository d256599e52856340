import { data } from 'react-router';
import { BlogPostPage, withHeadingIds } from '../../../features/blog';
import { buildSeo, seoMeta, siteOrigin } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/blog-post';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/public/blog/posts/{slug}', {
    path: { slug: encodeURIComponent(params.slug) },
  });
  if (response.status === 404 || response.status === 400) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  const post = response.body.result;
  const { html, toc } = withHeadingIds(post.content);
  const locale = getLocale(request);
  const origin = siteOrigin(request);
  const path = `/blog/${post.slug}`;
  const description = post.meta_description || post.excerpt || post.title;
  const image = post.og_image?.url ?? post.cover?.url ?? null;
  const seo = buildSeo(request, locale, {
    path,
    type: 'article',
    title: `${post.meta_title || post.title} · Prepwise`,
    description,
    image,
    publishedTime: post.published_at,
    modifiedTime: post.updated_at,
    // Posts without a byline are the editorial team's: Prepwise signs them.
    author: post.byline ?? 'Prepwise',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description,
      datePublished: post.published_at,
      dateModified: post.updated_at,
      inLanguage: 'vi',
      mainEntityOfPage: `${origin}${path}`,
      ...(image ? { image: [new URL(image, `${origin}/`).href] } : {}),
      author: post.byline
        ? { '@type': 'Person', name: post.byline }
        : { '@type': 'Organization', name: 'Prepwise', url: origin },
      ...(post.category ? { articleSection: post.category.name } : {}),
      publisher: {
        '@type': 'Organization',
        name: 'Prepwise',
        logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
      },
    },
  });
  return { post, html, toc, url: `${origin}${path}`, seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BlogPostPage post={loaderData.post} html={loaderData.html} toc={loaderData.toc} url={loaderData.url} />
  );
}

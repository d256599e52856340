import type { Locale } from '@prepwise/contract';
import type { MetaDescriptor } from 'react-router';

const SITE_NAME = 'Prepwise';
const OPEN_GRAPH_LOCALES: Record<Locale, string> = { vi: 'vi_VN', en: 'en_US' };

/** Everything a public page puts in <head>, computed by its loader on the server. */
export interface Seo {
  title: string;
  description: string;
  /** Absolute URL of this language version. */
  canonical: string;
  /** `en` is null for a page that has no English version (its `?lang=en` URL shows Vietnamese). */
  alternates: { vi: string; en: string | null };
  locale: Locale;
  type: 'website' | 'article';
  image?: string | null;
  publishedTime?: string | null;
  modifiedTime?: string | null;
  author?: string | null;
  /** Structured data (schema.org), rendered as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/** The public origin: PUBLIC_URL when set (as the API's sitemap uses it), else the request's. */
export function siteOrigin(request: Request): string {
  const configured = typeof process !== 'undefined' ? process.env.PUBLIC_URL : undefined;
  return (configured || new URL(request.url).origin).replace(/\/$/, '');
}

/**
 * Canonical and hreflang URLs of a page: Vietnamese at the bare path, English with `?lang=en`;
 * `keep` lists the query parameters that make a different page (category, page number).
 */
export function buildSeo(
  request: Request,
  locale: Locale,
  page: Omit<Seo, 'canonical' | 'alternates' | 'locale' | 'type'> & {
    path: string;
    keep?: string[];
    type?: Seo['type'];
    /** False when the content exists in Vietnamese only: no English alternate, canonical is the Vietnamese URL. */
    english?: boolean;
  },
): Seo {
  const origin = siteOrigin(request);
  const current = new URL(request.url).searchParams;
  const base = new URLSearchParams();
  for (const name of page.keep ?? []) {
    const value = current.get(name);
    if (value) base.set(name, value);
  }
  const urlFor = (lang: Locale) => {
    const params = new URLSearchParams(base);
    if (lang !== 'vi') params.set('lang', lang);
    const query = params.toString();
    return `${origin}${page.path}${query ? `?${query}` : ''}`;
  };
  const { path: _path, keep: _keep, english = true, ...rest } = page;
  return {
    ...rest,
    type: page.type ?? 'website',
    locale,
    canonical: urlFor(english ? locale : 'vi'),
    alternates: { vi: urlFor('vi'), en: english ? urlFor('en') : null },
    image: page.image ? new URL(page.image, `${origin}/`).href : null,
  };
}

/**
 * The <head> entries of a {@link Seo}: title, description, canonical, hreflang, Open Graph, JSON-LD. Without
 * one (the loader threw: a 404 or an error) nothing: the error page sets its own title, and a second
 * `<title>` would be read first.
 */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { tagName: 'link', rel: 'alternate', hrefLang: 'vi', href: seo.alternates.vi },
    ...(seo.alternates.en
      ? [{ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: seo.alternates.en }]
      : []),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: seo.alternates.vi },
    { property: 'og:type', content: seo.type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:locale', content: OPEN_GRAPH_LOCALES[seo.locale] },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ];
  if (seo.image) tags.push({ property: 'og:image', content: seo.image });
  if (seo.publishedTime) tags.push({ property: 'article:published_time', content: seo.publishedTime });
  if (seo.modifiedTime) tags.push({ property: 'article:modified_time', content: seo.modifiedTime });
  if (seo.jsonLd) tags.push({ 'script:ld+json': seo.jsonLd });
  return tags;
}

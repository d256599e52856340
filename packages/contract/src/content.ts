import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { isoDateTime, optionalId, optionalSlug, optionalText, requiredText } from './fields';
import { mediaSchema } from './question-bank';
import { VALIDATION_KEYS } from './validation';

export const CONTENT_KEYS = {
  slugTaken: 'content.slug_taken',
  slugReserved: 'content.slug_reserved',
  scheduleNeedsDate: 'content.schedule_needs_date',
  categoryInUse: 'content.category_in_use',
} as const;

/** First path segments the app itself uses; a generic page can never take them. */
export const RESERVED_PAGE_SLUGS = [
  'admin',
  'organization',
  'organizations',
  'api',
  'blog',
  'grammar',
  'roadmap',
  'tests',
  'test-history',
  'profile',
  'sign-in',
  'register',
  'forgot-password',
  'register-organization',
  'payment-successful',
  'transactions',
  'preferences',
  'assets',
  'sitemap.xml',
  'robots.txt',
  'favicon.svg',
  'favicon.ico',
] as const;

const slug = optionalSlug(120);

export const blogCategoryBodySchema = z.object({
  name: requiredText(120),
  /** The name in English mode; empty: the Vietnamese name is shown there too. */
  name_en: optionalText(120),
  slug,
  description: optionalText(1000),
  position: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const blogCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    name_en: z.string().nullable(),
    slug: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    post_count: z.number().int(),
  })
  .meta({ id: 'BlogCategory' });

export const POST_STATES = ['draft', 'scheduled', 'published'] as const;

export const blogPostBodySchema = z.object({
  title: requiredText(200),
  slug,
  category_id: optionalId,
  excerpt: optionalText(500),
  /** The name the post is signed with; empty: the editorial team signs it. */
  byline: optionalText(80),
  content: requiredText(200_000),
  cover_id: optionalId,
  /** The cover's alt text: what it shows, for people who cannot see it. */
  cover_alt: optionalText(200),
  status: z.enum(['draft', 'published']).default('draft'),
  /** A future moment schedules the post; empty publishes now. */
  published_at: isoDateTime('common.invalid_date')
    .nullish()
    .transform((value) => value ?? null),
  meta_title: optionalText(70),
  meta_description: optionalText(170),
  og_image_id: optionalId,
});

export const blogPostSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string().nullable(),
    category: z
      .object({ id: z.string(), name: z.string(), name_en: z.string().nullable(), slug: z.string() })
      .nullable(),
    /** The account that wrote the post (the back office only: the public sees the byline). */
    author: z.object({ id: z.string(), full_name: z.string() }).nullable(),
    /** The name the post is signed with; null: the editorial team ("Đội ngũ Prepwise" / "Prepwise team"). */
    byline: z.string().nullable(),
    cover: mediaSchema.nullable(),
    cover_alt: z.string().nullable(),
    state: z.enum(POST_STATES),
    published_at: z.string().nullable(),
    reading_minutes: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'BlogPostSummary' });

export const blogPostSchema = blogPostSummarySchema
  .extend({
    content: z.string(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    og_image: mediaSchema.nullable(),
    status: z.enum(['draft', 'published']),
  })
  .meta({ id: 'BlogPost' });

/** A post in a public list: signed by its byline, never by the author's account. */
export const publicBlogPostSummarySchema = blogPostSummarySchema
  .omit({ author: true })
  .meta({ id: 'PublicBlogPostSummary' });

export const publicBlogPostSchema = blogPostSchema
  .omit({ status: true, state: true, author: true })
  .extend({ related: z.array(blogPostSummarySchema.omit({ state: true, author: true })) })
  .meta({ id: 'PublicBlogPost' });

export const blogPostListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(120).optional(),
  state: z.enum(POST_STATES).optional(),
});

export const pageBodySchema = z
  .object({
    title: requiredText(200),
    slug,
    content: requiredText(200_000),
    layout: z.enum(['default', 'blank']).default('default'),
    status: z.enum(['draft', 'published']).default('draft'),
    meta_title: optionalText(70),
    meta_description: optionalText(170),
    /** The optional English version, shown when the interface is in English. */
    title_en: optionalText(200),
    content_en: optionalText(200_000),
    meta_title_en: optionalText(70),
    meta_description_en: optionalText(170),
  })
  .superRefine((value, ctx) => {
    // An English version has both a title and a content, or neither.
    if (value.content_en && !value.title_en)
      ctx.addIssue({ code: 'custom', path: ['title_en'], message: VALIDATION_KEYS.required });
    if (value.title_en && !value.content_en)
      ctx.addIssue({ code: 'custom', path: ['content_en'], message: VALIDATION_KEYS.required });
  });

export const pageSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    layout: z.enum(['default', 'blank']),
    status: z.enum(['draft', 'published']),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    /** English version: null when the page has none (pages then show the Vietnamese text). */
    title_en: z.string().nullable(),
    content_en: z.string().nullable(),
    meta_title_en: z.string().nullable(),
    meta_description_en: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'Page' });

export const slugParamsSchema = z.object({ slug: z.string().trim().min(1).max(200) });

export type BlogCategory = z.infer<typeof blogCategorySchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
export type PublicBlogPostSummary = z.infer<typeof publicBlogPostSummarySchema>;
export type ContentPage = z.infer<typeof pageSchema>;

import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { media } from './question-bank';

export const pageLayoutEnum = pgEnum('page_layout', ['default', 'blank']);
export const publicationEnum = pgEnum('publication', ['draft', 'published']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name in English mode (null: the Vietnamese name is shown). */
    nameEn: text('name_en'),
    slug: text('slug').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('blog_categories_slug_key').on(table.slug)],
);

/**
 * A blog post. `published` with `published_at` in the future is a scheduled post: it stays invisible
 * to the public until that moment.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id').references(() => blogCategories.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The name the post is signed with in public (a guest or staff writer's pen name); null: the editorial
     * team signs it ("Đội ngũ Prepwise" / "Prepwise team"). The author's account name is never shown.
     */
    byline: text('byline'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt'),
    content: text('content').notNull(),
    contentText: text('content_text').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    coverId: uuid('cover_id').references(() => media.id, { onDelete: 'set null' }),
    /** What the cover shows, for people who cannot see it (the image's alt text). */
    coverAlt: text('cover_alt'),
    status: publicationEnum('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    ogImageId: uuid('og_image_id').references(() => media.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('blog_posts_slug_key').on(table.slug),
    index('blog_posts_public_idx').on(table.status, table.publishedAt),
    index('blog_posts_category_idx').on(table.categoryId, table.publishedAt),
  ],
);

/** A generic page served at /{slug} (terms, privacy, about …). */
export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    layout: pageLayoutEnum('layout').notNull().default('default'),
    status: publicationEnum('status').notNull().default('draft'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    // The optional English version (title and content together, or neither).
    titleEn: text('title_en'),
    contentEn: text('content_en'),
    metaTitleEn: text('meta_title_en'),
    metaDescriptionEn: text('meta_description_en'),
    ...timestamps,
  },
  (table) => [uniqueIndex('pages_slug_key').on(table.slug)],
);

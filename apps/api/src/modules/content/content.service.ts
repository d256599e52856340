import {
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  CONTENT_KEYS,
  type ContentPage,
  type Page,
  type PublicBlogPost,
  type PublicBlogPostSummary,
  RESERVED_PAGE_SLUGS,
} from '@prepwise/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogCategories, blogPosts, media, pages, users } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { plainText, sanitizeRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { toMedia } from '../media/media.service';
import { resolveSlug, writeWithFreeSlug } from './slugs';

const WORDS_PER_MINUTE = 220;

// ---------------------------------------------------------------- categories

const postCount = sql<number>`(select count(*)::int from "blog_posts" as "p" where "p"."category_id" = "blog_categories"."id")`;

const toCategory = (row: typeof blogCategories.$inferSelect, posts: number): BlogCategory => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  slug: row.slug,
  description: row.description,
  position: row.position,
  post_count: Number(posts),
});

type CategoryBody = {
  name: string;
  name_en?: string | null;
  slug: string | null;
  description: string | null;
  position: number;
};
const categoryValues = ({ name_en, ...body }: CategoryBody) => ({ ...body, nameEn: name_en ?? null });

export function listCategories(db: Db, query: { page: number; pageSize: number; search?: string }) {
  const where = query.search ? ilike(blogCategories.name, `%${query.search}%`) : undefined;
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ category: blogCategories, posts: postCount })
          .from(blogCategories)
          .where(where)
          .orderBy(asc(blogCategories.position), asc(blogCategories.name))
          .limit(limit)
          .offset(offset)
      ).map((row) => toCategory(row.category, row.posts)),
    () => db.select({ n: count() }).from(blogCategories).where(where),
  );
}

export async function getCategory(db: Db, id: string): Promise<BlogCategory> {
  const [row] = await db
    .select({ category: blogCategories, posts: postCount })
    .from(blogCategories)
    .where(eq(blogCategories.id, id));
  if (!row) throw notFound('Category not found');
  return toCategory(row.category, row.posts);
}

const slugOptions = (constraint: string, given: string | null) => ({
  constraint,
  given,
  takenKey: CONTENT_KEYS.slugTaken,
});

export async function createCategory(db: Db, body: CategoryBody) {
  const [row] = await writeWithFreeSlug(
    slugOptions('blog_categories_slug_key', body.slug),
    () =>
      resolveSlug(db, blogCategories, {
        given: body.slug,
        title: body.name,
        takenKey: CONTENT_KEYS.slugTaken,
      }),
    (slug) =>
      db
        .insert(blogCategories)
        .values({ ...categoryValues(body), slug })
        .returning({ id: blogCategories.id }),
  );
  return getCategory(db, row!.id);
}

export async function updateCategory(db: Db, id: string, body: CategoryBody, now: Date) {
  await getCategory(db, id);
  await writeWithFreeSlug(
    slugOptions('blog_categories_slug_key', body.slug),
    () =>
      resolveSlug(db, blogCategories, {
        given: body.slug,
        title: body.name,
        exceptId: id,
        takenKey: CONTENT_KEYS.slugTaken,
      }),
    (slug) =>
      db
        .update(blogCategories)
        .set({ ...categoryValues(body), slug, updatedAt: now })
        .where(eq(blogCategories.id, id)),
  );
  return getCategory(db, id);
}

export async function deleteCategory(db: Db, id: string) {
  const category = await getCategory(db, id);
  if (category.post_count > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The category holds ${category.post_count} post(s); move them first`,
      {
        id: CONTENT_KEYS.categoryInUse,
      },
    );
  }
  await db.delete(blogCategories).where(eq(blogCategories.id, id));
}

// ---------------------------------------------------------------- posts

type PostBody = {
  title: string;
  slug: string | null;
  category_id: string | null;
  excerpt: string | null;
  byline?: string | null;
  content: string;
  cover_id: string | null;
  cover_alt?: string | null;
  status: 'draft' | 'published';
  published_at: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_image_id: string | null;
};

/** Published and its time has come by `now`. */
const isVisible = (now: Date) =>
  and(eq(blogPosts.status, 'published'), isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now));

function stateOf(row: typeof blogPosts.$inferSelect, now: Date): BlogPostSummary['state'] {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt && row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

const postColumns = {
  post: blogPosts,
  category: {
    id: blogCategories.id,
    name: blogCategories.name,
    nameEn: blogCategories.nameEn,
    slug: blogCategories.slug,
  },
  authorName: users.fullName,
};

function selectPosts(db: Db) {
  return db
    .select(postColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(users, eq(users.id, blogPosts.authorId));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

async function mediaById(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map<string, typeof media.$inferSelect>();
  return new Map(
    (await db.select().from(media).where(inArray(media.id, wanted))).map((row) => [row.id, row]),
  );
}

function toSummary(row: PostRow, files: Map<string, typeof media.$inferSelect>, now: Date): BlogPostSummary {
  const p = row.post;
  const cover = p.coverId ? files.get(p.coverId) : undefined;
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    category: row.category?.id
      ? {
          id: row.category.id,
          name: row.category.name,
          name_en: row.category.nameEn,
          slug: row.category.slug,
        }
      : null,
    author: p.authorId && row.authorName ? { id: p.authorId, full_name: row.authorName } : null,
    byline: p.byline,
    cover: cover ? toMedia(cover) : null,
    cover_alt: cover ? p.coverAlt : null,
    state: stateOf(p, now),
    published_at: p.publishedAt?.toISOString() ?? null,
    reading_minutes: p.readingMinutes,
    updated_at: p.updatedAt.toISOString(),
  };
}

async function toSummaries(db: Db, rows: PostRow[], now: Date) {
  const files = await mediaById(
    db,
    rows.map((row) => row.post.coverId),
  );
  return rows.map((row) => toSummary(row, files, now));
}

async function toPost(db: Db, row: PostRow, now: Date): Promise<BlogPost> {
  const files = await mediaById(db, [row.post.coverId, row.post.ogImageId]);
  const og = row.post.ogImageId ? files.get(row.post.ogImageId) : undefined;
  return {
    ...toSummary(row, files, now),
    content: row.post.content,
    meta_title: row.post.metaTitle,
    meta_description: row.post.metaDescription,
    og_image: og ? toMedia(og) : null,
    status: row.post.status,
  };
}

export function listPosts(
  db: Db,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    category?: string;
    state?: BlogPostSummary['state'];
  },
  audience: 'admin' | 'public',
  now: Date,
) {
  const stateFilter =
    query.state === 'draft'
      ? eq(blogPosts.status, 'draft')
      : query.state === 'scheduled'
        ? and(eq(blogPosts.status, 'published'), gt(blogPosts.publishedAt, now))
        : query.state === 'published'
          ? isVisible(now)
          : undefined;
  const where = and(
    audience === 'public' ? isVisible(now) : stateFilter,
    query.category ? eq(blogCategories.slug, query.category) : undefined,
    query.search
      ? or(ilike(blogPosts.title, `%${query.search}%`), ilike(blogPosts.contentText, `%${query.search}%`))
      : undefined,
  );
  const order = audience === 'public' ? [desc(blogPosts.publishedAt)] : [desc(blogPosts.updatedAt)];
  return paginate(
    query,
    async (limit, offset) =>
      toSummaries(
        db,
        await selectPosts(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        now,
      ),
    () =>
      db
        .select({ n: count() })
        .from(blogPosts)
        .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
        .where(where),
  );
}

/** Published posts for the public: signed by their byline, the author's account left out. */
export async function listPublicPosts(
  db: Db,
  query: { page: number; pageSize: number; search?: string; category?: string },
  now: Date,
): Promise<Page<PublicBlogPostSummary>> {
  const page = await listPosts(db, query, 'public', now);
  return { ...page, items: page.items.map(({ author: _author, ...post }) => post) };
}

export async function getPost(db: Db, id: string, now: Date): Promise<BlogPost> {
  const [row] = await selectPosts(db).where(eq(blogPosts.id, id));
  if (!row) throw notFound('Post not found');
  return toPost(db, row, now);
}

/** A published post whose time has come, with up to 3 related posts (same category first). */
export async function getPublicPost(db: Db, slug: string, now: Date): Promise<PublicBlogPost> {
  const [row] = await selectPosts(db).where(and(eq(blogPosts.slug, slug), isVisible(now)));
  if (!row) throw notFound('Post not found');
  const { status: _status, state: _state, author: _author, ...post } = await toPost(db, row, now);
  const sameCategory = row.post.categoryId ? eq(blogPosts.categoryId, row.post.categoryId) : undefined;
  let related = await selectPosts(db)
    .where(and(isVisible(now), ne(blogPosts.id, row.post.id), sameCategory))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(3);
  if (related.length < 3 && sameCategory) {
    const more = await selectPosts(db)
      .where(
        and(
          isVisible(now),
          ne(blogPosts.id, row.post.id),
          related.length
            ? notInArray(
                blogPosts.id,
                related.map((r) => r.post.id),
              )
            : undefined,
        ),
      )
      .orderBy(desc(blogPosts.publishedAt))
      .limit(3 - related.length);
    related = [...related, ...more];
  }
  return {
    ...post,
    related: (await toSummaries(db, related, now)).map(({ state: _s, author: _a, ...summary }) => summary),
  };
}

async function assertPostReferences(db: Db, body: PostBody) {
  if (body.category_id) {
    const [category] = await db
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(eq(blogCategories.id, body.category_id));
    if (!category) throw validationFailed({ category_id: 'common.invalid_field' });
  }
  const files = await mediaById(db, [body.cover_id, body.og_image_id]);
  for (const field of ['cover_id', 'og_image_id'] as const) {
    const id = body[field];
    if (id && files.get(id)?.kind !== 'image')
      throw validationFailed({ [field]: 'question.wrong_media_kind' });
  }
}

function postValues(body: PostBody, slug: string, now: Date, previous?: typeof blogPosts.$inferSelect) {
  const content = sanitizeRichText(body.content);
  const text = plainText(content);
  const words = text ? text.split(' ').length : 0;
  const publishedAt =
    body.status === 'draft'
      ? (previous?.publishedAt ?? null)
      : body.published_at
        ? new Date(body.published_at)
        : ((previous?.status === 'published' ? previous.publishedAt : null) ?? now);
  return {
    title: body.title,
    slug,
    categoryId: body.category_id,
    excerpt: body.excerpt ? plainText(body.excerpt) : text.slice(0, 240) || null,
    byline: body.byline ?? null,
    content,
    contentText: text,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    coverId: body.cover_id,
    coverAlt: body.cover_id ? (body.cover_alt ?? null) : null,
    status: body.status,
    publishedAt,
    metaTitle: body.meta_title,
    metaDescription: body.meta_description,
    ogImageId: body.og_image_id,
  };
}

export async function createPost(db: Db, authorId: string, body: PostBody, now: Date) {
  await assertPostReferences(db, body);
  const [row] = await writeWithFreeSlug(
    slugOptions('blog_posts_slug_key', body.slug),
    () =>
      resolveSlug(db, blogPosts, { given: body.slug, title: body.title, takenKey: CONTENT_KEYS.slugTaken }),
    (slug) =>
      db
        .insert(blogPosts)
        .values({ ...postValues(body, slug, now), authorId })
        .returning({ id: blogPosts.id }),
  );
  return getPost(db, row!.id, now);
}

export async function updatePost(db: Db, id: string, body: PostBody, now: Date) {
  const [previous] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!previous) throw notFound('Post not found');
  await assertPostReferences(db, body);
  await writeWithFreeSlug(
    slugOptions('blog_posts_slug_key', body.slug),
    () =>
      resolveSlug(db, blogPosts, {
        given: body.slug,
        title: body.title,
        exceptId: id,
        takenKey: CONTENT_KEYS.slugTaken,
      }),
    (slug) =>
      db
        .update(blogPosts)
        .set({ ...postValues(body, slug, now, previous), updatedAt: now })
        .where(eq(blogPosts.id, id)),
  );
  return getPost(db, id, now);
}

export async function deletePost(db: Db, id: string) {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound('Post not found');
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
}

// ---------------------------------------------------------------- pages

type PageBody = {
  title: string;
  slug: string | null;
  content: string;
  layout: 'default' | 'blank';
  status: 'draft' | 'published';
  meta_title: string | null;
  meta_description: string | null;
  title_en: string | null;
  content_en: string | null;
  meta_title_en: string | null;
  meta_description_en: string | null;
};

const toPage = (row: typeof pages.$inferSelect): ContentPage => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  content: row.content,
  layout: row.layout,
  status: row.status,
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  title_en: row.titleEn,
  content_en: row.contentEn,
  meta_title_en: row.metaTitleEn,
  meta_description_en: row.metaDescriptionEn,
  updated_at: row.updatedAt.toISOString(),
});

export function listPages(db: Db, query: { page: number; pageSize: number; search?: string }) {
  const where = query.search ? ilike(pages.title, `%${query.search}%`) : undefined;
  return paginate(
    query,
    async (limit, offset) =>
      (await db.select().from(pages).where(where).orderBy(asc(pages.slug)).limit(limit).offset(offset)).map(
        toPage,
      ),
    () => db.select({ n: count() }).from(pages).where(where),
  );
}

export async function getPage(db: Db, id: string) {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  if (!row) throw notFound('Page not found');
  return toPage(row);
}

export async function getPublicPage(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.status, 'published')));
  if (!row) throw notFound('Page not found');
  return toPage(row);
}

async function pageSlug(db: Db, body: PageBody, exceptId?: string) {
  const slug = await resolveSlug(db, pages, {
    given: body.slug,
    title: body.title,
    exceptId,
    takenKey: CONTENT_KEYS.slugTaken,
  });
  if ((RESERVED_PAGE_SLUGS as readonly string[]).includes(slug))
    throw validationFailed({ slug: CONTENT_KEYS.slugReserved });
  return slug;
}

const pageValues = (body: PageBody, slug: string) => ({
  title: body.title,
  slug,
  content: sanitizeRichText(body.content),
  layout: body.layout,
  status: body.status,
  metaTitle: body.meta_title,
  metaDescription: body.meta_description,
  titleEn: body.title_en,
  contentEn: body.content_en === null ? null : sanitizeRichText(body.content_en),
  metaTitleEn: body.meta_title_en,
  metaDescriptionEn: body.meta_description_en,
});

export async function createPage(db: Db, body: PageBody) {
  const [row] = await writeWithFreeSlug(
    slugOptions('pages_slug_key', body.slug),
    () => pageSlug(db, body),
    (slug) => db.insert(pages).values(pageValues(body, slug)).returning(),
  );
  return toPage(row!);
}

export async function updatePage(db: Db, id: string, body: PageBody, now: Date) {
  await getPage(db, id);
  const [row] = await writeWithFreeSlug(
    slugOptions('pages_slug_key', body.slug),
    () => pageSlug(db, body, id),
    (slug) =>
      db
        .update(pages)
        .set({ ...pageValues(body, slug), updatedAt: now })
        .where(eq(pages.id, id))
        .returning(),
  );
  return toPage(row!);
}

export async function deletePage(db: Db, id: string) {
  await getPage(db, id);
  await db.delete(pages).where(eq(pages.id, id));
}

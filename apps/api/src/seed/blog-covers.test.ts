import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { blogPosts, users } from '../db/schema';
import { saveUpload } from '../modules/media/media.service';
import { PLATFORM } from '../tenancy/tenant';
import { seedDatabase } from '.';
import { demoBlogCoversStep } from './blog-covers';
import { BLOG_COVERS, COVER_HEIGHT, COVER_WIDTH } from './content/blog-covers';
import { demoAccountsStep } from './demo-accounts';
import { SEED_MEDIA_DIR } from './practice-tests';
import { demoBlogStep } from './site-content';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const EDITORS_POST = BLOG_COVERS[3]!.slug;
let editorsCoverId: string;

const publicGet = (url: string) => harness.app.inject({ method: 'GET', url: `/api/public${url}` });

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const context = { storage: harness.app.storage };
  // A database seeded before covers existed: the posts are there without one…
  await seedDatabase(harness.database.db, { demo: true, steps: [demoAccountsStep, demoBlogStep], context });
  const before = (await publicGet('/blog/posts?pageSize=20')).json().result.items;
  expect(before.map((post: { cover: unknown }) => post.cover)).toEqual([null, null, null, null]);
  // …and an editor already gave one of them a cover of their own.
  const [admin] = await harness.database.db.select().from(users).where(eq(users.isAdmin, true));
  const own = await saveUpload(harness.database.db, harness.app.storage, PLATFORM, {
    bytes: new Uint8Array(await readFile(path.join(SEED_MEDIA_DIR, 'toeic-p1-01.png'))),
    filename: 'editor.png',
    userId: admin!.id,
  });
  editorsCoverId = own.id;
  await harness.database.db
    .update(blogPosts)
    .set({ coverId: own.id, coverAlt: 'Ảnh của biên tập viên' })
    .where(eq(blogPosts.slug, EDITORS_POST));
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [demoAccountsStep, demoBlogStep, demoBlogCoversStep],
    context,
  });
  expect(report).toEqual({ applied: ['demo-blog-covers'], skipped: ['demo-accounts', 'demo-blog'] });
}, 120_000);
afterAll(() => harness.close());

it('gives every seeded post a cover with alt text, served like an uploaded one, keeping an editor’s own', async () => {
  const posts = (await publicGet('/blog/posts?pageSize=20')).json().result.items as {
    slug: string;
    cover: { id: string; url: string; mime: string } | null;
    cover_alt: string | null;
  }[];
  expect(posts).toHaveLength(BLOG_COVERS.length);
  for (const cover of BLOG_COVERS) {
    const post = posts.find((item) => item.slug === cover.slug);
    expect(post?.cover, cover.slug).not.toBeNull();
    if (cover.slug === EDITORS_POST) {
      expect(post).toMatchObject({ cover: { id: editorsCoverId }, cover_alt: 'Ảnh của biên tập viên' });
      continue;
    }
    expect(post).toMatchObject({ cover: { mime: 'image/png' }, cover_alt: cover.alt });
    const image = await harness.app.inject({ method: 'GET', url: post!.cover!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The PNG header holds the size the pages reserve for it (no layout shift).
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([
      COVER_WIDTH,
      COVER_HEIGHT,
    ]);
  }
  const post = (await publicGet(`/blog/posts/${BLOG_COVERS[1]!.slug}`)).json().result;
  expect(post).toMatchObject({ cover: { mime: 'image/png' }, cover_alt: BLOG_COVERS[1]!.alt });
  expect(post.related.every((item: { cover: unknown }) => item.cover !== null)).toBe(true);
});

it('does nothing the second time', async () => {
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [demoBlogCoversStep],
    context: { storage: harness.app.storage },
  });
  expect(report.skipped).toEqual(['demo-blog-covers']);
});

it('draws a distinct cover, with a distinct description, for each seeded post', () => {
  expect(new Set(BLOG_COVERS.map((cover) => cover.slug)).size).toBe(BLOG_COVERS.length);
  expect(new Set(BLOG_COVERS.map((cover) => cover.svg)).size).toBe(BLOG_COVERS.length);
  for (const cover of BLOG_COVERS) {
    expect(cover.alt.length, cover.slug).toBeGreaterThan(20);
    expect(cover.svg).toContain(`width='${COVER_WIDTH}' height='${COVER_HEIGHT}'`);
  }
});

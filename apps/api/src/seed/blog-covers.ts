import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { blogPosts, users } from '../db/schema';
import { saveUpload } from '../modules/media/media.service';
import { PLATFORM } from '../tenancy/tenant';
import { BLOG_COVERS } from './content/blog-covers';
import { SEED_MEDIA_DIR } from './practice-tests';
import type { SeedStep } from './step';

/**
 * Gives the seeded blog posts their drawn covers (content/blog-covers.ts), stored as platform
 * uploads like any cover an editor adds. A post whose cover an editor already set keeps it.
 * Its own step, after demo-blog, so a database seeded before covers existed gets them too.
 */
export const demoBlogCoversStep: SeedStep = {
  name: 'demo-blog-covers',
  version: '1',
  demo: true,
  async run(tx, { storage }) {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    if (!admin) return;
    for (const cover of BLOG_COVERS) {
      const [post] = await tx
        .select({ id: blogPosts.id, coverId: blogPosts.coverId })
        .from(blogPosts)
        .where(eq(blogPosts.slug, cover.slug));
      if (!post || post.coverId) continue;
      const bytes = await readFile(path.join(SEED_MEDIA_DIR, cover.file));
      const saved = await saveUpload(tx, storage, PLATFORM, {
        bytes: new Uint8Array(bytes),
        filename: cover.file,
        userId: admin.id,
      });
      await tx
        .update(blogPosts)
        .set({ coverId: saved.id, coverAlt: cover.alt })
        .where(eq(blogPosts.id, post.id));
    }
  },
};

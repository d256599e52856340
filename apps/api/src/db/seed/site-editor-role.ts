import type { Db } from '../client';
import { roles } from '../schema';
import type { SeedStep } from './step';

/**
 * A demo role for the permissions of issue 13 (least privilege): it writes the blog and the site pages
 * and reads packs, but may delete neither pages nor posts and cannot change a pack's price. The demo
 * admin (is_admin) passes every check and needs no role.
 */
export const siteEditorRoleStep: SeedStep = {
  name: 'site-editor-role',
  version: '1',
  demo: true,
  async run(tx: Db) {
    await tx
      .insert(roles)
      .values({
        name: 'Site editor',
        description: 'Writes blog posts and site pages; reads packs; deletes nothing',
        permissions: [
          'view_blog',
          'create_blog',
          'update_blog',
          'view_page',
          'create_page',
          'update_page',
          'view_pack',
        ],
      })
      .onConflictDoNothing();
  },
};

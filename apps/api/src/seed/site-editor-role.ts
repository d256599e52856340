import type { Db } from '../db/client';
import { roles } from '../db/schema';
import type { SeedStep } from './step';

/**
 * A demo role for the permissions of issue 13 (least privilege): it writes the blog and the site pages
 * and reads packs, but may delete neither pages nor posts and cannot change a pack's price. It keeps
 * writing the vocabulary (issue 26), as migration 0037 gives every platform role that writes something.
 * The demo admin (is_admin) passes every check and needs no role.
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
        description: 'Writes blog posts, site pages and vocabulary; reads packs; deletes no post or page',
        permissions: [
          'view_blog',
          'create_blog',
          'update_blog',
          'view_page',
          'create_page',
          'update_page',
          'view_pack',
          'view_vocabulary',
          'create_vocabulary',
          'update_vocabulary',
          'delete_vocabulary',
        ],
      })
      .onConflictDoNothing();
  },
};

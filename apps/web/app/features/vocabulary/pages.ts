import type { PageManifest } from '../../lib/page-manifest';

const ADMIN = 'routes/admin/vocabulary';

/** Vocabulary (issue 17): topics and words, with their own permissions (issue 26). */
export const pages: PageManifest = {
  feature: 'vocabulary',
  pages: [
    {
      id: 'topic-list',
      path: 'vocabulary/topic',
      file: `${ADMIN}/topic-list.tsx`,
      permission: 'view_vocabulary',
      scopes: ['platform'],
      menu: { group: 'vocabulary', labelKey: 'vocabulary:admin.menu.topics', icon: 'cards', order: 10 },
    },
    {
      id: 'topic-create',
      path: 'vocabulary/topic/create',
      file: `${ADMIN}/topic-create.tsx`,
      permission: 'create_vocabulary',
      scopes: ['platform'],
    },
    {
      id: 'topic-edit',
      path: 'vocabulary/topic/:id/edit',
      file: `${ADMIN}/topic-edit.tsx`,
      permission: 'update_vocabulary',
      scopes: ['platform'],
    },
    {
      id: 'word-list',
      path: 'vocabulary/list',
      file: `${ADMIN}/word-list.tsx`,
      permission: 'view_vocabulary',
      scopes: ['platform'],
      menu: { group: 'vocabulary', labelKey: 'vocabulary:admin.menu.words', icon: 'book', order: 20 },
    },
    {
      id: 'word-create',
      path: 'vocabulary/list/create',
      file: `${ADMIN}/word-create.tsx`,
      permission: 'create_vocabulary',
      scopes: ['platform'],
    },
    {
      id: 'word-import',
      path: 'vocabulary/list/import',
      file: `${ADMIN}/word-import.tsx`,
      permission: 'create_vocabulary',
      scopes: ['platform'],
    },
    {
      id: 'word-edit',
      path: 'vocabulary/list/:id/edit',
      file: `${ADMIN}/word-edit.tsx`,
      permission: 'update_vocabulary',
      scopes: ['platform'],
    },
  ],
};

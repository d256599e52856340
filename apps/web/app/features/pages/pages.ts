import type { PageManifest } from '../../lib/page-manifest';

/** The site's generic pages (/term, /privacy …), in the admin (issue 6). */
export const pages: PageManifest = {
  feature: 'pages',
  pages: [
    {
      id: 'page-list',
      path: 'pages',
      file: 'routes/admin/pages/page-list.tsx',
      permission: 'view_page',
      scopes: ['platform'],
      menu: { group: 'site', labelKey: 'siteAdmin:menu.pages', icon: 'book', order: 30 },
    },
    {
      id: 'page-create',
      path: 'pages/create',
      file: 'routes/admin/pages/page-create.tsx',
      permission: 'create_page',
      scopes: ['platform'],
    },
    {
      id: 'page-edit',
      path: 'pages/:id/edit',
      file: 'routes/admin/pages/page-edit.tsx',
      permission: 'update_page',
      scopes: ['platform'],
    },
  ],
};

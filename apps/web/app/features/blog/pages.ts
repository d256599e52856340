import type { PageManifest } from '../../lib/page-manifest';

/** The blog's posts and categories, in the admin (issue 6). */
export const pages: PageManifest = {
  feature: 'blog',
  pages: [
    {
      id: 'post-list',
      path: 'blog',
      file: 'routes/admin/blog/post-list.tsx',
      permission: 'view_blog',
      scopes: ['platform'],
      menu: { group: 'site', labelKey: 'siteAdmin:menu.posts', icon: 'pen', order: 10 },
    },
    {
      id: 'post-create',
      path: 'blog/create',
      file: 'routes/admin/blog/post-create.tsx',
      permission: 'create_blog',
      scopes: ['platform'],
    },
    {
      id: 'post-edit',
      path: 'blog/:id/edit',
      file: 'routes/admin/blog/post-edit.tsx',
      permission: 'update_blog',
      scopes: ['platform'],
    },
    {
      id: 'category-list',
      path: 'blog-category',
      file: 'routes/admin/blog-category/category-list.tsx',
      permission: 'view_blog',
      scopes: ['platform'],
      menu: { group: 'site', labelKey: 'siteAdmin:menu.categories', icon: 'cards', order: 20 },
    },
    {
      id: 'category-create',
      path: 'blog-category/create',
      file: 'routes/admin/blog-category/category-create.tsx',
      permission: 'create_blog',
      scopes: ['platform'],
    },
    {
      id: 'category-edit',
      path: 'blog-category/:id/edit',
      file: 'routes/admin/blog-category/category-edit.tsx',
      permission: 'update_blog',
      scopes: ['platform'],
    },
  ],
};

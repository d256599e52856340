import type { PageManifest } from '../../lib/page-manifest';

/** The admin area's home (see lib/page-manifest.ts for what a page manifest declares). */
export const pages: PageManifest = {
  feature: 'back-office',
  pages: [
    {
      id: 'home',
      path: '',
      file: 'routes/admin/home.tsx',
      scopes: ['platform'],
      menu: { group: 'home', labelKey: 'menu.dashboard', icon: 'dashboard', order: 10, end: true },
    },
  ],
};

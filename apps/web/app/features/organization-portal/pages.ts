import type { PageManifest } from '../../lib/page-manifest';

/** The organization portal's home and its profile. */
export const pages: PageManifest = {
  feature: 'organization-portal',
  pages: [
    {
      id: 'home',
      path: '',
      file: 'routes/organization/home.tsx',
      scopes: ['organization'],
      menu: { group: 'home', labelKey: 'menu.overview', icon: 'building', order: 10, end: true },
    },
    {
      id: 'profile',
      path: 'profile',
      file: 'routes/organization/profile.tsx',
      scopes: ['organization'],
      menu: { group: 'my-account', labelKey: 'menu.profile', icon: 'user', order: 10 },
    },
  ],
};

import type { PageManifest } from '../../lib/page-manifest';

/** The admin's own account (a learner's or an educator's are public pages, declared in routes.ts). */
export const pages: PageManifest = {
  feature: 'account',
  pages: [
    {
      id: 'profile',
      path: 'profile',
      file: 'routes/admin/profile.tsx',
      scopes: ['platform'],
      menu: { group: 'my-account', labelKey: 'menu.profile', icon: 'user', order: 10, end: true },
    },
    {
      id: 'change-password',
      path: 'profile/change-password',
      file: 'routes/admin/change-password.tsx',
      scopes: ['platform'],
      menu: { group: 'my-account', labelKey: 'menu.changePassword', icon: 'key', order: 20 },
    },
  ],
};

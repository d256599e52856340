import type { PageManifest } from '../../lib/page-manifest';

/** Analytics (issue 15): the platform's in the admin, an organization's in its portal. */
export const pages: PageManifest = {
  feature: 'analytics',
  pages: [
    {
      id: 'analytics',
      path: 'analytics',
      file: 'routes/back-office/analytics/analytics.tsx',
      permission: 'view_analytics',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'learners',
        labelKey: 'analytics:menu',
        icon: 'chart',
        order: { platform: 20, organization: 50 },
      },
    },
  ],
};

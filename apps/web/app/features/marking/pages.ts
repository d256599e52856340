import type { PageManifest } from '../../lib/page-manifest';

/** The marking queue (issue 28): the platform's essays in the admin, an organization's in its portal. */
export const pages: PageManifest = {
  feature: 'marking',
  pages: [
    {
      id: 'marking-queue',
      path: 'marking',
      file: 'routes/back-office/marking/marking-queue.tsx',
      permission: 'update_marking',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'learners',
        labelKey: 'practice:markingQueue.menu',
        icon: 'pen',
        order: { platform: 25, organization: 55 },
      },
    },
  ],
};

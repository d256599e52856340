import type { PageManifest } from '../../lib/page-manifest';

const ADMIN = 'routes/admin/organization-management';

/**
 * Organizations (issue 12): their lifecycle and the review queue, in the admin. view_educator reads
 * them, create_educator changes them. Their staff and students are the features' own pages in the
 * managed-organization scope (admin-accounts and students).
 */
export const pages: PageManifest = {
  feature: 'organizations',
  pages: [
    {
      id: 'organization-list',
      path: 'organization-management/list',
      file: `${ADMIN}/organization-list.tsx`,
      permission: 'view_educator',
      scopes: ['platform'],
      menu: { group: 'organizations', labelKey: 'organizations:menu.list', icon: 'building', order: 10 },
    },
    {
      id: 'organization-create',
      path: 'organization-management/list/create',
      file: `${ADMIN}/organization-create.tsx`,
      permission: 'create_educator',
      scopes: ['platform'],
    },
    {
      id: 'organization-detail',
      path: 'organization-management/list/:organizationId',
      file: `${ADMIN}/organization-detail.tsx`,
      permission: 'view_educator',
      scopes: ['platform'],
    },
    {
      id: 'organization-edit',
      path: 'organization-management/list/:organizationId/edit',
      file: `${ADMIN}/organization-edit.tsx`,
      permission: 'create_educator',
      scopes: ['platform'],
    },
    {
      id: 'approval-queue',
      path: 'organization-management/approve',
      file: `${ADMIN}/organization-approve.tsx`,
      permission: 'view_educator',
      scopes: ['platform'],
      menu: {
        group: 'organizations',
        labelKey: 'organizations:menu.approve',
        icon: 'clipboard-check',
        order: 20,
      },
    },
    {
      id: 'approval-review',
      path: 'organization-management/approve/:id/detail',
      file: `${ADMIN}/organization-review.tsx`,
      permission: 'view_educator',
      scopes: ['platform'],
    },
  ],
};

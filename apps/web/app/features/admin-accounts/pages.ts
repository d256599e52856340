import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office/staffs';
/** The admin's pages of one organization's staff: these pages, in that organization's scope. */
const MANAGED = 'routes/admin/organization-management';

/**
 * Staff and roles: the platform's (admin) and an organization's (portal), and the staff of one
 * organization managed by the admin, checked on the admin's organization permissions.
 */
export const pages: PageManifest = {
  feature: 'admin-accounts',
  pages: [
    {
      id: 'staff-list',
      path: 'staffs/list',
      file: `${SHARED}/staff-list.tsx`,
      permission: 'view_user',
      scopes: ['platform', 'organization'],
      menu: { group: 'accounts', labelKey: 'menu.staffs', icon: 'users', order: 10 },
    },
    {
      id: 'staff-create',
      path: 'staffs/list/create',
      file: `${SHARED}/staff-create.tsx`,
      permission: 'create_user',
      scopes: {
        platform: true,
        organization: true,
        'managed-organization': {
          path: 'staff/create',
          file: `${MANAGED}/organization-staff-create.tsx`,
          permission: 'create_educator',
        },
      },
    },
    {
      id: 'staff-edit',
      path: 'staffs/list/:id/edit',
      file: `${SHARED}/staff-edit.tsx`,
      permission: 'update_user',
      scopes: {
        platform: true,
        organization: true,
        'managed-organization': {
          path: 'staff/:id/edit',
          file: `${MANAGED}/organization-staff-edit.tsx`,
          permission: 'create_educator',
        },
      },
    },
    {
      id: 'staff-detail',
      path: 'staffs/list/:id/detail',
      file: `${SHARED}/staff-detail.tsx`,
      permission: 'view_user',
      scopes: {
        platform: true,
        organization: true,
        'managed-organization': {
          path: 'staff/:id/detail',
          file: `${MANAGED}/organization-staff-detail.tsx`,
          permission: 'view_educator',
        },
      },
    },
    {
      id: 'role-list',
      path: 'staffs/role',
      file: `${SHARED}/role-list.tsx`,
      permission: 'view_role',
      scopes: ['platform', 'organization'],
      menu: { group: 'accounts', labelKey: 'menu.roles', icon: 'shield', order: 20 },
    },
    {
      id: 'role-create',
      path: 'staffs/role/create',
      file: `${SHARED}/role-create.tsx`,
      permission: 'create_role',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'role-edit',
      path: 'staffs/role/:id/edit',
      file: `${SHARED}/role-edit.tsx`,
      permission: 'update_role',
      scopes: ['platform', 'organization'],
    },
  ],
};

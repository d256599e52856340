import type { PageManifest } from '../../lib/page-manifest';

/**
 * Payments (issue 16): the platform's transactions and the packages sold to organizations, and an
 * organization's package (every member sees it and its usage) and orders (its owner's money).
 */
export const pages: PageManifest = {
  feature: 'payments',
  pages: [
    {
      // One screen in both scopes (issue 27): the platform's every order (view_transaction), an
      // organization's own (its owner: it pays); search, filters, totals and CSV in both.
      id: 'transactions',
      path: 'transactions',
      file: 'routes/back-office/transactions.tsx',
      scopes: {
        platform: {
          permission: 'view_transaction',
          menu: { group: 'payments', labelKey: 'payments:admin.menu', icon: 'wallet', order: 10 },
        },
        organization: {
          owner: true,
          menu: {
            group: 'payments',
            labelKey: 'payments:organization.transactionsMenu',
            icon: 'wallet',
            order: 20,
          },
        },
      },
    },
    {
      id: 'package-list',
      path: 'organization-packages',
      file: 'routes/admin/organization-packages/package-list.tsx',
      permission: 'view_package',
      scopes: ['platform'],
      menu: { group: 'payments', labelKey: 'payments:packages.menu', icon: 'building', order: 20 },
    },
    {
      id: 'package-create',
      path: 'organization-packages/create',
      file: 'routes/admin/organization-packages/package-create.tsx',
      permission: 'create_package',
      scopes: ['platform'],
    },
    {
      id: 'package-edit',
      path: 'organization-packages/:id/edit',
      file: 'routes/admin/organization-packages/package-edit.tsx',
      permission: 'update_package',
      scopes: ['platform'],
    },
    {
      id: 'organization-package',
      path: 'package',
      file: 'routes/organization/package.tsx',
      scopes: ['organization'],
      menu: { group: 'payments', labelKey: 'payments:organization.menu', icon: 'wallet', order: 10 },
    },
  ],
};

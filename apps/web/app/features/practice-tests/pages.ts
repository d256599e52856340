import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office/test';

/**
 * Tests (issues 4 and 15): the platform's tests and packs, and an organization's manual tests (the
 * same pages) and smart tests (a blueprint per part, each student's paper drawn when they start).
 */
export const pages: PageManifest = {
  feature: 'practice-tests',
  pages: [
    {
      id: 'test-list',
      path: 'test',
      file: 'routes/admin/test/test-list.tsx',
      permission: 'view_test',
      scopes: ['platform'],
      menu: { group: 'content', labelKey: 'content:menu.test', icon: 'clipboard-check', order: 60 },
    },
    {
      id: 'test-create',
      path: 'test/create',
      file: `${SHARED}/test-create.tsx`,
      permission: 'create_test',
      scopes: { platform: true, organization: { path: 'test/manual/create' } },
    },
    {
      id: 'test-edit',
      path: 'test/:id/edit',
      file: `${SHARED}/test-edit.tsx`,
      permission: 'update_test',
      scopes: { platform: true, organization: { path: 'test/manual/:id/edit' } },
    },
    {
      id: 'test-detail',
      path: 'test/:id/detail',
      file: `${SHARED}/test-detail.tsx`,
      permission: 'view_test',
      scopes: { platform: true, organization: { path: 'test/manual/:id/detail' } },
    },
    {
      id: 'manual-list',
      path: 'test/manual',
      file: 'routes/organization/test/manual-list.tsx',
      permission: 'view_test',
      scopes: ['organization'],
      menu: { group: 'content', labelKey: 'content:menu.testManual', icon: 'clipboard-check', order: 90 },
    },
    {
      // A student's result names them: the students' permission (issue 26), as the API asks.
      id: 'manual-result',
      path: 'test/manual/:id/result/:resultId',
      file: 'routes/organization/test/manual-result.tsx',
      permission: 'view_student',
      scopes: ['organization'],
    },
    {
      id: 'smart-list',
      path: 'test/smart',
      file: 'routes/organization/test/smart-list.tsx',
      permission: 'view_test',
      scopes: ['organization'],
      menu: { group: 'content', labelKey: 'content:menu.testSmart', icon: 'sparkles', order: 100 },
    },
    {
      id: 'smart-create',
      path: 'test/smart/create',
      file: 'routes/organization/test/smart-create.tsx',
      permission: 'create_test',
      scopes: ['organization'],
    },
    {
      id: 'smart-edit',
      path: 'test/smart/:id/edit',
      file: `${SHARED}/test-edit.tsx`,
      permission: 'update_test',
      scopes: ['organization'],
    },
    {
      id: 'smart-detail',
      path: 'test/smart/:id/detail',
      file: `${SHARED}/test-detail.tsx`,
      permission: 'view_test',
      scopes: ['organization'],
    },
    {
      id: 'smart-result',
      path: 'test/smart/:id/result/:resultId',
      file: 'routes/organization/test/smart-result.tsx',
      permission: 'view_student',
      scopes: ['organization'],
    },
    {
      id: 'pack-list',
      path: 'pack-exam',
      file: 'routes/admin/pack-exam/pack-list.tsx',
      permission: 'view_pack',
      scopes: ['platform'],
      menu: { group: 'content', labelKey: 'content:menu.pack', icon: 'clipboard-check', order: 70 },
    },
    {
      id: 'pack-create',
      path: 'pack-exam/create',
      file: 'routes/admin/pack-exam/pack-create.tsx',
      permission: 'create_pack',
      scopes: ['platform'],
    },
    {
      id: 'pack-edit',
      path: 'pack-exam/:id/edit',
      file: 'routes/admin/pack-exam/pack-edit.tsx',
      permission: 'update_pack',
      scopes: ['platform'],
    },
  ],
};

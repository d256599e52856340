import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office/students';

/**
 * Learners (issue 15): every learner of the platform in the admin, and a learner's attempts of a test
 * and each result, also under an organization's students in its portal.
 */
export const pages: PageManifest = {
  feature: 'learners',
  pages: [
    {
      id: 'learner-list',
      path: 'students',
      file: 'routes/admin/students/student-list.tsx',
      permission: 'view_student',
      scopes: ['platform'],
      menu: { group: 'learners', labelKey: 'learners:menu.learners', icon: 'users', order: 10 },
    },
    {
      id: 'learner-detail',
      path: 'students/:id',
      file: 'routes/admin/students/student-detail.tsx',
      permission: 'view_student',
      scopes: ['platform'],
    },
    {
      id: 'learner-edit',
      path: 'students/:id/edit',
      file: 'routes/admin/students/student-edit.tsx',
      permission: 'update_student',
      scopes: ['platform'],
    },
    {
      id: 'learner-test',
      path: 'students/:id/test/:testId',
      file: `${SHARED}/student-test.tsx`,
      permission: 'view_student',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'learner-result',
      path: 'students/:id/test/:testId/result/:resultId',
      file: `${SHARED}/student-result.tsx`,
      permission: 'view_student',
      scopes: ['platform', 'organization'],
    },
  ],
};

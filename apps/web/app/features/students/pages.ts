import type { PageManifest } from '../../lib/page-manifest';

const PORTAL = 'routes/organization/students';
/** The admin's pages of one organization's students: the portal's pages, in that organization's scope. */
const MANAGED = 'routes/admin/organization-students';

/** An organization's students and classes (issue 12 §4), in its portal and by the admin on it. */
export const pages: PageManifest = {
  feature: 'students',
  pages: [
    {
      id: 'student-list',
      path: 'students',
      file: `${PORTAL}/student-list.tsx`,
      permission: 'view_student',
      scopes: ['organization'],
      menu: { group: 'learners', labelKey: 'students:menu.students', icon: 'users', order: 10, end: true },
    },
    {
      id: 'invite',
      path: 'students/invite',
      file: `${PORTAL}/invite.tsx`,
      permission: 'view_student',
      scopes: ['organization'],
      menu: { group: 'learners', labelKey: 'students:menu.invite', icon: 'key', order: 30 },
    },
    {
      id: 'import',
      path: 'students/import',
      file: `${PORTAL}/import.tsx`,
      permission: 'update_student',
      scopes: ['organization'],
      menu: { group: 'learners', labelKey: 'students:menu.import', icon: 'clipboard-check', order: 40 },
    },
    {
      id: 'student-detail',
      path: 'students/:id',
      file: `${PORTAL}/student-detail.tsx`,
      permission: 'view_student',
      scopes: {
        organization: true,
        'managed-organization': { path: ':id', file: `${MANAGED}/student-detail.tsx` },
      },
    },
    {
      id: 'student-edit',
      path: 'students/:id/edit',
      file: `${PORTAL}/student-edit.tsx`,
      permission: 'update_student',
      scopes: {
        organization: true,
        'managed-organization': { path: ':id/edit', file: `${MANAGED}/student-edit.tsx` },
      },
    },
    {
      id: 'class-list',
      path: 'classes',
      file: `${PORTAL}/class-list.tsx`,
      permission: 'view_student',
      scopes: ['organization'],
      menu: { group: 'learners', labelKey: 'students:menu.classes', icon: 'cards', order: 20 },
    },
  ],
};

import { ORGANIZATION_PERMISSIONS, PERMISSIONS } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import {
  ACTION_ACCESS,
  groupPermissions,
  permissionGroupsFor,
  permissionsWithScreens,
} from './permission-groups';
import { ROUTE_ACCESS } from './route-access';

describe('groupPermissions', () => {
  it('groups the whole vocabulary by resource, losing none', () => {
    const groups = groupPermissions();
    expect(groups.flatMap((group) => group.permissions.map((item) => item.permission))).toEqual([
      ...PERMISSIONS,
    ]);
    expect(
      groups.find((group) => group.resource === 'question_level')?.permissions.map((item) => item.action),
    ).toEqual(['view', 'create', 'update']);
  });

  it('keeps only known permissions of a role', () => {
    expect(groupPermissions(['view_test', 'bogus', 'view_category'])).toEqual([
      { resource: 'test', permissions: [{ permission: 'view_test', action: 'view' }] },
      { resource: 'category', permissions: [{ permission: 'view_category', action: 'view' }] },
    ]);
  });
});

describe('permissionsWithScreens', () => {
  it('offers in the admin area only permissions some admin page is guarded by', () => {
    const admin = permissionsWithScreens('admin');
    // update_student: an organization's student edited from the admin's organization pages.
    for (const permission of [
      'view_user',
      'create_role',
      'update_test',
      'create_part',
      'view_student',
      'update_student',
      // /admin/analytics (issue 15).
      'view_analytics',
    ]) {
      expect(admin).toContain(permission);
    }
    // No admin page needs these (yet): offering them would promise a screen that does not exist.
    for (const permission of ['view_part']) {
      expect(admin).not.toContain(permission);
    }
    // The refund button of /admin/transactions is an action on a page (ACTION_ACCESS).
    expect(admin).toContain('update_transaction');
    // Vocabulary's screens and its delete buttons (issue 26).
    expect(admin).toEqual(
      expect.arrayContaining([
        'view_vocabulary',
        'create_vocabulary',
        'update_vocabulary',
        'delete_vocabulary',
      ]),
    );
    for (const permission of admin) {
      expect(
        ROUTE_ACCESS.some(
          ([pattern, access]) =>
            pattern.startsWith('/admin') &&
            access.kind === 'authenticated' &&
            access.permission === permission,
        ) || ACTION_ACCESS.some(([page, action]) => page.startsWith('/admin') && action === permission),
      ).toBe(true);
    }
  });

  it("offers in the organization only the portal's vocabulary, for pages the portal has", () => {
    const organization = permissionsWithScreens('organization');
    expect(organization).toEqual(expect.arrayContaining(['view_user', 'create_user', 'update_user']));
    expect(organization).toEqual(expect.arrayContaining(['view_role', 'create_role', 'update_role']));
    // The AI generation and review pages (issue 18) are the portal's first question screens.
    expect(organization).toEqual(
      expect.arrayContaining(['view_question', 'create_question', 'update_question']),
    );
    // /organization/analytics (issue 15).
    expect(organization).toContain('view_analytics');
    for (const permission of organization) expect(ORGANIZATION_PERMISSIONS).toContain(permission);
    // A centre's own exams' parts (issue 29) are its roles' to grant.
    expect(organization).toEqual(expect.arrayContaining(['create_part', 'update_part']));
    // The platform's own permissions never reach an organization's role.
    for (const permission of ['view_educator', 'create_educator']) {
      expect(organization).not.toContain(permission);
    }
    expect(permissionGroupsFor('organization').map((group) => group.resource)).toEqual(
      expect.arrayContaining(['user', 'role']),
    );
  });
});

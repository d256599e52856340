import { PERMISSIONS } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { groupPermissions } from './permission-groups';

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

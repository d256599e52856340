import { describe, expect, it } from 'vitest';
import { organizationStaffScope } from './staff-scope';

describe("the admin's scope of one organization's staff", () => {
  const scope = organizationStaffScope('o1');

  it("calls the organization's staff API and keeps its own cache", () => {
    expect(scope.api('/staffs')).toBe('/admin/organizations/o1/staffs');
    expect(scope.api('roles')).toBe('/admin/organizations/o1/roles');
    expect(scope.key).toEqual(['admin', 'organization', 'o1']);
    expect(scope.area).toBe('admin');
  });

  it("links to the organization's staff tab and its staff pages", () => {
    expect(scope.web('/staffs/list')).toBe('/admin/organization-management/list/o1?tab=staff');
    expect(scope.web()).toBe('/admin/organization-management/list/o1?tab=staff');
    expect(scope.web('/staffs/list/create')).toBe('/admin/organization-management/list/o1/staff/create');
    expect(scope.web('/staffs/list/s1/edit')).toBe('/admin/organization-management/list/o1/staff/s1/edit');
    expect(scope.web('/staffs/list/s1/detail')).toBe(
      '/admin/organization-management/list/o1/staff/s1/detail',
    );
    expect(scope.web('/staffs/role')).toBe('/admin/staffs/role');
  });

  it("checks the admin's organization permissions", () => {
    expect(scope.permissions).toEqual({
      view_user: 'view_educator',
      create_user: 'create_educator',
      update_user: 'create_educator',
      view_role: 'view_educator',
    });
  });
});

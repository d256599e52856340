import { describe, expect, it } from 'vitest';
import { allows } from './permission-gate';

const staff = { is_admin: false, permissions: ['view_test', '42'] };
const superAdmin = { is_admin: true, permissions: [] };

describe('permission gate (seed-spec §6)', () => {
  it('shows everything to is_admin', () => {
    expect(allows(superAdmin, 'create_role')).toBe(true);
    expect(allows(superAdmin, 7)).toBe(true);
  });

  it('needs a string or number value among the role permissions for anyone else', () => {
    expect(allows(staff, 'view_test')).toBe(true);
    expect(allows(staff, 'create_test')).toBe(false);
    expect(allows(staff, 42)).toBe(true);
    expect(allows(staff, 43)).toBe(false);
  });

  it('removes the element for false, keeps it for an empty requirement', () => {
    expect(allows(staff, false)).toBe(false);
    expect(allows(staff, '')).toBe(true);
    expect(allows(staff, undefined)).toBe(true);
  });

  it('removes the element for visitors', () => {
    expect(allows(null, '')).toBe(false);
  });
});

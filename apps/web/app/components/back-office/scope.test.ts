import { describe, expect, it } from 'vitest';
import { ADMIN_SCOPE, ORGANIZATION_SCOPE, scopeFor } from './scope';

describe('scopeFor (decision 013, issue 27)', () => {
  it('puts the platform in the admin area and its API realm', () => {
    expect(ADMIN_SCOPE).toMatchObject({ tenant: { kind: 'platform' }, area: 'admin', key: ['admin'] });
    expect(ADMIN_SCOPE.api('/levels')).toBe('/admin/levels');
    expect(ADMIN_SCOPE.api('levels')).toBe('/admin/levels');
    expect(ADMIN_SCOPE.web()).toBe('/admin');
    expect(ADMIN_SCOPE.web('/level/create')).toBe('/admin/level/create');
  });

  it("puts the caller's organization in its portal and the educator realm", () => {
    expect(ORGANIZATION_SCOPE).toMatchObject({ area: 'organization', key: ['organization'] });
    expect(ORGANIZATION_SCOPE.api('/levels')).toBe('/educator/levels');
    expect(ORGANIZATION_SCOPE.web()).toBe('/organization');
    expect(ORGANIZATION_SCOPE.web('staffs/list')).toBe('/organization/staffs/list');
  });

  it('puts one organization managed by the admin below its page, with a cache of its own', () => {
    const scope = scopeFor({ kind: 'managed-organization', organizationId: 'o1' });
    expect(scope).toMatchObject({ area: 'admin', key: ['admin', 'organization', 'o1'] });
    expect(scope.api('/staffs')).toBe('/admin/organizations/o1/staffs');
    expect(scope.web()).toBe('/admin/organization-management/list/o1');
    // The admin's own pages; a feature with pages on one organization maps to them (staff-scope.tsx).
    expect(scope.web('/staffs/role')).toBe('/admin/staffs/role');
  });
});

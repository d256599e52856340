import { describe, expect, it } from 'vitest';
import { tenantScopeApiPath, tenantScopeArea, tenantScopeWebPath } from './tenant-scope';

describe('tenant scopes (issue 27)', () => {
  it('name the API path, the web area and the web path of each scope', () => {
    expect(tenantScopeApiPath({ kind: 'platform' })).toBe('/admin');
    expect(tenantScopeApiPath({ kind: 'organization' })).toBe('/educator');
    expect(tenantScopeApiPath({ kind: 'managed-organization', organizationId: 'o1' })).toBe(
      '/admin/organizations/o1',
    );
    expect(tenantScopeArea({ kind: 'managed-organization', organizationId: 'o1' })).toBe('admin');
    expect(tenantScopeArea({ kind: 'organization' })).toBe('organization');
    expect(tenantScopeWebPath({ kind: 'platform' })).toBe('/admin');
    expect(tenantScopeWebPath({ kind: 'organization' })).toBe('/organization');
    expect(tenantScopeWebPath({ kind: 'managed-organization', organizationId: 'o1' })).toBe(
      '/admin/organization-management/list/o1',
    );
  });
});

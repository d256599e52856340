import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Whose content a call works on: the platform (null) or one organization. */
export interface Tenant {
  organizationId: string | null;
}

export const PLATFORM: Tenant = { organizationId: null };

export function ownedBy(column: PgColumn, tenant: Tenant): SQL {
  return tenant.organizationId ? eq(column, tenant.organizationId) : isNull(column);
}

/** The tenant's own rows and, for an organization, the platform's it may use (levels, question types). */
export function usableBy(column: PgColumn, tenant: Tenant): SQL {
  return tenant.organizationId ? or(isNull(column), eq(column, tenant.organizationId))! : isNull(column);
}

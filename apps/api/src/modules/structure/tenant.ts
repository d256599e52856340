import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Whose content a call works on: the platform (null) or one organization. */
export interface Tenant {
  organizationId: string | null;
}

export const PLATFORM: Tenant = { organizationId: null };

export function ownedBy(column: PgColumn, tenant: Tenant): SQL {
  return tenant.organizationId ? eq(column, tenant.organizationId) : isNull(column);
}

import { ORGANIZATION_KEYS } from '@prepwise/contract';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * Organization names are unique in the public directory as `organization_name_key(name)` reads them
 * (migration 0038: case, NFKC, Vietnamese marks, spaces and punctuation, Latin look-alikes such as
 * Cyrillic "а", 0/O and 1/l/I). The unique index `organizations_name_key_key` is the guarantee; these
 * helpers give the same answer before a write and translate the index's refusal after a race.
 */
export const NAME_KEY_CONSTRAINT = 'organizations_name_key_key';

/** `field`: where the name is in the request body (`organization.name` in an application). */
export const organizationNameTaken = (field = 'name') =>
  conflict('Another organization has this name, or one that reads the same', {
    [field]: ORGANIZATION_KEYS.nameTaken,
  });

/** A unique violation of `constraint` (PostgreSQL 23505, as pg and PGlite report it). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const text = `${(cause as { constraint?: string })?.constraint ?? ''} ${String((cause as Error)?.message ?? '')}`;
  return text.includes(constraint);
}

/**
 * 409 on `name` when another organization's name reads the same as `name`. An organization keeping its
 * own name (`exceptId`, name unchanged) is not checked: a look-alike older than migration 0038 keeps it.
 */
export async function assertOrganizationNameFree(
  db: Db,
  name: string,
  exceptId?: string,
  field = 'name',
): Promise<void> {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`${organizations.nameKey} = organization_name_key(${name})`,
        exceptId
          ? sql`${organizations.id} <> ${exceptId} and ${name} is distinct from
              (select o.name from organizations o where o.id = ${exceptId})`
          : undefined,
      ),
    )
    .limit(1);
  if (taken) throw organizationNameTaken(field);
}

/** Rethrows a refusal of the name index as the 409 on `name`; anything else as it is. */
export function rethrowNameConflict(error: unknown): never {
  if (isUniqueViolation(error, NAME_KEY_CONSTRAINT)) throw organizationNameTaken();
  throw error;
}

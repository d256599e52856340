import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import type { SeedStep } from './step';

/**
 * The demo organization's owner is teacher@prepwise.vn (so the portal shows every menu item) and it
 * has a join code. Databases migrated before had this backfilled by migration 0012; a fresh database
 * seeds the demo accounts after migrating, hence this step.
 */
export const demoOrganizationOwnerStep: SeedStep = {
  name: 'demo-organization-owner',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [center] = await tx
      .select({ id: organizations.id, ownerId: organizations.ownerId, joinCode: organizations.joinCode })
      .from(organizations)
      .where(eq(organizations.slug, 'prepwise-demo-center'));
    if (!center) return;
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, 'teacher@prepwise.vn'), eq(users.organizationId, center.id)));
    const changes = {
      ...(teacher && !center.ownerId ? { ownerId: teacher.id } : {}),
      ...(center.joinCode ? {} : { joinCode: 'PWDEMO26' }),
    };
    if (Object.keys(changes).length === 0) return;
    await tx.update(organizations).set(changes).where(eq(organizations.id, center.id));
  },
};

import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packEntitlements, packs, packTests } from '../../db/schema';
import type { OrderRow, Tx } from './orders';

/* A learner's packs: the entitlements a paid pack order grants, and what they open. */

/** The learner's live entitlement to a pack, if any. */
export async function activeEntitlement(db: Db | Tx, userId: string, packId: string, now: Date) {
  const [row] = await db
    .select({ id: packEntitlements.id })
    .from(packEntitlements)
    .where(
      and(
        eq(packEntitlements.userId, userId),
        eq(packEntitlements.packId, packId),
        isNull(packEntitlements.revokedAt),
        or(isNull(packEntitlements.endsAt), gt(packEntitlements.endsAt, now)),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the learner may take a test sold in packs: a live entitlement to a pack holding it. */
export async function hasTestAccess(db: Db, userId: string, testId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: packEntitlements.id })
    .from(packEntitlements)
    .innerJoin(packTests, eq(packTests.packId, packEntitlements.packId))
    .where(
      and(
        eq(packEntitlements.userId, userId),
        eq(packTests.testId, testId),
        isNull(packEntitlements.revokedAt),
        or(isNull(packEntitlements.endsAt), gt(packEntitlements.endsAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function grantPack(tx: Tx, order: OrderRow, now: Date) {
  const [pack] = await tx
    .select({ validityDays: packs.validityDays })
    .from(packs)
    .where(eq(packs.id, order.packId!));
  const days = pack?.validityDays ?? 0;
  await tx.insert(packEntitlements).values({
    userId: order.userId,
    packId: order.packId!,
    orderId: order.id,
    startsAt: now,
    endsAt: days > 0 ? new Date(now.getTime() + days * 86_400_000) : null,
  });
}

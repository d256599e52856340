import type { Wallet } from '@prepwise/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentOrders, users, walletLedger } from '../../db/schema';
import type { Tx } from './orders';

/* The wallet: a learner's balance (the sum of the ledger) and its history. */

/** A user's balance: the sum of their ledger, never a number stored alone. */
export async function balanceOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletLedger.amountVnd}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/** Serializes the money changes of one user (purchase from the wallet, refund): the user's row lock. */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function getWallet(db: Db, userId: string): Promise<Wallet> {
  const [balance, rows] = await Promise.all([
    balanceOf(db, userId),
    db
      .select({ entry: walletLedger, code: paymentOrders.code })
      .from(walletLedger)
      .leftJoin(paymentOrders, eq(paymentOrders.id, walletLedger.orderId))
      .where(eq(walletLedger.userId, userId))
      .orderBy(desc(walletLedger.createdAt))
      .limit(200),
  ]);
  return {
    balance_vnd: balance,
    ledger: rows.map(({ entry, code }) => ({
      id: entry.id,
      kind: entry.kind,
      amount_vnd: entry.amountVnd,
      order_code: code,
      note: entry.note,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

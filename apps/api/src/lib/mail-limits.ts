import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config, MailLimitName, RateRule } from '../config';
import type { Db } from '../db/client';
import { mailLimitEvents } from '../db/schema';
import type { Clock } from './clock';
import { AppError } from './errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Hourly mail limits (issue 26, docs/security.md "Abuse limits"): `weight` mails of a limit under a key
 * (an account id, an address) are claimed at once or not at all. The claim takes a transaction-scoped
 * advisory lock on the limit and key, so two processes claiming together never both pass; a claim made
 * inside the caller's transaction is undone with it (an import that fails has mailed no one).
 */
export async function claimMailQuota(
  deps: { config: Pick<Config, 'mailLimits'>; db: Db; now: Clock },
  executor: Db | Tx,
  name: MailLimitName,
  key: string,
  weight = 1,
): Promise<void> {
  const rule: RateRule = deps.config.mailLimits[name];
  const claim = async (tx: Db | Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-limit:${name}:${key}`}))`);
    const now = deps.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const since = new Date(now - windowMs);
    await tx
      .delete(mailLimitEvents)
      .where(
        and(
          eq(mailLimitEvents.kind, name),
          eq(mailLimitEvents.key, key),
          lt(mailLimitEvents.createdAt, since),
        ),
      );
    const recent = await tx
      .select({ weight: mailLimitEvents.weight, createdAt: mailLimitEvents.createdAt })
      .from(mailLimitEvents)
      .where(
        and(
          eq(mailLimitEvents.kind, name),
          eq(mailLimitEvents.key, key),
          gt(mailLimitEvents.createdAt, since),
        ),
      )
      .orderBy(asc(mailLimitEvents.createdAt));
    let used = recent.reduce((sum, row) => sum + row.weight, 0);
    if (used + weight <= rule.max) {
      await tx.insert(mailLimitEvents).values({ kind: name, key, weight, createdAt: new Date(now) });
      return;
    }
    // Free again once enough of the oldest claims leave the window (never, within it, for more than max).
    let freeAt = now + windowMs;
    if (weight <= rule.max) {
      for (const row of recent) {
        used -= row.weight;
        if (used + weight <= rule.max) {
          freeAt = row.createdAt.getTime() + windowMs;
          break;
        }
      }
    }
    const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
    throw Object.assign(
      new AppError(429, 'MAIL_LIMIT', `Too many mails of this kind; try again in ${retryAfter} seconds`),
      { retryAfter },
    );
  };
  if (executor === deps.db) await deps.db.transaction(claim);
  else await claim(executor);
}

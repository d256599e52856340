import type { AiProvider, AiStatus } from '@prepwise/contract';
import { and, count, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiDrafts } from '../../db/schema';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { BuiltinProvider } from './builtin-generator';
import type { QuestionProvider } from './provider';

/** The providers of this process: the built-in generator always, an OpenAI-compatible one when configured. */
export type Providers = Partial<Record<AiProvider, QuestionProvider>>;

/** The providers available without any configuration: the built-in offline generator (seeds use it). */
export function offlineProviders(): Providers {
  return { builtin: new BuiltinProvider() };
}

export async function aiStatus(db: Db, tenant: Tenant, providers: Providers, now: Date): Promise<AiStatus> {
  const monthStart = new Date(now.getTime());
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const generated = and(
    ownedBy(aiDrafts.organizationId, tenant),
    inArray(aiDrafts.status, ['pending_review', 'approved', 'rejected']),
  );
  const [all] = await db.select({ n: count() }).from(aiDrafts).where(generated);
  const [month] = await db
    .select({ n: count() })
    .from(aiDrafts)
    .where(and(generated, gte(aiDrafts.updatedAt, monthStart)));
  return {
    providers: Object.values(providers).map((provider) => ({
      provider: provider!.name,
      model: provider!.model,
      offline: provider!.name === 'builtin',
    })),
    usage: { generated: Number(all?.n ?? 0), this_month: Number(month?.n ?? 0) },
  };
}

import { type Pack, slugify, TEST_KEYS } from '@prepwise/contract';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packs, packTests, tests } from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { sanitizeOptionalRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';

type PackBody = {
  name: string;
  slug: string | null;
  description: string | null;
  price_vnd: number;
  validity_days: number;
  status: 'draft' | 'published';
  test_ids: string[];
};

async function testsOf(db: Db, packIds: string[]) {
  if (packIds.length === 0) return [];
  return db
    .select({
      packId: packTests.packId,
      id: tests.id,
      title: tests.title,
      slug: tests.slug,
      status: tests.status,
    })
    .from(packTests)
    .innerJoin(tests, eq(tests.id, packTests.testId))
    .where(inArray(packTests.packId, packIds))
    .orderBy(asc(packTests.position));
}

function toPack(row: typeof packs.$inferSelect, members: Awaited<ReturnType<typeof testsOf>>): Pack {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price_vnd: row.priceVnd,
    validity_days: row.validityDays,
    status: row.status,
    tests: members.filter((m) => m.packId === row.id).map(({ packId: _, ...test }) => test),
  };
}

export function listPacks(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string },
) {
  const where = and(
    ownedBy(packs.organizationId, tenant),
    query.search ? ilike(packs.name, `%${query.search}%`) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(packs)
        .where(where)
        .orderBy(desc(packs.updatedAt))
        .limit(limit)
        .offset(offset);
      const members = await testsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toPack(row, members));
    },
    () => db.select({ n: count() }).from(packs).where(where),
  );
}

export async function getPack(db: Db, tenant: Tenant, id: string): Promise<Pack> {
  const [row] = await db
    .select()
    .from(packs)
    .where(and(eq(packs.id, id), ownedBy(packs.organizationId, tenant)));
  if (!row) throw notFound('Pack not found');
  return toPack(row, await testsOf(db, [id]));
}

async function check(db: Db, tenant: Tenant, body: PackBody, exceptId?: string) {
  const slug = body.slug ?? (slugify(body.name) || 'pack');
  const [clash] = await db
    .select({ id: packs.id })
    .from(packs)
    .where(and(ownedBy(packs.organizationId, tenant), eq(packs.slug, slug)));
  if (clash && clash.id !== exceptId) throw conflict('This slug is taken', { slug: TEST_KEYS.slugTaken });
  const ids = [...new Set(body.test_ids)];
  if (ids.length) {
    const found = await db
      .select({ id: tests.id })
      .from(tests)
      .where(and(inArray(tests.id, ids), ownedBy(tests.organizationId, tenant)));
    if (found.length !== ids.length) throw validationFailed({ test_ids: 'common.invalid_field' });
  }
  return { slug, ids };
}

const values = (body: PackBody, slug: string) => ({
  name: body.name,
  slug,
  description: sanitizeOptionalRichText(body.description),
  priceVnd: body.price_vnd,
  validityDays: body.validity_days,
  status: body.status,
});

export async function createPack(db: Db, tenant: Tenant, body: PackBody) {
  const { slug, ids } = await check(db, tenant, body);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(packs)
      .values({ ...values(body, slug), organizationId: tenant.organizationId })
      .returning({ id: packs.id });
    if (ids.length)
      await tx
        .insert(packTests)
        .values(ids.map((testId, position) => ({ packId: row!.id, testId, position })));
    return row!.id;
  });
  return getPack(db, tenant, id);
}

export async function updatePack(db: Db, tenant: Tenant, id: string, body: PackBody, now: Date) {
  await getPack(db, tenant, id);
  const { slug, ids } = await check(db, tenant, body, id);
  await db.transaction(async (tx) => {
    await tx
      .update(packs)
      .set({ ...values(body, slug), updatedAt: now })
      .where(eq(packs.id, id));
    await tx.delete(packTests).where(eq(packTests.packId, id));
    if (ids.length)
      await tx.insert(packTests).values(ids.map((testId, position) => ({ packId: id, testId, position })));
  });
  return getPack(db, tenant, id);
}

/** Refused while the pack holds tests (learners see it on them); empty it first. */
export async function deletePack(db: Db, tenant: Tenant, id: string) {
  await db.transaction(async (tx) => {
    const [pack] = await tx
      .select({ id: packs.id })
      .from(packs)
      .where(and(eq(packs.id, id), ownedBy(packs.organizationId, tenant)))
      .for('update');
    if (!pack) throw notFound('Pack not found');
    const [held] = await tx.select({ n: count() }).from(packTests).where(eq(packTests.packId, id));
    if (Number(held?.n) > 0) {
      throw new AppError(409, 'CONFLICT', `The pack holds ${held?.n} test(s); remove them from it first`, {
        id: TEST_KEYS.packHasTests,
      });
    }
    await tx.delete(packs).where(eq(packs.id, id));
  });
}

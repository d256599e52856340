import { type Level, STRUCTURE_KEYS } from '@prepwise/contract';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { levels, questionGroups, questions, tests } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant, usableBy } from '../../tenancy/tenant';

type LevelRow = typeof levels.$inferSelect;
type LevelBody = {
  code: string;
  name: string;
  name_en: string | null;
  description: string | null;
  position: number;
};

const toLevel = (row: LevelRow): Level => ({
  id: row.id,
  code: row.code,
  name: row.name,
  name_en: row.nameEn,
  description: row.description,
  position: row.position,
});

const levelValues = (body: LevelBody) => ({
  code: body.code,
  name: body.name,
  nameEn: body.name_en,
  description: body.description,
  position: body.position,
});

export function listLevels(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string; usable?: boolean },
) {
  const where = and(
    query.usable ? usableBy(levels.organizationId, tenant) : ownedBy(levels.organizationId, tenant),
    query.search
      ? or(ilike(levels.name, `%${query.search}%`), ilike(levels.code, `%${query.search}%`))
      : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(levels)
          .where(where)
          .orderBy(asc(levels.position), asc(levels.code))
          .limit(limit)
          .offset(offset)
      ).map(toLevel),
    () => db.select({ n: count() }).from(levels).where(where),
  );
}

export async function getLevel(db: Db, tenant: Tenant, id: string): Promise<Level> {
  const [row] = await db
    .select()
    .from(levels)
    .where(and(eq(levels.id, id), ownedBy(levels.organizationId, tenant)));
  if (!row) throw notFound('Level not found');
  return toLevel(row);
}

async function assertCodeFree(db: Db, tenant: Tenant, code: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: levels.id })
    .from(levels)
    .where(and(ownedBy(levels.organizationId, tenant), eq(levels.code, code)));
  if (clash && clash.id !== exceptId)
    throw conflict('A level with this code exists', { code: STRUCTURE_KEYS.codeTaken });
}

export async function createLevel(db: Db, tenant: Tenant, body: LevelBody): Promise<Level> {
  await assertCodeFree(db, tenant, body.code);
  const [row] = await db
    .insert(levels)
    .values({ ...levelValues(body), organizationId: tenant.organizationId })
    .returning();
  return toLevel(row!);
}

export async function updateLevel(
  db: Db,
  tenant: Tenant,
  id: string,
  body: LevelBody,
  now: Date,
): Promise<Level> {
  await getLevel(db, tenant, id);
  await assertCodeFree(db, tenant, body.code, id);
  const [row] = await db
    .update(levels)
    .set({ ...levelValues(body), updatedAt: now })
    .where(and(eq(levels.id, id), ownedBy(levels.organizationId, tenant)))
    .returning();
  return toLevel(row!);
}

export async function deleteLevel(db: Db, tenant: Tenant, id: string): Promise<void> {
  await getLevel(db, tenant, id);
  const [[single], [grouped], [tested]] = await Promise.all([
    db.select({ n: count() }).from(questions).where(eq(questions.levelId, id)),
    db.select({ n: count() }).from(questionGroups).where(eq(questionGroups.levelId, id)),
    db.select({ n: count() }).from(tests).where(eq(tests.levelId, id)),
  ]);
  const used = Number(single?.n) + Number(grouped?.n) + Number(tested?.n);
  if (used > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The level is set on ${used} question(s), group(s) or test(s); change them first`,
      { id: STRUCTURE_KEYS.levelInUse },
    );
  }
  await db.delete(levels).where(and(eq(levels.id, id), ownedBy(levels.organizationId, tenant)));
}

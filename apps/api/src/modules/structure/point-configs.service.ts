import type { PointConfig } from '@prepwise/contract';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exams, pointConfigs } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { findExamRow } from './categories.service';
import { ownedBy, type Tenant } from './tenant';

type Body = {
  exam_id: string;
  name: string;
  section: string;
  method: PointConfig['method'];
  points_per_question?: number | null;
  table?: { raw: number; score: number }[] | null;
  is_estimate: boolean;
};

const toPointConfig = (row: typeof pointConfigs.$inferSelect, examName: string): PointConfig => ({
  id: row.id,
  exam_id: row.examId,
  exam_name: examName,
  name: row.name,
  section: row.section,
  method: row.method,
  points_per_question: row.pointsPerQuestion,
  table: row.table ?? null,
  is_estimate: row.isEstimate,
});

export function listPointConfigs(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string; exam_id?: string },
) {
  const where = and(
    ownedBy(pointConfigs.organizationId, tenant),
    query.exam_id ? eq(pointConfigs.examId, query.exam_id) : undefined,
    query.search ? ilike(pointConfigs.name, `%${query.search}%`) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ config: pointConfigs, examName: exams.name })
          .from(pointConfigs)
          .innerJoin(exams, eq(exams.id, pointConfigs.examId))
          .where(where)
          .orderBy(asc(exams.name), asc(pointConfigs.section), asc(pointConfigs.name))
          .limit(limit)
          .offset(offset)
      ).map((row) => toPointConfig(row.config, row.examName)),
    () => db.select({ n: count() }).from(pointConfigs).where(where),
  );
}

export async function getPointConfig(db: Db, tenant: Tenant, id: string): Promise<PointConfig> {
  const [row] = await db
    .select({ config: pointConfigs, examName: exams.name })
    .from(pointConfigs)
    .innerJoin(exams, eq(exams.id, pointConfigs.examId))
    .where(and(eq(pointConfigs.id, id), ownedBy(pointConfigs.organizationId, tenant)));
  if (!row) throw notFound('Point configuration not found');
  return toPointConfig(row.config, row.examName);
}

const values = (body: Body) => ({
  examId: body.exam_id,
  name: body.name,
  section: body.section,
  method: body.method,
  pointsPerQuestion: body.method === 'per_question' ? (body.points_per_question ?? null) : null,
  table: body.method === 'table' ? [...(body.table ?? [])].sort((a, b) => a.raw - b.raw) : null,
  isEstimate: body.is_estimate,
});

/** The exam must be one the tenant can see: its own, or (for an organization) the platform's. */
async function assertExamVisible(db: Db, tenant: Tenant, examId: string) {
  const owners = tenant.organizationId ? [tenant, { organizationId: null }] : [tenant];
  for (const owner of owners) {
    if (
      await findExamRow(db, owner, examId).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw validationFailed({ exam_id: 'common.invalid_field' });
}

export async function createPointConfig(db: Db, tenant: Tenant, body: Body): Promise<PointConfig> {
  await assertExamVisible(db, tenant, body.exam_id);
  const [row] = await db
    .insert(pointConfigs)
    .values({ ...values(body), organizationId: tenant.organizationId })
    .returning({ id: pointConfigs.id });
  return getPointConfig(db, tenant, row!.id);
}

export async function updatePointConfig(
  db: Db,
  tenant: Tenant,
  id: string,
  body: Body,
): Promise<PointConfig> {
  await getPointConfig(db, tenant, id);
  await assertExamVisible(db, tenant, body.exam_id);
  await db
    .update(pointConfigs)
    .set({ ...values(body), updatedAt: new Date() })
    .where(and(eq(pointConfigs.id, id), ownedBy(pointConfigs.organizationId, tenant)));
  return getPointConfig(db, tenant, id);
}

export async function deletePointConfig(db: Db, tenant: Tenant, id: string): Promise<void> {
  await getPointConfig(db, tenant, id);
  await db
    .delete(pointConfigs)
    .where(and(eq(pointConfigs.id, id), ownedBy(pointConfigs.organizationId, tenant)));
}

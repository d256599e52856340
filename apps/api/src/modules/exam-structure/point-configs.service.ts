import { type PointConfig, STRUCTURE_KEYS } from '@prepwise/contract';
import { and, asc, count, countDistinct, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examFormats, exams, pointConfigs, testSections, tests } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { findExamRow } from './categories.service';

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
  const visible = await findExamRow(db, tenant, examId, 'read').then(
    () => true,
    () => false,
  );
  if (!visible) throw validationFailed({ exam_id: 'common.invalid_field' });
}

/** How many questions of the exam count towards a section: the parts whose scoring section it is. */
async function sectionQuestionCount(db: Db, examId: string, section: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${examFormats.questionCount}), 0)::int` })
    .from(examFormats)
    .where(and(eq(examFormats.examId, examId), eq(examFormats.scoreSection, section)));
  return Number(row?.n ?? 0);
}

/**
 * A conversion table must cover every count of correct answers the section can give: a row for 0,
 * one for the section's question count, none above it ("0 correct → 0 points" alone does not score a
 * 3-question part). A section no part counts towards yet is not checked (its count is unknown).
 */
async function assertTableCovers(db: Db, body: Body) {
  if (body.method !== 'table' || !body.table) return;
  const questions = await sectionQuestionCount(db, body.exam_id, body.section);
  if (questions === 0) return;
  const raws = new Set(body.table.map((row) => row.raw));
  const highest = Math.max(...raws);
  if (!raws.has(0) || !raws.has(questions) || highest > questions) {
    throw validationFailed({ table: STRUCTURE_KEYS.tableIncomplete });
  }
}

export async function createPointConfig(db: Db, tenant: Tenant, body: Body): Promise<PointConfig> {
  await assertExamVisible(db, tenant, body.exam_id);
  await assertTableCovers(db, body);
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
  now: Date,
): Promise<PointConfig> {
  await getPointConfig(db, tenant, id);
  await assertExamVisible(db, tenant, body.exam_id);
  await assertTableCovers(db, body);
  await db
    .update(pointConfigs)
    .set({ ...values(body), updatedAt: now })
    .where(and(eq(pointConfigs.id, id), ownedBy(pointConfigs.organizationId, tenant)));
  return getPointConfig(db, tenant, id);
}

/**
 * How many tests a configuration scores: tests on its exam with a part in its score section whose next
 * publication would freeze this configuration. As in the publication (scoringFor, practice-tests.service), a
 * test's own organization's configuration of the section comes first, then the platform's, the oldest
 * of each.
 */
async function testsScoredBy(db: Db, config: typeof pointConfigs.$inferSelect): Promise<number> {
  const chosen = sql`(
    select chosen.id from ${pointConfigs} as chosen
    where chosen.exam_id = ${tests.examId} and chosen.section = ${config.section}
      and (chosen.organization_id = ${tests.organizationId} or chosen.organization_id is null)
    order by chosen.organization_id is null, chosen.created_at, chosen.id
    limit 1
  )`;
  const conditions: (SQL | undefined)[] = [
    eq(tests.examId, config.examId),
    eq(examFormats.scoreSection, config.section),
    config.organizationId ? eq(tests.organizationId, config.organizationId) : undefined,
    sql`${chosen} = ${config.id}`,
  ];
  const [row] = await db
    .select({ n: countDistinct(tests.id) })
    .from(tests)
    .innerJoin(testSections, eq(testSections.testId, tests.id))
    .innerJoin(examFormats, eq(examFormats.id, testSections.formatId))
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** Refused while tests are scored by the configuration: their next publication would silently lose it. */
export async function deletePointConfig(db: Db, tenant: Tenant, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [config] = await tx
      .select()
      .from(pointConfigs)
      .where(and(eq(pointConfigs.id, id), ownedBy(pointConfigs.organizationId, tenant)))
      .for('update');
    if (!config) throw notFound('Point configuration not found');
    const used = await testsScoredBy(tx, config);
    if (used > 0) {
      throw new AppError(
        409,
        'CONFLICT',
        `${used} test(s) are scored by this configuration; edit it instead, or delete those tests first`,
        { id: STRUCTURE_KEYS.pointConfigInUse },
      );
    }
    await tx.delete(pointConfigs).where(eq(pointConfigs.id, id));
  });
}

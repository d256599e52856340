import { type QuestionType, STRUCTURE_KEYS } from '@prepwise/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions, questionTypes } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant, usableBy } from '../../tenancy/tenant';

type Body = {
  name: string;
  name_en: string | null;
  answer_kind: QuestionType['answer_kind'];
  scoring_rule: QuestionType['scoring_rule'];
  description: string | null;
};

// Parts whose allowed list names the type (table names spelled out: Drizzle leaves them unqualified here).
const formatCount = sql<number>`(select count(*)::int from "exam_formats" as "f" where "question_types"."id" = any("f"."allowed_question_type_ids"))`;

const toQuestionType = (row: typeof questionTypes.$inferSelect, formats: number): QuestionType => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  answer_kind: row.answerKind,
  scoring_rule: row.scoringRule,
  description: row.description,
  format_count: Number(formats),
  own: row.organizationId !== null,
});

export function listQuestionTypes(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string; usable?: boolean },
) {
  const where = and(
    query.usable
      ? usableBy(questionTypes.organizationId, tenant)
      : ownedBy(questionTypes.organizationId, tenant),
    query.search
      ? or(ilike(questionTypes.name, `%${query.search}%`), ilike(questionTypes.nameEn, `%${query.search}%`))
      : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ type: questionTypes, formats: formatCount })
          .from(questionTypes)
          .where(where)
          .orderBy(asc(questionTypes.name))
          .limit(limit)
          .offset(offset)
      ).map((row) => toQuestionType(row.type, row.formats)),
    () => db.select({ n: count() }).from(questionTypes).where(where),
  );
}

export async function getQuestionType(db: Db, tenant: Tenant, id: string): Promise<QuestionType> {
  const [row] = await db
    .select({ type: questionTypes, formats: formatCount })
    .from(questionTypes)
    .where(and(eq(questionTypes.id, id), ownedBy(questionTypes.organizationId, tenant)));
  if (!row) throw notFound('Question type not found');
  return toQuestionType(row.type, row.formats);
}

async function assertNameFree(db: Db, tenant: Tenant, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: questionTypes.id })
    .from(questionTypes)
    .where(
      and(ownedBy(questionTypes.organizationId, tenant), sql`lower(${questionTypes.name}) = lower(${name})`),
    );
  if (clash && clash.id !== exceptId)
    throw conflict('A question type with this name exists', { name: STRUCTURE_KEYS.nameTaken });
}

const values = (body: Body) => ({
  name: body.name,
  nameEn: body.name_en,
  answerKind: body.answer_kind,
  scoringRule: body.scoring_rule,
  description: body.description,
});

export async function createQuestionType(db: Db, tenant: Tenant, body: Body): Promise<QuestionType> {
  await assertNameFree(db, tenant, body.name);
  const [row] = await db
    .insert(questionTypes)
    .values({ ...values(body), organizationId: tenant.organizationId })
    .returning({ id: questionTypes.id });
  return getQuestionType(db, tenant, row!.id);
}

export async function updateQuestionType(
  db: Db,
  tenant: Tenant,
  id: string,
  body: Body,
  now: Date,
): Promise<QuestionType> {
  const current = await getQuestionType(db, tenant, id);
  await assertNameFree(db, tenant, body.name, id);
  if (body.answer_kind !== current.answer_kind) {
    // Questions keep the shape of their kind (an essay has no options): a used type keeps its kind.
    const [used] = await db.select({ n: count() }).from(questions).where(eq(questions.questionTypeId, id));
    const uses = Number(used?.n ?? 0);
    if (uses > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${uses} question(s) use this type; its answer kind cannot change`,
        { id: STRUCTURE_KEYS.answerKindInUse },
        { count: uses },
      );
  }
  await db
    .update(questionTypes)
    .set({ ...values(body), updatedAt: now })
    .where(and(eq(questionTypes.id, id), ownedBy(questionTypes.organizationId, tenant)));
  return getQuestionType(db, tenant, id);
}

export async function deleteQuestionType(db: Db, tenant: Tenant, id: string): Promise<void> {
  const type = await getQuestionType(db, tenant, id);
  if (type.format_count > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The question type is allowed in ${type.format_count} exam part(s); remove it there first`,
      { id: STRUCTURE_KEYS.questionTypeInUse },
    );
  }
  await db
    .delete(questionTypes)
    .where(and(eq(questionTypes.id, id), ownedBy(questionTypes.organizationId, tenant)));
}

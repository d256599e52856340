import {
  type Category,
  type CategoryDetail,
  type Exam,
  type ExamFormat,
  STRUCTURE_KEYS,
  slugify,
} from '@prepwise/contract';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  examFormats,
  exams,
  pointConfigs,
  questionGroups,
  questions,
  questionTypes,
  testSections,
} from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { sanitizeOptionalRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant, usableBy } from '../../tenancy/tenant';

type CategoryBody = {
  name: string;
  name_en: string | null;
  slug: string | null;
  description: string | null;
  position: number;
};
type ExamBody = CategoryBody & { duration_minutes: number | null };
type FormatBody = {
  name: string;
  name_en: string | null;
  position: number;
  skill: ExamFormat['skill'];
  instructions_vi: string | null;
  instructions_en: string | null;
  question_count: number;
  time_limit_minutes: number | null;
  allowed_question_type_ids: string[];
  audio_policy: ExamFormat['audio_policy'];
  heard_only: boolean;
  score_section: string;
};

const examCount = sql<number>`(select count(*)::int from "exams" as "e" where "e"."category_id" = "categories"."id")`;

const toCategory = (row: typeof categories.$inferSelect, exams: number, tenant: Tenant): Category => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  slug: row.slug,
  description: row.description,
  position: row.position,
  exam_count: Number(exams),
  read_only: row.organizationId !== tenant.organizationId,
});

/**
 * The categories a tenant reads: its own, and for an organization also the platform's (read-only: the
 * organization builds its tests on the platform's exams but changes only its own categories).
 */
const readableBy = (tenant: Tenant) =>
  tenant.organizationId
    ? or(eq(categories.organizationId, tenant.organizationId), isNull(categories.organizationId))
    : isNull(categories.organizationId);

const toFormat = (row: typeof examFormats.$inferSelect): ExamFormat => ({
  id: row.id,
  exam_id: row.examId,
  name: row.name,
  name_en: row.nameEn,
  position: row.position,
  skill: row.skill,
  instructions_vi: row.instructionsVi,
  instructions_en: row.instructionsEn,
  question_count: row.questionCount,
  time_limit_minutes: row.timeLimitMinutes,
  allowed_question_type_ids: row.allowedQuestionTypeIds,
  audio_policy: row.audioPolicy,
  heard_only: row.heardOnly,
  score_section: row.scoreSection,
});

function toExam(row: typeof exams.$inferSelect, formats: ExamFormat[]): Exam {
  return {
    id: row.id,
    category_id: row.categoryId,
    name: row.name,
    name_en: row.nameEn,
    slug: row.slug,
    description: row.description,
    duration_minutes: row.durationMinutes,
    position: row.position,
    formats,
    question_count: formats.reduce((sum, format) => sum + format.question_count, 0),
    sections: [...new Set(formats.map((format) => format.score_section))],
  };
}

// ---------------------------------------------------------------- categories

export function listCategories(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string },
) {
  const where = and(
    readableBy(tenant),
    query.search ? ilike(categories.name, `%${query.search}%`) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ category: categories, exams: examCount })
          .from(categories)
          .where(where)
          .orderBy(asc(categories.position), asc(categories.name))
          .limit(limit)
          .offset(offset)
      ).map((row) => toCategory(row.category, row.exams, tenant)),
    () => db.select({ n: count() }).from(categories).where(where),
  );
}

/** A category the tenant reads (`access: 'read'`) or changes (`'write'`: its own only). */
async function findCategory(db: Db, tenant: Tenant, id: string, access: 'read' | 'write' = 'write') {
  const [row] = await db
    .select({ category: categories, exams: examCount })
    .from(categories)
    .where(and(eq(categories.id, id), readableBy(tenant)));
  if (!row) throw notFound('Category not found');
  const category = toCategory(row.category, row.exams, tenant);
  if (access === 'write' && category.read_only) {
    throw new AppError(403, 'FORBIDDEN', "The platform's categories are read-only in an organization");
  }
  return category;
}

export async function getCategory(db: Db, tenant: Tenant, id: string): Promise<CategoryDetail> {
  const category = await findCategory(db, tenant, id, 'read');
  const examRows = await db
    .select()
    .from(exams)
    .where(eq(exams.categoryId, id))
    .orderBy(asc(exams.position), asc(exams.name));
  const formatRows = examRows.length
    ? await db
        .select()
        .from(examFormats)
        .where(
          inArray(
            examFormats.examId,
            examRows.map((exam) => exam.id),
          ),
        )
        .orderBy(asc(examFormats.position))
    : [];
  return {
    ...category,
    exams: examRows.map((exam) => toExam(exam, formatRows.filter((f) => f.examId === exam.id).map(toFormat))),
  };
}

async function assertCategorySlugFree(db: Db, tenant: Tenant, slug: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(ownedBy(categories.organizationId, tenant), eq(categories.slug, slug)));
  if (clash && clash.id !== exceptId)
    throw conflict('This slug is taken', { slug: STRUCTURE_KEYS.slugTaken });
}

const slugOf = (body: { name: string; slug: string | null }) =>
  body.slug ?? (slugify(body.name) || 'untitled');

export async function createCategory(db: Db, tenant: Tenant, body: CategoryBody): Promise<Category> {
  const slug = slugOf(body);
  await assertCategorySlugFree(db, tenant, slug);
  const [row] = await db
    .insert(categories)
    .values({
      name: body.name,
      nameEn: body.name_en,
      slug,
      description: body.description,
      position: body.position,
      organizationId: tenant.organizationId,
    })
    .returning({ id: categories.id });
  return findCategory(db, tenant, row!.id);
}

export async function updateCategory(
  db: Db,
  tenant: Tenant,
  id: string,
  body: CategoryBody,
  now: Date,
): Promise<Category> {
  await findCategory(db, tenant, id);
  const slug = slugOf(body);
  await assertCategorySlugFree(db, tenant, slug, id);
  await db
    .update(categories)
    .set({
      name: body.name,
      nameEn: body.name_en,
      slug,
      description: body.description,
      position: body.position,
      updatedAt: now,
    })
    .where(and(eq(categories.id, id), ownedBy(categories.organizationId, tenant)));
  return findCategory(db, tenant, id);
}

export async function deleteCategory(db: Db, tenant: Tenant, id: string): Promise<void> {
  const category = await findCategory(db, tenant, id);
  if (category.exam_count > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The category has ${category.exam_count} exam(s); delete or move them first`,
      { id: STRUCTURE_KEYS.categoryHasExams },
    );
  }
  await db.delete(categories).where(eq(categories.id, id));
}

// ---------------------------------------------------------------- exams

const PLATFORM_READ_ONLY = "The platform's exams and parts are read-only in an organization";

/**
 * The exam row if the tenant reads its category (`access: 'read'`: an organization's own and the
 * platform's) or changes it (`'write'`: its own only; the platform's are a 403, another's a 404).
 */
async function findExamRow(db: Db, tenant: Tenant, id: string, access: 'read' | 'write' = 'write') {
  const [row] = await db
    .select({ exam: exams, owner: categories.organizationId })
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(exams.id, id), readableBy(tenant)));
  if (!row) throw notFound('Exam not found');
  if (access === 'write' && row.owner !== tenant.organizationId) {
    throw new AppError(403, 'FORBIDDEN', PLATFORM_READ_ONLY);
  }
  return row.exam;
}

export async function getExam(db: Db, tenant: Tenant, id: string): Promise<Exam> {
  const exam = await findExamRow(db, tenant, id, 'read');
  const formats = await db
    .select()
    .from(examFormats)
    .where(eq(examFormats.examId, id))
    .orderBy(asc(examFormats.position));
  return toExam(exam, formats.map(toFormat));
}

async function assertExamSlugFree(db: Db, categoryId: string, slug: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.categoryId, categoryId), eq(exams.slug, slug)));
  if (clash && clash.id !== exceptId)
    throw conflict('This slug is taken', { slug: STRUCTURE_KEYS.slugTaken });
}

const examValues = (body: ExamBody) => ({
  name: body.name,
  nameEn: body.name_en,
  slug: slugOf(body),
  description: body.description,
  durationMinutes: body.duration_minutes,
  position: body.position,
});

export async function createExam(db: Db, tenant: Tenant, categoryId: string, body: ExamBody): Promise<Exam> {
  await findCategory(db, tenant, categoryId);
  await assertExamSlugFree(db, categoryId, slugOf(body));
  const [row] = await db
    .insert(exams)
    .values({ ...examValues(body), categoryId })
    .returning({ id: exams.id });
  return getExam(db, tenant, row!.id);
}

export async function updateExam(
  db: Db,
  tenant: Tenant,
  id: string,
  body: ExamBody,
  now: Date,
): Promise<Exam> {
  const exam = await findExamRow(db, tenant, id);
  await assertExamSlugFree(db, exam.categoryId, slugOf(body), id);
  await db
    .update(exams)
    .set({ ...examValues(body), updatedAt: now })
    .where(eq(exams.id, id));
  return getExam(db, tenant, id);
}

export async function deleteExam(db: Db, tenant: Tenant, id: string): Promise<void> {
  await findExamRow(db, tenant, id);
  const [[formats], [configs]] = await Promise.all([
    db.select({ n: count() }).from(examFormats).where(eq(examFormats.examId, id)),
    db.select({ n: count() }).from(pointConfigs).where(eq(pointConfigs.examId, id)),
  ]);
  if (Number(formats?.n) > 0 || Number(configs?.n) > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The exam has ${formats?.n ?? 0} part(s) and ${configs?.n ?? 0} point configuration(s); delete them first`,
      { id: STRUCTURE_KEYS.examHasParts },
    );
  }
  await db.delete(exams).where(eq(exams.id, id));
}

// ---------------------------------------------------------------- formats (parts)

async function assertQuestionTypesInTenant(db: Db, tenant: Tenant, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: questionTypes.id })
    .from(questionTypes)
    .where(and(inArray(questionTypes.id, ids), usableBy(questionTypes.organizationId, tenant)));
  if (found.length !== new Set(ids).size) {
    throw validationFailed({ allowed_question_type_ids: STRUCTURE_KEYS.unknownQuestionType });
  }
}

const formatValues = (body: FormatBody) => ({
  name: body.name,
  nameEn: body.name_en,
  position: body.position,
  skill: body.skill,
  instructionsVi: sanitizeOptionalRichText(body.instructions_vi),
  instructionsEn: sanitizeOptionalRichText(body.instructions_en),
  questionCount: body.question_count,
  timeLimitMinutes: body.time_limit_minutes,
  allowedQuestionTypeIds: [...new Set(body.allowed_question_type_ids)],
  audioPolicy: body.audio_policy,
  heardOnly: body.heard_only,
  scoreSection: body.score_section,
});

export async function getFormat(
  db: Db,
  tenant: Tenant,
  id: string,
  access: 'read' | 'write' = 'read',
): Promise<ExamFormat> {
  const [row] = await db
    .select({ format: examFormats, owner: categories.organizationId })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(examFormats.id, id), readableBy(tenant)));
  if (!row) throw notFound('Exam part not found');
  if (access === 'write' && row.owner !== tenant.organizationId) {
    throw new AppError(403, 'FORBIDDEN', PLATFORM_READ_ONLY);
  }
  return toFormat(row.format);
}

export async function createFormat(
  db: Db,
  tenant: Tenant,
  examId: string,
  body: FormatBody,
): Promise<ExamFormat> {
  await findExamRow(db, tenant, examId);
  await assertQuestionTypesInTenant(db, tenant, body.allowed_question_type_ids);
  const [row] = await db
    .insert(examFormats)
    .values({ ...formatValues(body), examId })
    .returning();
  return toFormat(row!);
}

export async function updateFormat(
  db: Db,
  tenant: Tenant,
  id: string,
  body: FormatBody,
  now: Date,
): Promise<ExamFormat> {
  await getFormat(db, tenant, id, 'write');
  await assertQuestionTypesInTenant(db, tenant, body.allowed_question_type_ids);
  const [row] = await db
    .update(examFormats)
    .set({ ...formatValues(body), updatedAt: now })
    .where(eq(examFormats.id, id))
    .returning();
  return toFormat(row!);
}

export async function deleteFormat(db: Db, tenant: Tenant, id: string): Promise<void> {
  await getFormat(db, tenant, id, 'write');
  const [[single], [grouped], [sections]] = await Promise.all([
    db.select({ n: count() }).from(questions).where(eq(questions.formatId, id)),
    db.select({ n: count() }).from(questionGroups).where(eq(questionGroups.formatId, id)),
    db.select({ n: count() }).from(testSections).where(eq(testSections.formatId, id)),
  ]);
  const used = Number(single?.n) + Number(grouped?.n);
  if (used > 0 || Number(sections?.n) > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The part holds ${used} question(s) or group(s) and ${sections?.n ?? 0} test section(s); move or delete them first`,
      { id: STRUCTURE_KEYS.partInUse },
    );
  }
  await db.delete(examFormats).where(eq(examFormats.id, id));
}

export { findExamRow };

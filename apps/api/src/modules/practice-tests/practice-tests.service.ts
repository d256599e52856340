import {
  answerKeyWarnings,
  type ErrorDetail,
  type FieldErrors,
  type KeyedQuestion,
  slugify,
  TEST_KEYS,
  type TestDetail,
  type TestSummary,
  VALIDATION_KEYS,
} from '@prepwise/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  categories,
  examFormats,
  exams,
  levels,
  media,
  packs,
  packTests,
  pointConfigs,
  questionGroups,
  questions,
  questionTypes,
  testItems,
  testSections,
  tests,
  testVersions,
} from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { sanitizeOptionalRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { getStudentResult } from '../attempts/attempts.service';
import { toMedia } from '../media/media.service';
import { assertTestSlot } from '../organization-packages/packages.service';
import { getGroup, getQuestion } from '../question-bank/question-bank.service';
import { distinctPapers, loadBlueprints, setBlueprint, snapshotRows } from './smart-tests.service';

type TestBody = {
  exam_id: string;
  title: string;
  title_en?: string | null;
  slug: string | null;
  description: string | null;
  description_en?: string | null;
  cover_id: string | null;
  level_id?: string | null;
  duration_minutes: number;
  access: 'free' | 'pack';
  attempts_allowed: number | null;
  answer_visibility: 'after_submit' | 'never';
  kind?: 'manual' | 'smart';
};
type ItemRef = { question_id: string } | { group_id: string };

// Counts spelled out with table names: Drizzle leaves columns unqualified inside one-table selects.
const requiredCount = sql<number>`(select coalesce(sum(f.question_count), 0)::int from "test_sections" s join "exam_formats" f on f.id = s.format_id where s.test_id = "tests"."id")`;
const currentCount = sql<number>`(
  (select count(*)::int from "test_items" i join "test_sections" s on s.id = i.section_id where s.test_id = "tests"."id" and i.question_id is not null)
  + (select count(*)::int from "test_items" i join "test_sections" s on s.id = i.section_id join "questions" q on q.group_id = i.group_id where s.test_id = "tests"."id")
  + (select coalesce(sum(b.count), 0)::int from "test_blueprint_rows" b join "test_sections" s on s.id = b.section_id where s.test_id = "tests"."id")
)`;

const summaryColumns = { test: tests, examName: exams.name, required: requiredCount, current: currentCount };

function toSummary(row: {
  test: typeof tests.$inferSelect;
  examName: string;
  required: number;
  current: number;
}): TestSummary {
  const t = row.test;
  return {
    id: t.id,
    title: t.title,
    title_en: t.titleEn,
    slug: t.slug,
    exam: { id: t.examId, name: row.examName },
    status: t.status,
    kind: t.kind,
    access: t.access,
    duration_minutes: t.durationMinutes,
    question_count: Number(row.current),
    required_count: Number(row.required),
    published_version: t.publishedVersion,
    published_at: t.publishedAt?.toISOString() ?? null,
    updated_at: t.updatedAt.toISOString(),
  };
}

export function listTests(
  db: Db,
  tenant: Tenant,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    exam_id?: string;
    status?: TestSummary['status'];
    kind?: TestSummary['kind'];
  },
) {
  const where = and(
    ownedBy(tests.organizationId, tenant),
    query.kind ? eq(tests.kind, query.kind) : undefined,
    query.exam_id ? eq(tests.examId, query.exam_id) : undefined,
    query.status ? eq(tests.status, query.status) : undefined,
    query.search ? ilike(tests.title, `%${query.search}%`) : undefined,
  );
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select(summaryColumns)
          .from(tests)
          .innerJoin(exams, eq(exams.id, tests.examId))
          .where(where)
          .orderBy(desc(tests.updatedAt))
          .limit(limit)
          .offset(offset)
      ).map(toSummary),
    () => db.select({ n: count() }).from(tests).where(where),
  );
}

async function findTestRow(db: Db, tenant: Tenant, id: string) {
  const [row] = await db
    .select()
    .from(tests)
    .where(and(eq(tests.id, id), ownedBy(tests.organizationId, tenant)));
  if (!row) throw notFound('Test not found');
  return row;
}

/** Sections with their items and how many questions each holds. */
async function loadSections(db: Db, tenant: Tenant, testId: string) {
  const sections = await db
    .select({ section: testSections, format: examFormats })
    .from(testSections)
    .innerJoin(examFormats, eq(examFormats.id, testSections.formatId))
    .where(eq(testSections.testId, testId))
    .orderBy(asc(testSections.position));
  const items = sections.length
    ? await db
        .select({
          item: testItems,
          questionText: questions.stemText,
          answerKind: questionTypes.answerKind,
          groupTitle: questionGroups.title,
          groupCount: sql<number>`(select count(*)::int from "questions" as "gq" where "gq"."group_id" = "test_items"."group_id")`,
        })
        .from(testItems)
        .leftJoin(questions, eq(questions.id, testItems.questionId))
        .leftJoin(questionTypes, eq(questionTypes.id, questions.questionTypeId))
        .leftJoin(questionGroups, eq(questionGroups.id, testItems.groupId))
        .where(
          inArray(
            testItems.sectionId,
            sections.map((s) => s.section.id),
          ),
        )
        .orderBy(asc(testItems.position))
    : [];
  const keys = await sectionKeys(
    db,
    sections.map((s) => s.section.id),
  );
  const blueprints = await loadBlueprints(
    db,
    tenant,
    sections.map((s) => ({ id: s.section.id, formatId: s.section.formatId })),
  );
  return sections.map(({ section, format }) => {
    const blueprint = blueprints.get(section.id);
    const own = items.filter((row) => row.item.sectionId === section.id);
    const mapped = own.map((row) => {
      const isGroup = row.item.groupId !== null;
      const size = isGroup ? Number(row.groupCount) : 1;
      return {
        id: row.item.id,
        position: row.item.position,
        kind: isGroup ? ('group' as const) : ('question' as const),
        question: isGroup
          ? null
          : {
              id: row.item.questionId!,
              text: (row.questionText ?? '').slice(0, 200),
              answer_kind: row.answerKind!,
            },
        group: isGroup ? { id: row.item.groupId!, title: row.groupTitle ?? '', question_count: size } : null,
        question_count: size,
      };
    });
    const total =
      mapped.reduce((sum, item) => sum + item.question_count, 0) +
      (blueprint?.rows ?? []).reduce((sum, row) => sum + row.count, 0);
    return {
      id: section.id,
      position: section.position,
      format: { id: format.id, name: format.name, skill: format.skill, required_count: format.questionCount },
      question_count: total,
      complete: total === format.questionCount,
      items: mapped,
      key_warnings: answerKeyWarnings(keys.get(section.id) ?? []),
      blueprint: blueprint?.rows ?? [],
      pool_size: blueprint && blueprint.rows.length > 0 ? blueprint.poolSize : null,
    };
  });
}

/**
 * The single-choice keys of each section's questions in test order (group questions in their group's
 * order), numbered within the section: the author's check that a part's key looks random (issue 14).
 */
async function sectionKeys(db: Db, sectionIds: string[]): Promise<Map<string, KeyedQuestion[]>> {
  const keyed = new Map<string, KeyedQuestion[]>();
  if (sectionIds.length === 0) return keyed;
  const rows = await db
    .select({ sectionId: testItems.sectionId, answer: questions.answer, options: questions.options })
    .from(testItems)
    .innerJoin(
      questions,
      or(eq(questions.id, testItems.questionId), eq(questions.groupId, testItems.groupId)),
    )
    .innerJoin(questionTypes, eq(questionTypes.id, questions.questionTypeId))
    .where(and(inArray(testItems.sectionId, sectionIds), eq(questionTypes.answerKind, 'single_choice')))
    .orderBy(
      asc(testItems.sectionId),
      asc(testItems.position),
      asc(questions.position),
      asc(questions.createdAt),
    );
  for (const row of rows) {
    const list = keyed.get(row.sectionId) ?? [];
    const key = (row.answer as { key?: unknown } | null)?.key;
    if (typeof key === 'string')
      list.push({ number: list.length + 1, key, options: (row.options ?? []).map((option) => option.key) });
    keyed.set(row.sectionId, list);
  }
  return keyed;
}

export async function getTest(db: Db, tenant: Tenant, id: string): Promise<TestDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(tests)
    .innerJoin(exams, eq(exams.id, tests.examId))
    .where(and(eq(tests.id, id), ownedBy(tests.organizationId, tenant)));
  if (!row) throw notFound('Test not found');
  // One after another: callers may pass a transaction, whose single connection runs one query at a time.
  const sections = await loadSections(db, tenant, id);
  const versions = await db
    .select({
      version: testVersions.version,
      questionCount: testVersions.questionCount,
      publishedAt: testVersions.publishedAt,
    })
    .from(testVersions)
    // Learners' drawn papers of a smart test are versions below zero: not publications.
    .where(and(eq(testVersions.testId, id), gt(testVersions.version, 0)))
    .orderBy(desc(testVersions.version));
  const inPacks = await db
    .select({ id: packs.id, name: packs.name })
    .from(packTests)
    .innerJoin(packs, eq(packs.id, packTests.packId))
    .where(eq(packTests.testId, id));
  const cover = row.test.coverId ? await db.select().from(media).where(eq(media.id, row.test.coverId)) : [];
  return {
    ...toSummary(row),
    description: row.test.description,
    description_en: row.test.descriptionEn,
    cover: cover[0] ? toMedia(cover[0]) : null,
    level_id: row.test.levelId,
    attempts_allowed: row.test.attemptsAllowed,
    answer_visibility: row.test.answerVisibility,
    sections,
    versions: versions.map((v) => ({
      version: v.version,
      question_count: v.questionCount,
      published_at: v.publishedAt.toISOString(),
    })),
    packs: inPacks,
    distinct_papers:
      row.test.kind === 'smart' ? distinctPapers(sections.flatMap((section) => section.blueprint)) : null,
    mini: isMiniTest(row.test.organizationId !== null, sections),
  };
}

// ---------------------------------------------------------------- writing

/** The exam must belong to the tenant, or (for an organization) to the platform. */
async function examFormatsFor(db: Db, tenant: Tenant, examId: string) {
  const visible = tenant.organizationId
    ? sql`(${categories.organizationId} is null or ${categories.organizationId} = ${tenant.organizationId})`
    : isNull(categories.organizationId);
  const [exam] = await db
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(exams.id, examId), visible));
  if (!exam) throw validationFailed({ exam_id: 'common.invalid_field' });
  return db
    .select()
    .from(examFormats)
    .where(eq(examFormats.examId, examId))
    .orderBy(asc(examFormats.position));
}

async function assertSlugFree(db: Db, tenant: Tenant, slug: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(ownedBy(tests.organizationId, tenant), eq(tests.slug, slug)));
  if (clash && clash.id !== exceptId) throw conflict('This slug is taken', { slug: TEST_KEYS.slugTaken });
}

/** The level must be the tenant's own or, for an organization, the platform's. */
async function assertLevel(db: Db, tenant: Tenant, levelId: string | null | undefined) {
  if (!levelId) return;
  const visible = tenant.organizationId
    ? sql`(${levels.organizationId} is null or ${levels.organizationId} = ${tenant.organizationId})`
    : isNull(levels.organizationId);
  const [row] = await db
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.id, levelId), visible));
  if (!row) throw validationFailed({ level_id: 'common.invalid_field' });
}

async function assertCover(db: Db, tenant: Tenant, coverId: string | null) {
  if (!coverId) return;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, coverId), ownedBy(media.organizationId, tenant)));
  if (row?.kind !== 'image') throw validationFailed({ cover_id: 'question.wrong_media_kind' });
}

const testValues = (body: TestBody, slug: string) => ({
  examId: body.exam_id,
  title: body.title,
  titleEn: body.title_en ?? null,
  slug,
  description: sanitizeOptionalRichText(body.description),
  descriptionEn: sanitizeOptionalRichText(body.description_en ?? null),
  coverId: body.cover_id,
  levelId: body.level_id ?? null,
  durationMinutes: body.duration_minutes,
  access: body.access,
  attemptsAllowed: body.attempts_allowed,
  answerVisibility: body.answer_visibility,
});

/** Packs are the platform's: an organization's test is open to its learners (422 on `access`). */
function assertAccess(tenant: Tenant, body: TestBody) {
  if (tenant.organizationId && body.access === 'pack')
    throw validationFailed({ access: VALIDATION_KEYS.invalid });
}

export async function createTest(db: Db, tenant: Tenant, userId: string, body: TestBody, now: Date) {
  assertAccess(tenant, body);
  const formats = await examFormatsFor(db, tenant, body.exam_id);
  const slug = body.slug ?? (slugify(body.title) || 'test');
  await assertSlugFree(db, tenant, slug);
  await assertCover(db, tenant, body.cover_id);
  await assertLevel(db, tenant, body.level_id);
  const id = await db.transaction(async (tx) => {
    if (tenant.organizationId) await assertTestSlot(tx as Db, tenant.organizationId, now);
    const [row] = await tx
      .insert(tests)
      .values({
        ...testValues(body, slug),
        kind: body.kind ?? 'manual',
        organizationId: tenant.organizationId,
        createdBy: userId,
      })
      .returning({ id: tests.id });
    if (formats.length) {
      await tx
        .insert(testSections)
        .values(formats.map((format, position) => ({ testId: row!.id, formatId: format.id, position })));
    }
    return row!.id;
  });
  return getTest(db, tenant, id);
}

export async function updateTest(db: Db, tenant: Tenant, id: string, body: TestBody, now: Date) {
  assertAccess(tenant, body);
  const current = await findTestRow(db, tenant, id);
  const slug = body.slug ?? current.slug;
  await assertSlugFree(db, tenant, slug, id);
  await assertCover(db, tenant, body.cover_id);
  await assertLevel(db, tenant, body.level_id);
  const examChanged = body.exam_id !== current.examId;
  const formats = examChanged ? await examFormatsFor(db, tenant, body.exam_id) : [];
  if (examChanged) {
    const [used] = await db
      .select({ n: count() })
      .from(testItems)
      .innerJoin(testSections, eq(testSections.id, testItems.sectionId))
      .where(eq(testSections.testId, id));
    if (Number(used?.n) > 0 || current.publishedVersion)
      throw validationFailed({ exam_id: TEST_KEYS.examChangeLocked });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(tests)
      .set({ ...testValues(body, slug), updatedAt: now })
      .where(eq(tests.id, id));
    if (examChanged) {
      await tx.delete(testSections).where(eq(testSections.testId, id));
      if (formats.length)
        await tx
          .insert(testSections)
          .values(formats.map((format, position) => ({ testId: id, formatId: format.id, position })));
    }
  });
  return getTest(db, tenant, id);
}

async function findSection(db: Db, tenant: Tenant, testId: string, sectionId: string) {
  await findTestRow(db, tenant, testId);
  const [section] = await db
    .select()
    .from(testSections)
    .where(and(eq(testSections.id, sectionId), eq(testSections.testId, testId)));
  if (!section) throw notFound('Section not found');
  return section;
}

/** Hand-picked items are a manual test's; a smart test draws by its blueprint (409). */
async function assertManual(db: Db, testId: string) {
  const [row] = await db.select({ kind: tests.kind }).from(tests).where(eq(tests.id, testId));
  if (row?.kind === 'smart')
    throw new AppError(409, 'CONFLICT', 'A smart test draws its questions by its blueprint', {
      items: TEST_KEYS.smartHasBlueprint,
    });
}

/** Replaces the blueprint rows of a smart test's section (issue 15). */
export async function setSectionBlueprint(
  db: Db,
  tenant: Tenant,
  testId: string,
  sectionId: string,
  rows: Parameters<typeof setBlueprint>[4],
  now: Date,
) {
  await findSection(db, tenant, testId, sectionId);
  const test = await findTestRow(db, tenant, testId);
  await setBlueprint(db, tenant, test, sectionId, rows, now);
  return getTest(db, tenant, testId);
}

/** Ids already used by the test outside the given section. */
async function usedElsewhere(db: Db, testId: string, sectionId: string) {
  const rows = await db
    .select({ questionId: testItems.questionId, groupId: testItems.groupId })
    .from(testItems)
    .innerJoin(testSections, eq(testSections.id, testItems.sectionId))
    .where(and(eq(testSections.testId, testId), sql`${testItems.sectionId} <> ${sectionId}`));
  return new Set(
    rows.flatMap((row) => [row.questionId, row.groupId]).filter((value): value is string => !!value),
  );
}

/** Sets a section's items, picked by hand: each must be from the bank of the tenant and of the section's part. */
export async function setSectionItems(
  db: Db,
  tenant: Tenant,
  testId: string,
  sectionId: string,
  items: ItemRef[],
  now: Date,
) {
  const section = await findSection(db, tenant, testId, sectionId);
  await assertManual(db, testId);
  const questionIds = items.flatMap((item) => ('question_id' in item ? [item.question_id] : []));
  const groupIds = items.flatMap((item) => ('group_id' in item ? [item.group_id] : []));
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const questionRows = questionIds.length
    ? await db
        .select({ id: questions.id, formatId: questions.formatId, groupId: questions.groupId })
        .from(questions)
        .where(and(inArray(questions.id, questionIds), ownedBy(questions.organizationId, tenant)))
    : [];
  const groupRows = groupIds.length
    ? await db
        .select({ id: questionGroups.id, formatId: questionGroups.formatId })
        .from(questionGroups)
        .where(and(inArray(questionGroups.id, groupIds), ownedBy(questionGroups.organizationId, tenant)))
    : [];
  const elsewhere = await usedElsewhere(db, testId, sectionId);
  const found = new Map(
    [...questionRows, ...groupRows.map((g) => ({ ...g, groupId: null }))].map((row) => [row.id, row]),
  );
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const id = 'question_id' in item ? item.question_id : item.group_id;
    const row = found.get(id);
    if (!row || row.groupId) errors[`items.${index}`] = 'common.invalid_field';
    else if (row.formatId !== section.formatId) errors[`items.${index}`] = TEST_KEYS.notInFormat;
    else if (seen.has(id) || elsewhere.has(id)) errors[`items.${index}`] = TEST_KEYS.duplicateItem;
    seen.add(id);
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await db.transaction(async (tx) => {
    await tx.delete(testItems).where(eq(testItems.sectionId, sectionId));
    if (items.length) {
      await tx.insert(testItems).values(
        items.map((item, position) => ({
          sectionId,
          position,
          questionId: 'question_id' in item ? item.question_id : null,
          groupId: 'group_id' in item ? item.group_id : null,
        })),
      );
    }
    await tx.update(tests).set({ updatedAt: now }).where(eq(tests.id, testId));
  });
  return getTest(db, tenant, testId);
}

/** Appends N random single questions of the section's part (by level and tag) not yet in the test. */
export async function drawQuestions(
  db: Db,
  tenant: Tenant,
  testId: string,
  sectionId: string,
  draw: { count: number; level_id?: string | null; tag?: string | null },
  now: Date,
) {
  const section = await findSection(db, tenant, testId, sectionId);
  await assertManual(db, testId);
  const taken = [...(await usedElsewhere(db, testId, '00000000-0000-0000-0000-000000000000'))];
  const where = and(
    ownedBy(questions.organizationId, tenant),
    isNull(questions.groupId),
    eq(questions.formatId, section.formatId),
    draw.level_id ? eq(questions.levelId, draw.level_id) : undefined,
    draw.tag ? sql`${questions.tags} @> array[${draw.tag.toLowerCase()}]::text[]` : undefined,
    taken.length ? notInArray(questions.id, taken) : undefined,
  );
  const picked = await db
    .select({ id: questions.id })
    .from(questions)
    .where(where)
    .orderBy(sql`random()`)
    .limit(draw.count);
  if (picked.length < draw.count) {
    throw new AppError(422, 'VALIDATION_FAILED', `Only ${picked.length} matching question(s) are available`, {
      id: TEST_KEYS.notEnoughQuestions,
      count: TEST_KEYS.notEnoughQuestions,
    });
  }
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${testItems.position}), -1)::int` })
    .from(testItems)
    .where(eq(testItems.sectionId, sectionId));
  const start = Number(last?.position ?? -1) + 1;
  await db
    .insert(testItems)
    .values(picked.map((row, index) => ({ sectionId, position: start + index, questionId: row.id })));
  await db.update(tests).set({ updatedAt: now }).where(eq(tests.id, testId));
  return getTest(db, tenant, testId);
}

// ---------------------------------------------------------------- publication

/** The scoring of each score section: the tenant's own configuration for the exam, else the platform's. */
async function scoringFor(db: Db, tenant: Tenant, examId: string, sections: string[]) {
  const rows = await db
    .select()
    .from(pointConfigs)
    .where(
      and(eq(pointConfigs.examId, examId), inArray(pointConfigs.section, sections.length ? sections : ['-'])),
    )
    .orderBy(asc(pointConfigs.createdAt));
  return sections.map((section) => {
    const own = rows.find((row) => row.section === section && row.organizationId === tenant.organizationId);
    const platform = rows.find((row) => row.section === section && row.organizationId === null);
    const config = own ?? platform;
    return config
      ? {
          section,
          method: config.method,
          table: config.table,
          points_per_question: config.pointsPerQuestion,
          is_estimate: config.isEstimate,
        }
      : { section, method: 'per_question' as const, table: null, points_per_question: 1, is_estimate: false };
  });
}

/**
 * Whether a test is a mini test (issue 29): an organization's test that holds fewer parts or questions than
 * its exam (any part not exactly full). A platform test is never one: it must be complete to be published.
 */
export function isMiniTest(organizationTest: boolean, sections: readonly { complete: boolean }[]): boolean {
  return organizationTest && !(sections.length > 0 && sections.every((section) => section.complete));
}

/**
 * What keeps a test from being published, one item per part and what it lacks (issue 29). A platform test
 * needs every part full; an organization's test may hold any parts with any number of questions (a mini
 * test) but at least one question in all; a smart test's blueprint rows must each find enough questions in
 * the bank. Items are keyed by their part's field, so a part is named once, by its first lack.
 */
export function publishRefusals(
  organizationTest: boolean,
  sections: readonly Pick<
    TestDetail['sections'][number],
    'format' | 'question_count' | 'complete' | 'blueprint'
  >[],
): ErrorDetail[] {
  const items = new Map<string, ErrorDetail>();
  const name = (field: string, key: string, params: ErrorDetail['params']) => {
    if (!items.has(field)) items.set(field, { field, key, params });
  };
  const empty = sections.every((section) => section.question_count === 0);
  sections.forEach((section, index) => {
    const field = `sections.${index}`;
    const part = section.format.name;
    if (organizationTest ? empty : !section.complete)
      name(field, organizationTest ? TEST_KEYS.partEmpty : TEST_KEYS.partShort, {
        part,
        count: section.question_count,
        required: section.format.required_count,
      });
    // A smart test's rows must each find enough questions in the bank ("part 5, B2: 12 in the pool, 20 needed").
    for (const row of section.blueprint)
      if (row.available < row.count)
        name(field, TEST_KEYS.partPoolShort, { part, available: row.available, needed: row.count });
  });
  return [...items.values()];
}

const REFUSAL_TEXT: Record<string, (params: Record<string, string | number>) => string> = {
  [TEST_KEYS.partShort]: (p) => `${p.part}: ${p.count} of ${p.required} questions`,
  [TEST_KEYS.partEmpty]: (p) => `${p.part}: no questions`,
  [TEST_KEYS.partPoolShort]: (p) => `${p.part}: ${p.available} in the pool, ${p.needed} needed`,
};

/**
 * Freezes the test as it is into a new version; refuses, naming each part and what it lacks, while it
 * cannot be taken. A mini test's version holds only its parts with questions and is marked `mini`.
 */
export async function publishTest(db: Db, tenant: Tenant, userId: string, id: string, now: Date) {
  const test = await getTest(db, tenant, id);
  const organizationTest = tenant.organizationId !== null;
  const refusals = publishRefusals(organizationTest, test.sections);
  if (test.sections.length === 0 || refusals.length > 0) {
    const errors: FieldErrors = Object.fromEntries(
      refusals.map((item) => [
        item.field,
        item.key === TEST_KEYS.partPoolShort ? TEST_KEYS.poolTooSmall : TEST_KEYS.incompleteSection,
      ]),
    );
    if (test.sections.length === 0 || test.question_count === 0)
      errors.sections = TEST_KEYS.incompleteSection;
    errors.id =
      refusals.every((item) => item.key === TEST_KEYS.partPoolShort) && refusals.length > 0
        ? TEST_KEYS.poolTooSmall
        : TEST_KEYS.publishIncomplete;
    const list = refusals.map((item) => REFUSAL_TEXT[item.key]!(item.params ?? {})).join('; ');
    throw new AppError(
      422,
      'VALIDATION_FAILED',
      `The test cannot be published yet${list ? ` (${list})` : ''}`,
      errors,
      undefined,
      refusals,
    );
  }
  const row = await findTestRow(db, tenant, id);
  const formats = await db
    .select()
    .from(examFormats)
    .where(
      inArray(
        examFormats.id,
        test.sections.map((s) => s.format.id),
      ),
    );
  const sections = [];
  // A mini test leaves out its empty parts: the learner takes the parts it holds.
  for (const section of test.mini ? test.sections.filter((s) => s.question_count > 0) : test.sections) {
    const format = formats.find((f) => f.id === section.format.id)!;
    const items = [];
    for (const item of section.items) {
      items.push(
        item.kind === 'group'
          ? { kind: 'group' as const, group: await getGroup(db, tenant, item.group!.id) }
          : { kind: 'question' as const, question: await getQuestion(db, tenant, item.question!.id) },
      );
    }
    sections.push({
      id: section.id,
      format: {
        id: format.id,
        name: format.name,
        name_en: format.nameEn,
        skill: format.skill,
        audio_policy: format.audioPolicy,
        heard_only: format.heardOnly,
        instructions_vi: format.instructionsVi,
        instructions_en: format.instructionsEn,
        score_section: format.scoreSection,
        time_limit_minutes: format.timeLimitMinutes,
      },
      items,
      // A smart test's publication freezes its blueprint; each learner's paper is drawn at the start.
      ...(row.kind === 'smart' ? { blueprint: snapshotRows(section.blueprint) } : {}),
    });
  }
  const scoring = await scoringFor(db, tenant, row.examId, [...new Set(formats.map((f) => f.scoreSection))]);
  const version = (row.publishedVersion ?? 0) + 1;
  const typeIds = new Set<string>();
  for (const section of sections)
    for (const item of section.items)
      for (const q of item.kind === 'group' ? item.group.questions : [item.question])
        typeIds.add(q.question_type.id);
  const typeRows = typeIds.size
    ? await db
        .select({ id: questionTypes.id, rule: questionTypes.scoringRule })
        .from(questionTypes)
        .where(inArray(questionTypes.id, [...typeIds]))
    : [];
  const [examRow] = await db.select({ nameEn: exams.nameEn }).from(exams).where(eq(exams.id, row.examId));
  const snapshot = {
    test: {
      id: row.id,
      title: row.title,
      title_en: row.titleEn,
      slug: row.slug,
      duration_minutes: row.durationMinutes,
      exam: { ...test.exam, name_en: examRow?.nameEn ?? null },
    },
    sections,
    scoring,
    /** Question type id → scoring rule, frozen with the content (grading never reads live types). */
    scoring_rules: Object.fromEntries(typeRows.map((t) => [t.id, t.rule])),
    /** Scored per question on the exam's scale, not by the official conversion (decision 030). */
    mini: test.mini,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(testVersions)
      .values({ testId: id, version, snapshot, questionCount: test.question_count, publishedBy: userId });
    await tx
      .update(tests)
      .set({ status: 'published', publishedVersion: version, publishedAt: now, updatedAt: now })
      .where(eq(tests.id, id));
  });
  return getTest(db, tenant, id);
}

export async function setTestStatus(
  db: Db,
  tenant: Tenant,
  id: string,
  status: 'draft' | 'archived',
  now: Date,
) {
  const current = await findTestRow(db, tenant, id);
  const organizationId = tenant.organizationId;
  await db.transaction(async (tx) => {
    // An archived test back in draft counts against the organization's package again.
    if (organizationId && current.status === 'archived' && status !== 'archived')
      await assertTestSlot(tx as Db, organizationId, now);
    await tx.update(tests).set({ status, updatedAt: now }).where(eq(tests.id, id));
  });
  return getTest(db, tenant, id);
}

export async function deleteTest(db: Db, tenant: Tenant, id: string) {
  const row = await findTestRow(db, tenant, id);
  if (row.publishedVersion) {
    throw new AppError(
      409,
      'CONFLICT',
      'A test that has been published keeps its history; archive it instead',
      {
        id: TEST_KEYS.publishedCannotDelete,
      },
    );
  }
  const [inPack] = await db.select({ n: count() }).from(packTests).where(eq(packTests.testId, id));
  if (Number(inPack?.n) > 0)
    throw new AppError(409, 'CONFLICT', `The test is in ${inPack?.n} pack(s); remove it there first`, {
      id: TEST_KEYS.inPacks,
    });
  await db.delete(tests).where(eq(tests.id, id));
}

/** An attempt of one of the tenant's tests with its per-question review, for the test's result page. */
export async function testAttemptResult(
  db: Db,
  tenant: Tenant,
  testId: string,
  attemptId: string,
  now: Date,
) {
  await findTestRow(db, tenant, testId);
  const [row] = await db
    .select({ userId: attempts.userId })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.testId, testId)));
  if (!row) throw notFound('Attempt not found');
  return getStudentResult(db, tenant, row.userId, attemptId, now);
}

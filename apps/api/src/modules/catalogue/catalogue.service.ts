import type { CatalogueFilters, CatalogueItem, Page, PublicTestDetail } from '@prepwise/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  categories,
  exams,
  levels,
  media,
  packs,
  packTests,
  tests,
  testVersions,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { plainText } from '../../lib/html';
import { toMedia } from '../media/media.service';

export interface CatalogueQuery {
  page: number;
  pageSize: number;
  search?: string;
  category?: string;
  exam_id?: string;
  level_id?: string;
  access?: 'free' | 'pack';
  sort: 'newest' | 'popular' | 'title';
}

const EXCERPT_LENGTH = 160;

/** Plain text of a rich-text description, cut at a word boundary. */
export function excerptOf(html: string | null): string | null {
  if (!html) return null;
  const text = plainText(html);
  if (text.length <= EXCERPT_LENGTH) return text || null;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Published platform tests: the only tests the public catalogue shows. */
const isCatalogued = () => and(isNull(tests.organizationId), eq(tests.status, 'published'));

// Written out with table names: Drizzle leaves columns unqualified inside one-table subqueries.
const partCount = sql<number>`(select count(*)::int from "test_sections" s where s.test_id = "tests"."id")`;

const likePattern = (search: string) => `%${search.normalize('NFC').replace(/[\\%_]/g, '\\$&')}%`;

function catalogueWhere(query: Omit<CatalogueQuery, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    isCatalogued(),
    // The Vietnamese title or the English one (learners reading in English search in English).
    query.search
      ? sql`(fold_text(${tests.title}) like fold_text(${likePattern(query.search)}) or fold_text(${tests.titleEn}) like fold_text(${likePattern(query.search)}))`
      : undefined,
    query.category ? and(isNull(categories.organizationId), eq(categories.slug, query.category)) : undefined,
    query.exam_id ? eq(tests.examId, query.exam_id) : undefined,
    query.level_id ? eq(tests.levelId, query.level_id) : undefined,
    query.access ? eq(tests.access, query.access) : undefined,
  );
}

function selectItems(db: Db) {
  return db
    .select({
      test: {
        id: tests.id,
        title: tests.title,
        titleEn: tests.titleEn,
        slug: tests.slug,
        description: tests.description,
        descriptionEn: tests.descriptionEn,
        access: tests.access,
        durationMinutes: tests.durationMinutes,
        publishedAt: tests.publishedAt,
        attemptsAllowed: tests.attemptsAllowed,
        answerVisibility: tests.answerVisibility,
        publishedVersion: tests.publishedVersion,
      },
      category: {
        id: categories.id,
        name: categories.name,
        name_en: categories.nameEn,
        slug: categories.slug,
      },
      exam: { id: exams.id, name: exams.name, name_en: exams.nameEn },
      level: { id: levels.id, code: levels.code, name: levels.name, name_en: levels.nameEn },
      cover: media,
      questionCount: testVersions.questionCount,
      partCount,
    })
    .from(tests)
    .innerJoin(exams, eq(exams.id, tests.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .innerJoin(
      testVersions,
      and(eq(testVersions.testId, tests.id), eq(testVersions.version, tests.publishedVersion)),
    )
    .leftJoin(levels, eq(levels.id, tests.levelId))
    .leftJoin(media, eq(media.id, tests.coverId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** Attempts of all learners per test, counted only for the tests on the page. */
async function attemptCounts(db: Db, testIds: string[]) {
  if (testIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ testId: attempts.testId, n: count() })
    .from(attempts)
    .where(inArray(attempts.testId, testIds))
    .groupBy(attempts.testId);
  return new Map(rows.map((row) => [row.testId, Number(row.n)]));
}

function toItem(row: ItemRow, attemptCount: number): CatalogueItem {
  return {
    id: row.test.id,
    title: row.test.title,
    title_en: row.test.titleEn,
    slug: row.test.slug,
    excerpt: excerptOf(row.test.description),
    cover: row.cover ? toMedia(row.cover) : null,
    category: row.category,
    exam: row.exam,
    level: row.level?.id ? row.level : null,
    access: row.test.access,
    duration_minutes: row.test.durationMinutes,
    part_count: Number(row.partCount),
    question_count: row.questionCount,
    attempt_count: attemptCount,
    published_at: row.test.publishedAt?.toISOString() ?? null,
  };
}

// NULLS LAST matches tests_catalogue_idx, so the newest page is read off the index.
const newest = [sql`${tests.publishedAt} desc nulls last`, sql`${tests.id} desc nulls last`];

/** The page query of the catalogue (exported so bench/catalogue.ts can EXPLAIN it). */
export function catalogueRowsQuery(db: Db, query: CatalogueQuery) {
  let rows = selectItems(db).$dynamic();
  let order: SQL[] = newest;
  if (query.sort === 'title') order = [asc(tests.title), asc(tests.id)];
  if (query.sort === 'popular') {
    // One pass over attempts_test_idx for all tests, joined once (not a count per test and row).
    const popularity = db
      .select({ testId: attempts.testId, n: sql<number>`count(*)`.as('n') })
      .from(attempts)
      .groupBy(attempts.testId)
      .as('popularity');
    rows = rows.leftJoin(popularity, eq(popularity.testId, tests.id));
    order = [sql`coalesce(${popularity.n}, 0) desc`, ...newest];
  }
  return rows
    .where(catalogueWhere(query))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function listCatalogue(db: Db, query: CatalogueQuery): Promise<Page<CatalogueItem>> {
  const where = catalogueWhere(query);
  const [rows, [total]] = await Promise.all([
    catalogueRowsQuery(db, query),
    // Every published test has its version row and an exam; the count needs the category only to filter.
    query.category
      ? db
          .select({ n: count() })
          .from(tests)
          .innerJoin(exams, eq(exams.id, tests.examId))
          .innerJoin(categories, eq(categories.id, exams.categoryId))
          .where(where)
      : db.select({ n: count() }).from(tests).where(where),
  ]);
  const counts = await attemptCounts(
    db,
    rows.map((row) => row.test.id),
  );
  return {
    items: rows.map((row) => toItem(row, counts.get(row.test.id) ?? 0)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** Categories (with their exams) and levels that have at least one published platform test. */
export async function getCatalogueFilters(db: Db): Promise<CatalogueFilters> {
  const [examRows, levelRows] = await Promise.all([
    db
      .selectDistinct({
        categoryId: categories.id,
        categoryName: categories.name,
        categoryNameEn: categories.nameEn,
        categorySlug: categories.slug,
        categoryPosition: categories.position,
        examId: exams.id,
        examName: exams.name,
        examNameEn: exams.nameEn,
        examPosition: exams.position,
      })
      .from(tests)
      .innerJoin(exams, eq(exams.id, tests.examId))
      .innerJoin(categories, eq(categories.id, exams.categoryId))
      .where(isCatalogued())
      .orderBy(asc(categories.position), asc(categories.name), asc(exams.position), asc(exams.name)),
    db
      .selectDistinct({
        id: levels.id,
        code: levels.code,
        name: levels.name,
        nameEn: levels.nameEn,
        position: levels.position,
      })
      .from(tests)
      .innerJoin(levels, eq(levels.id, tests.levelId))
      .where(isCatalogued())
      .orderBy(asc(levels.position), asc(levels.code)),
  ]);
  const byCategory = new Map<string, CatalogueFilters['categories'][number]>();
  for (const row of examRows) {
    let category = byCategory.get(row.categoryId);
    if (!category) {
      category = {
        id: row.categoryId,
        name: row.categoryName,
        name_en: row.categoryNameEn,
        slug: row.categorySlug,
        exams: [],
      };
      byCategory.set(row.categoryId, category);
    }
    category.exams.push({ id: row.examId, name: row.examName, name_en: row.examNameEn });
  }
  return {
    categories: [...byCategory.values()],
    levels: levelRows.map(({ id, code, name, nameEn }) => ({ id, code, name, name_en: nameEn })),
  };
}

export interface SnapshotSection {
  id: string;
  name: string;
  name_en: string | null;
  skill: PublicTestDetail['sections'][number]['skill'];
  question_count: number;
  time_limit_minutes: number | null;
}

/**
 * The sections of published versions, in order, read inside the database so the (large) snapshot never
 * leaves it. Keyed by `testId:version`.
 */
export async function snapshotSections(
  db: Db,
  versions: { testId: string; version: number }[],
): Promise<Map<string, SnapshotSection[]>> {
  const result = new Map<string, SnapshotSection[]>();
  const unique = [...new Map(versions.map((v) => [`${v.testId}:${v.version}`, v])).values()];
  if (unique.length === 0) return result;
  const section = sql`s.value`;
  const rows = await db
    .select({
      testId: testVersions.testId,
      version: testVersions.version,
      id: sql<string>`${section}->>'id'`,
      name: sql<string>`${section}->'format'->>'name'`,
      // Frozen with the version since migration english_names; else the part's current English name.
      nameEn: sql<
        string | null
      >`coalesce(${section}->'format'->>'name_en', (select f.name_en from exam_formats f where f.id = (${section}->'format'->>'id')::uuid))`,
      skill: sql<SnapshotSection['skill']>`${section}->'format'->>'skill'`,
      timeLimit: sql<number | null>`(${section}->'format'->>'time_limit_minutes')::int`,
      questionCount: sql<number>`(select coalesce(sum(case when i.value->>'kind' = 'group' then jsonb_array_length(i.value->'group'->'questions') else 1 end), 0)::int from jsonb_array_elements(${section}->'items') i)`,
    })
    .from(testVersions)
    .innerJoin(
      sql`lateral jsonb_array_elements(${testVersions.snapshot}->'sections') with ordinality as s(value, position)`,
      sql`true`,
    )
    .where(
      sql`(${testVersions.testId}, ${testVersions.version}) in (${sql.join(
        unique.map((v) => sql`(${v.testId}::uuid, ${v.version}::int)`),
        sql`, `,
      )})`,
    )
    .orderBy(sql`s.position`);
  for (const row of rows) {
    const key = `${row.testId}:${row.version}`;
    const list = result.get(key) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      name_en: row.nameEn,
      skill: row.skill,
      question_count: Number(row.questionCount),
      time_limit_minutes: row.timeLimit === null ? null : Number(row.timeLimit),
    });
    result.set(key, list);
  }
  return result;
}

/** A published platform test by slug; drafts, archived and organization tests are not found. */
export async function findCataloguedTest(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(tests)
    .where(and(isCatalogued(), eq(tests.slug, slug)));
  if (!row?.publishedVersion) throw notFound('Test not found');
  return row as typeof row & { publishedVersion: number };
}

export async function getPublicTest(db: Db, slug: string): Promise<PublicTestDetail> {
  const [row] = await selectItems(db).where(and(isCatalogued(), eq(tests.slug, slug)));
  if (!row?.test.publishedVersion) throw notFound('Test not found');
  const version = row.test.publishedVersion;
  const [sections, packRows, counts] = await Promise.all([
    snapshotSections(db, [{ testId: row.test.id, version }]),
    db
      .select({
        id: packs.id,
        name: packs.name,
        slug: packs.slug,
        description: packs.description,
        priceVnd: packs.priceVnd,
        validityDays: packs.validityDays,
        testCount: sql<number>`(select count(*)::int from "pack_tests" pt where pt.pack_id = "packs"."id")`,
      })
      .from(packs)
      .where(
        and(
          isNull(packs.organizationId),
          eq(packs.status, 'published'),
          inArray(
            packs.id,
            db.select({ id: packTests.packId }).from(packTests).where(eq(packTests.testId, row.test.id)),
          ),
        ),
      )
      .orderBy(asc(packs.priceVnd), asc(packs.name)),
    attemptCounts(db, [row.test.id]),
  ]);
  return {
    ...toItem(row, counts.get(row.test.id) ?? 0),
    description: row.test.description,
    description_en: row.test.descriptionEn,
    attempts_allowed: row.test.attemptsAllowed,
    answer_visibility: row.test.answerVisibility,
    sections: sections.get(`${row.test.id}:${version}`) ?? [],
    packs: packRows.map((pack) => ({
      id: pack.id,
      name: pack.name,
      slug: pack.slug,
      description: pack.description,
      price_vnd: pack.priceVnd,
      validity_days: pack.validityDays,
      test_count: Number(pack.testCount),
    })),
  };
}

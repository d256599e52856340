import type { Page, PublicOrganization, PublicOrganizationDetail } from '@prepwise/contract';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { levels, organizations, tests, testVersions } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Shown publicly: approved, not suspended, and listed by the platform. */
const isPublic = () =>
  and(
    eq(organizations.status, 'approved'),
    isNull(organizations.suspendedAt),
    eq(organizations.isListed, true),
  );

const publishedTestCount = sql<number>`(select count(*)::int from tests t
  where t.organization_id = "organizations"."id" and t.status = 'published')`;

const publicColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  logoUrl: organizations.logoUrl,
  description: organizations.description,
  address: organizations.address,
  website: organizations.website,
  testCount: publishedTestCount,
};

type PublicRow = {
  name: string;
  slug: string;
  logoUrl: string | null;
  description: string | null;
  address: string | null;
  website: string | null;
  testCount: number;
};

const toPublic = (row: PublicRow): PublicOrganization => ({
  name: row.name,
  slug: row.slug,
  logo_url: row.logoUrl,
  description: row.description,
  address: row.address,
  website: row.website,
  test_count: Number(row.testCount),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listPublicOrganizations(
  db: Db,
  query: { page: number; pageSize: number; search?: string },
): Promise<Page<PublicOrganization>> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    isPublic(),
    pattern
      ? or(
          sql`fold_text(${organizations.name}) ilike fold_text(${pattern})`,
          sql`fold_text(coalesce(${organizations.address}, '')) ilike fold_text(${pattern})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return {
    items: rows.map(toPublic),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** One public organization with its published tests; 404 for anything not public. */
export async function getPublicOrganization(db: Db, slug: string): Promise<PublicOrganizationDetail> {
  const [row] = await db
    .select({ ...publicColumns, email: organizations.email, phone: organizations.phone })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isPublic()));
  if (!row) throw notFound('Organization not found');
  const published = await db
    .select({
      slug: tests.slug,
      title: tests.title,
      description: tests.description,
      durationMinutes: tests.durationMinutes,
      level: levels.name,
      questionCount: testVersions.questionCount,
    })
    .from(tests)
    .leftJoin(levels, eq(levels.id, tests.levelId))
    .leftJoin(
      testVersions,
      and(eq(testVersions.testId, tests.id), eq(testVersions.version, tests.publishedVersion)),
    )
    .where(and(eq(tests.organizationId, row.id), eq(tests.status, 'published')))
    .orderBy(desc(tests.publishedAt), asc(tests.title))
    .limit(50);
  return {
    ...toPublic(row),
    email: row.email,
    phone: row.phone,
    tests: published.map((test) => ({
      slug: test.slug,
      title: test.title,
      description: test.description,
      duration_minutes: test.durationMinutes,
      level: test.level,
      question_count: test.questionCount ?? 0,
    })),
  };
}

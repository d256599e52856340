import {
  EDUCATOR_KEYS,
  type EducatorDashboard,
  type OrganizationProfile,
  type organizationProfileBodySchema,
} from '@prepwise/contract';
import { and, count, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { attempts, classes, organizationStudents, organizations, tests, users } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/errors';
import { isOrganizationImage } from '../media/media.service';
import { assertOrganizationNameFree, rethrowNameConflict } from '../organizations/organization-names';

type ProfileBody = z.output<typeof organizationProfileBodySchema>;

export async function getOrganizationProfile(db: Db, organizationId: string): Promise<OrganizationProfile> {
  const [row] = await db
    .select({
      organization: organizations,
      owner: { id: users.id, fullName: users.fullName, email: users.email },
    })
    .from(organizations)
    .leftJoin(users, eq(users.id, organizations.ownerId))
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  const { organization, owner } = row;
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    email: organization.email,
    phone: organization.phone,
    address: organization.address,
    website: organization.website,
    description: organization.description,
    logo_url: organization.logoUrl,
    is_listed: organization.isListed,
    join_code: organization.joinCode,
    status: organization.status,
    suspended_at: organization.suspendedAt?.toISOString() ?? null,
    suspension_reason: organization.suspensionReason,
    owner: owner ? { id: owner.id, full_name: owner.fullName, email: owner.email } : null,
    created_at: organization.createdAt.toISOString(),
  };
}

/** The logo is an image the organization uploaded (`/api/media/{id}` of its own media). */
async function assertOwnLogo(db: Db, organizationId: string, logoUrl: string | null) {
  if (logoUrl && !(await isOrganizationImage(db, organizationId, logoUrl))) {
    throw validationFailed({ logo_url: EDUCATOR_KEYS.invalidLogo });
  }
}

/** The organization's own profile as its portal edits it; the slug and status stay with the platform. */
export async function updateOrganizationProfile(
  db: Db,
  organizationId: string,
  body: ProfileBody,
  now: Date,
): Promise<OrganizationProfile> {
  await assertOwnLogo(db, organizationId, body.logo_url);
  await assertOrganizationNameFree(db, body.name, organizationId);
  await db
    .update(organizations)
    .set({
      name: body.name,
      email: body.email,
      ...(body.phone === undefined ? {} : { phone: body.phone }),
      ...(body.address === undefined ? {} : { address: body.address }),
      website: body.website ?? null,
      ...(body.description === undefined ? {} : { description: body.description }),
      logoUrl: body.logo_url,
      isListed: body.is_listed,
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId))
    .catch(rethrowNameConflict);
  return getOrganizationProfile(db, organizationId);
}

/** Vietnam keeps UTC+7 all year: the week starts on Monday 00:00 there. */
export function weekStart(now: Date): Date {
  const offsetMs = 7 * 3_600_000;
  const local = new Date(now.getTime() + offsetMs);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const mondayLocal = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() - daysSinceMonday,
  );
  return new Date(mondayLocal - offsetMs);
}

const LATEST_RESULTS = 5;

/** Which blocks of the dashboard the caller may see (issue 26: a role sees only what it may open). */
export interface DashboardBlocks {
  /** Students and classes counted, and the latest results with names (`view_student`). */
  students: boolean;
  /** The organization's tests counted (`view_test`). */
  tests: boolean;
  /** This week's attempts counted (`view_student` or `view_analytics`). */
  attempts: boolean;
}

const nothing = Promise.resolve(null);

/**
 * The portal's overview: real counts of the organization's people, tests and this week's attempts, each
 * only when `blocks` allows it (an absent block is not counted and not in the answer).
 */
export async function getDashboard(
  db: Db,
  organizationId: string,
  blocks: DashboardBlocks,
  now: Date,
): Promise<EducatorDashboard> {
  const profile = await getOrganizationProfile(db, organizationId);
  const since = weekStart(now);
  const activeStudent = and(
    eq(organizationStudents.organizationId, organizationId),
    eq(organizationStudents.status, 'active'),
  );
  const [students, classCount, testCount, weekAttempts, latest] = await Promise.all([
    blocks.students ? db.select({ n: count() }).from(organizationStudents).where(activeStudent) : nothing,
    blocks.students
      ? db
          .select({ n: count() })
          .from(classes)
          .where(and(eq(classes.organizationId, organizationId), isNull(classes.archivedAt)))
      : nothing,
    blocks.tests
      ? db.select({ n: count() }).from(tests).where(eq(tests.organizationId, organizationId))
      : nothing,
    blocks.attempts
      ? db
          .select({ n: count() })
          .from(attempts)
          .innerJoin(
            organizationStudents,
            and(eq(organizationStudents.userId, attempts.userId), activeStudent),
          )
          .where(gte(attempts.startedAt, since))
      : nothing,
    blocks.students
      ? db
          .select({
            id: attempts.id,
            studentId: users.id,
            studentName: users.fullName,
            testId: tests.id,
            testTitle: tests.title,
            score: attempts.scoreTotal,
            maxScore: attempts.maxScore,
            submittedAt: attempts.submittedAt,
          })
          .from(attempts)
          .innerJoin(
            organizationStudents,
            and(eq(organizationStudents.userId, attempts.userId), activeStudent),
          )
          .innerJoin(users, eq(users.id, attempts.userId))
          .innerJoin(tests, eq(tests.id, attempts.testId))
          .where(and(eq(attempts.status, 'submitted'), isNotNull(attempts.submittedAt)))
          .orderBy(desc(attempts.submittedAt), desc(attempts.id))
          .limit(LATEST_RESULTS)
      : nothing,
  ]);
  /** A counted block, or nothing when the caller may not see it. */
  const figure = <K extends string>(name: K, rows: { n: number }[] | null) =>
    rows ? ({ [name]: Number(rows[0]?.n ?? 0) } as Record<K, number>) : {};
  return {
    organization: {
      id: profile.id,
      name: profile.name,
      slug: profile.slug,
      status: profile.status,
      suspended_at: profile.suspended_at,
      suspension_reason: profile.suspension_reason,
    },
    ...figure('students', students),
    ...figure('classes', classCount),
    ...figure('tests', testCount),
    ...figure('attempts_this_week', weekAttempts),
    week_start: since.toISOString(),
    ...(latest
      ? {
          latest_results: latest.map((row) => ({
            attempt_id: row.id,
            student: { id: row.studentId, full_name: row.studentName },
            test: { id: row.testId, title: row.testTitle },
            score: row.score,
            max_score: row.maxScore,
            submitted_at: row.submittedAt!.toISOString(),
          })),
        }
      : {}),
  };
}

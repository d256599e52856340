import { randomInt } from 'node:crypto';
import {
  type ClassItem,
  type JoinCode,
  type LearnerOrganization,
  type MembershipStatus,
  type Page,
  STUDENT_KEYS,
  type Student,
  type StudentDetail,
} from '@prepwise/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  classes,
  classStudents,
  organizationStudents,
  organizations,
  tests,
  users,
} from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { assertSeatFor } from '../organization-packages/packages.service';

/** The organization whose students and classes a call works on (never the platform). */
export interface OrganizationTenant {
  organizationId: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

// ---------------------------------------------------------------- organizations

/** The organization of an admin path; an unknown one is a 404. */
export async function assertOrganization(db: Db, organizationId: string): Promise<OrganizationTenant> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  return { organizationId: row.id };
}

// ---------------------------------------------------------------- students

const studentColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  phone: users.phone,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null or ${users.googleSub} is not null)`,
  lastLoginAt: users.lastLoginAt,
  studentCode: organizationStudents.studentCode,
  note: organizationStudents.note,
  status: organizationStudents.status,
  joinedVia: organizationStudents.joinedVia,
  joinedAt: organizationStudents.joinedAt,
  removedAt: organizationStudents.removedAt,
};

type StudentRow = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  phone: string | null;
  hasPassword: boolean;
  lastLoginAt: Date | null;
  studentCode: string | null;
  note: string | null;
  status: MembershipStatus;
  joinedVia: Student['joined_via'];
  joinedAt: Date;
  removedAt: Date | null;
};

async function classesOf(db: Executor, tenant: OrganizationTenant, userIds: string[]) {
  const byUser = new Map<string, { id: string; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: classStudents.userId, id: classes.id, name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classes.organizationId, tenant.organizationId), inArray(classStudents.userId, userIds)))
    .orderBy(asc(classes.name));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.userId, list);
  }
  return byUser;
}

async function lastActivityOf(db: Executor, userIds: string[]) {
  const byUser = new Map<string, Date>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: attempts.userId, at: sql<string>`max(${attempts.startedAt})` })
    .from(attempts)
    .where(inArray(attempts.userId, userIds))
    .groupBy(attempts.userId);
  for (const row of rows) if (row.at) byUser.set(row.userId, new Date(row.at));
  return byUser;
}

function toStudent(
  row: StudentRow,
  classList: { id: string; name: string }[],
  lastAttempt: Date | undefined,
): Student {
  const candidates = [lastAttempt, row.lastLoginAt].filter((d): d is Date => Boolean(d));
  const last = candidates.sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    avatar_url: row.avatarUrl,
    student_code: row.studentCode,
    note: row.note,
    status: row.status,
    joined_via: row.joinedVia,
    joined_at: row.joinedAt.toISOString(),
    removed_at: iso(row.removedAt),
    has_password: row.hasPassword,
    classes: classList,
    last_activity_at: iso(last),
  };
}

export async function listStudents(
  db: Db,
  tenant: OrganizationTenant,
  query: { page: number; pageSize: number; search?: string; class_id?: string; status: MembershipStatus },
): Promise<Page<Student>> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(organizationStudents.organizationId, tenant.organizationId),
    eq(organizationStudents.status, query.status),
    search
      ? or(
          ilike(users.fullName, search),
          ilike(users.email, search),
          ilike(organizationStudents.studentCode, search),
        )
      : undefined,
    query.class_id
      ? sql`exists (select 1 from ${classStudents} inner join ${classes} on ${classes.id} = ${classStudents.classId}
          where ${classStudents.userId} = ${organizationStudents.userId} and ${classStudents.classId} = ${query.class_id}
          and ${classes.organizationId} = ${tenant.organizationId})`
      : undefined,
  );
  return studentPage(db, tenant, query, where, [asc(users.fullName), asc(users.email)]);
}

/** One page of an organization's students matching `where`, in `order`, with their classes and last activity. */
async function studentPage(
  db: Db,
  tenant: OrganizationTenant,
  query: { page: number; pageSize: number },
  where: SQL | undefined,
  order: SQL[],
): Promise<Page<Student>> {
  const [rows, [total]] = await Promise.all([
    db
      .select(studentColumns)
      .from(organizationStudents)
      .innerJoin(users, eq(users.id, organizationStudents.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(organizationStudents)
      .innerJoin(users, eq(users.id, organizationStudents.userId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [classMap, activity] = await Promise.all([classesOf(db, tenant, ids), lastActivityOf(db, ids)]);
  return {
    items: rows.map((row) => toStudent(row, classMap.get(row.id) ?? [], activity.get(row.id))),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function getStudent(
  db: Executor,
  tenant: OrganizationTenant,
  userId: string,
): Promise<StudentDetail> {
  const [row] = await db
    .select(studentColumns)
    .from(organizationStudents)
    .innerJoin(users, eq(users.id, organizationStudents.userId))
    .where(
      and(
        eq(organizationStudents.organizationId, tenant.organizationId),
        eq(organizationStudents.userId, userId),
      ),
    );
  if (!row) throw notFound('Student not found');
  const [classMap, activity, attemptRows] = await Promise.all([
    classesOf(db, tenant, [userId]),
    lastActivityOf(db, [userId]),
    // The organization sees attempts at its own tests and at the platform's, never at another organization's.
    db
      .select({
        id: attempts.id,
        testId: attempts.testId,
        title: tests.title,
        mode: attempts.mode,
        status: attempts.status,
        score: attempts.scoreTotal,
        maxScore: attempts.maxScore,
        correct: attempts.correctCount,
        questions: attempts.questionCount,
        startedAt: attempts.startedAt,
        submittedAt: attempts.submittedAt,
      })
      .from(attempts)
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .where(
        and(
          eq(attempts.userId, userId),
          or(isNull(tests.organizationId), eq(tests.organizationId, tenant.organizationId)),
        ),
      )
      .orderBy(desc(attempts.startedAt))
      .limit(100),
  ]);
  return {
    ...toStudent(row, classMap.get(userId) ?? [], activity.get(userId)),
    phone: row.phone,
    attempts: attemptRows.map((a) => ({
      id: a.id,
      test_id: a.testId,
      test_title: a.title,
      mode: a.mode,
      status: a.status,
      score: a.score,
      max_score: a.maxScore,
      correct_count: a.correct,
      question_count: a.questions,
      started_at: a.startedAt.toISOString(),
      submitted_at: iso(a.submittedAt),
    })),
  };
}

/** The organization's classes among `ids`; any other id is a 422 on `field`. */
async function assertClasses(
  db: Executor,
  tenant: OrganizationTenant,
  ids: string[],
  field: string,
  options: { allowArchived?: boolean } = {},
) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt })
    .from(classes)
    .where(and(eq(classes.organizationId, tenant.organizationId), inArray(classes.id, ids)));
  if (rows.length !== ids.length) throw validationFailed({ [field]: STUDENT_KEYS.classUnknown });
  if (!options.allowArchived && rows.some((row) => row.archivedAt)) {
    throw validationFailed({ [field]: STUDENT_KEYS.classArchived });
  }
  return rows;
}

export async function updateStudent(
  db: Db,
  tenant: OrganizationTenant,
  userId: string,
  body: { student_code: string | null; note: string | null; class_ids: string[]; status: MembershipStatus },
  now: Date,
): Promise<StudentDetail> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: organizationStudents.status })
      .from(organizationStudents)
      .where(
        and(
          eq(organizationStudents.organizationId, tenant.organizationId),
          eq(organizationStudents.userId, userId),
        ),
      )
      .for('update');
    if (!current) throw notFound('Student not found');
    // Archived classes the student is already in may stay; new ones must be open.
    const kept = await tx
      .select({ id: classStudents.classId })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .where(and(eq(classStudents.userId, userId), eq(classes.organizationId, tenant.organizationId)));
    const keptIds = new Set(kept.map((k) => k.id));
    const added = body.class_ids.filter((id) => !keptIds.has(id));
    await assertClasses(tx, tenant, added, 'class_ids');
    await assertClasses(tx, tenant, body.class_ids, 'class_ids', { allowArchived: true });
    await tx
      .update(organizationStudents)
      .set({
        studentCode: body.student_code,
        note: body.note,
        status: body.status,
        removedAt: body.status === 'removed' ? (current.status === 'removed' ? undefined : now) : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(organizationStudents.organizationId, tenant.organizationId),
          eq(organizationStudents.userId, userId),
        ),
      );
    const dropped = [...keptIds].filter((id) => !body.class_ids.includes(id));
    if (dropped.length > 0) {
      await tx
        .delete(classStudents)
        .where(and(eq(classStudents.userId, userId), inArray(classStudents.classId, dropped)));
    }
    if (added.length > 0) {
      await tx
        .insert(classStudents)
        .values(added.map((classId) => ({ classId, userId })))
        .onConflictDoNothing();
    }
  });
  return getStudent(db, tenant, userId);
}

/**
 * Adds (or reactivates) a learner as a student of the organization, within the seats of its package
 * (409 `packages.seat_limit` on `field`). Call inside a transaction: the seat check locks the organization.
 */
export async function attachStudent(
  db: Executor,
  tenant: OrganizationTenant,
  userId: string,
  via: 'code' | 'invitation' | 'import',
  now: Date,
  extra: { studentCode?: string | null; classIds?: string[]; field?: string } = {},
) {
  await assertSeatFor(db, tenant.organizationId, userId, extra.field ?? 'email', now);
  await db
    .insert(organizationStudents)
    .values({
      organizationId: tenant.organizationId,
      userId,
      joinedVia: via,
      studentCode: extra.studentCode ?? null,
    })
    .onConflictDoUpdate({
      target: [organizationStudents.organizationId, organizationStudents.userId],
      set: {
        status: 'active',
        removedAt: null,
        updatedAt: now,
        ...(extra.studentCode ? { studentCode: extra.studentCode } : {}),
      },
    });
  if (extra.classIds?.length) {
    await db
      .insert(classStudents)
      .values(extra.classIds.map((classId) => ({ classId, userId })))
      .onConflictDoNothing();
  }
}

// ---------------------------------------------------------------- classes

const classColumns = {
  id: classes.id,
  name: classes.name,
  description: classes.description,
  archivedAt: classes.archivedAt,
  createdAt: classes.createdAt,
  // Written out: Drizzle leaves table names off columns of a one-table select, which a subquery needs.
  studentCount: sql<number>`(select count(*)::int from class_students cs
    inner join organization_students os on os.user_id = cs.user_id and os.organization_id = "classes"."organization_id"
    where cs.class_id = "classes"."id" and os.status = 'active')`,
};

type ClassRow = {
  id: string;
  name: string;
  description: string | null;
  archivedAt: Date | null;
  createdAt: Date;
  studentCount: number;
};

const toClass = (row: ClassRow): ClassItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  archived: row.archivedAt !== null,
  archived_at: iso(row.archivedAt),
  student_count: Number(row.studentCount),
  created_at: row.createdAt.toISOString(),
});

export async function listClasses(
  db: Db,
  tenant: OrganizationTenant,
  query: { page: number; pageSize: number; search?: string; state: 'active' | 'archived' | 'all' },
): Promise<Page<ClassItem>> {
  const where = and(
    eq(classes.organizationId, tenant.organizationId),
    query.state === 'active'
      ? isNull(classes.archivedAt)
      : query.state === 'archived'
        ? isNotNull(classes.archivedAt)
        : undefined,
    query.search ? ilike(classes.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(classColumns)
      .from(classes)
      .where(where)
      .orderBy(asc(sql`lower(${classes.name})`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(classes).where(where),
  ]);
  return {
    items: rows.map(toClass),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function getClass(db: Executor, tenant: OrganizationTenant, id: string): Promise<ClassItem> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.id, id), eq(classes.organizationId, tenant.organizationId)));
  if (!row) throw notFound('Class not found');
  return toClass(row);
}

const nameTaken = () => conflict('A class with this name exists', { name: STUDENT_KEYS.classNameTaken });

function isNameClash(error: unknown) {
  const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return text.includes('classes_organization_name_key');
}

async function assertNameFree(db: Executor, tenant: OrganizationTenant, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.organizationId, tenant.organizationId),
        sql`lower(${classes.name}) = lower(${name})`,
        exceptId ? sql`${classes.id} <> ${exceptId}` : undefined,
      ),
    );
  if (clash) throw nameTaken();
}

export async function createClass(
  db: Db,
  tenant: OrganizationTenant,
  body: { name: string; description: string | null },
): Promise<ClassItem> {
  await assertNameFree(db, tenant, body.name);
  try {
    const [row] = await db
      .insert(classes)
      .values({ organizationId: tenant.organizationId, name: body.name, description: body.description })
      .returning({ id: classes.id });
    return getClass(db, tenant, row!.id);
  } catch (error) {
    if (isNameClash(error)) throw nameTaken();
    throw error;
  }
}

export async function updateClass(
  db: Db,
  tenant: OrganizationTenant,
  id: string,
  body: { name: string; description: string | null },
  now: Date,
): Promise<ClassItem> {
  await getClass(db, tenant, id);
  await assertNameFree(db, tenant, body.name, id);
  try {
    await db
      .update(classes)
      .set({ name: body.name, description: body.description, updatedAt: now })
      .where(and(eq(classes.id, id), eq(classes.organizationId, tenant.organizationId)));
  } catch (error) {
    if (isNameClash(error)) throw nameTaken();
    throw error;
  }
  return getClass(db, tenant, id);
}

export async function setClassArchived(
  db: Db,
  tenant: OrganizationTenant,
  id: string,
  archived: boolean,
  now: Date,
): Promise<ClassItem> {
  const current = await getClass(db, tenant, id);
  if (current.archived !== archived) {
    await db
      .update(classes)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(and(eq(classes.id, id), eq(classes.organizationId, tenant.organizationId)));
  }
  return getClass(db, tenant, id);
}

/** Every id must be a student (active) of the organization. */
async function assertStudents(db: Executor, tenant: OrganizationTenant, userIds: string[]) {
  const rows = await db
    .select({ id: organizationStudents.userId })
    .from(organizationStudents)
    .where(
      and(
        eq(organizationStudents.organizationId, tenant.organizationId),
        eq(organizationStudents.status, 'active'),
        inArray(organizationStudents.userId, userIds),
      ),
    );
  if (rows.length !== userIds.length) throw validationFailed({ user_ids: STUDENT_KEYS.studentUnknown });
}

async function openClass(db: Executor, tenant: OrganizationTenant, id: string, field?: string) {
  let item: ClassItem;
  try {
    item = await getClass(db, tenant, id);
  } catch (error) {
    if (field) throw validationFailed({ [field]: STUDENT_KEYS.classUnknown });
    throw error;
  }
  if (item.archived) throw validationFailed({ [field ?? 'class']: STUDENT_KEYS.classArchived });
  return item;
}

export async function addClassStudents(
  db: Db,
  tenant: OrganizationTenant,
  classId: string,
  userIds: string[],
) {
  const changed = await db.transaction(async (tx) => {
    await openClass(tx, tenant, classId);
    await assertStudents(tx, tenant, userIds);
    const rows = await tx
      .insert(classStudents)
      .values(userIds.map((userId) => ({ classId, userId })))
      .onConflictDoNothing()
      .returning({ userId: classStudents.userId });
    return rows.length;
  });
  return { class: await getClass(db, tenant, classId), changed };
}

export async function removeClassStudents(
  db: Db,
  tenant: OrganizationTenant,
  classId: string,
  userIds: string[],
) {
  await getClass(db, tenant, classId);
  const rows = await db
    .delete(classStudents)
    .where(and(eq(classStudents.classId, classId), inArray(classStudents.userId, userIds)))
    .returning({ userId: classStudents.userId });
  return { class: await getClass(db, tenant, classId), changed: rows.length };
}

/** Moves students from one class to another in one transaction (the ones not in the source are refused). */
export async function moveClassStudents(
  db: Db,
  tenant: OrganizationTenant,
  fromClassId: string,
  body: { user_ids: string[]; to_class_id: string },
) {
  const changed = await db.transaction(async (tx) => {
    await getClass(tx, tenant, fromClassId);
    if (body.to_class_id === fromClassId) throw validationFailed({ to_class_id: 'common.invalid_field' });
    await openClass(tx, tenant, body.to_class_id, 'to_class_id');
    const removed = await tx
      .delete(classStudents)
      .where(and(eq(classStudents.classId, fromClassId), inArray(classStudents.userId, body.user_ids)))
      .returning({ userId: classStudents.userId });
    if (removed.length !== body.user_ids.length) {
      throw validationFailed({ user_ids: STUDENT_KEYS.studentUnknown });
    }
    await tx
      .insert(classStudents)
      .values(body.user_ids.map((userId) => ({ classId: body.to_class_id, userId })))
      .onConflictDoNothing();
    return removed.length;
  });
  return { class: await getClass(db, tenant, body.to_class_id), changed };
}

// ---------------------------------------------------------------- join code

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const joinLink = (publicUrl: string, slug: string, code: string) =>
  `${publicUrl}/organizations/${encodeURIComponent(slug)}?code=${encodeURIComponent(code)}`;

async function storeNewCode(db: Db, tenant: OrganizationTenant, now: Date) {
  for (let attempt = 0; ; attempt++) {
    const code = newJoinCode();
    try {
      await db
        .update(organizations)
        .set({ joinCode: code, updatedAt: now })
        .where(eq(organizations.id, tenant.organizationId));
      return code;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

export async function getJoinCode(
  db: Db,
  tenant: OrganizationTenant,
  publicUrl: string,
  now: Date,
): Promise<JoinCode> {
  const [row] = await db
    .select({
      slug: organizations.slug,
      code: organizations.joinCode,
      classId: classes.id,
      className: classes.name,
    })
    .from(organizations)
    .leftJoin(
      classes,
      and(eq(classes.id, organizations.joinClassId), eq(classes.organizationId, organizations.id)),
    )
    .where(eq(organizations.id, tenant.organizationId));
  if (!row) throw notFound('Organization not found');
  const code = row.code ?? (await storeNewCode(db, tenant, now));
  return {
    code,
    link: joinLink(publicUrl, row.slug, code),
    default_class: row.classId && row.className ? { id: row.classId, name: row.className } : null,
  };
}

/**
 * Where learners who join with the code go: one of the organization's open classes (another
 * organization's class or an archived one is a 422 on `default_class_id`), or null for the waiting list.
 */
export async function setJoinSettings(
  db: Db,
  tenant: OrganizationTenant,
  body: { default_class_id: string | null },
  publicUrl: string,
  now: Date,
): Promise<JoinCode> {
  await db.transaction(async (tx) => {
    if (body.default_class_id) {
      await assertClasses(tx, tenant, [body.default_class_id], 'default_class_id');
    }
    const updated = await tx
      .update(organizations)
      .set({ joinClassId: body.default_class_id, updatedAt: now })
      .where(eq(organizations.id, tenant.organizationId))
      .returning({ id: organizations.id });
    if (updated.length === 0) throw notFound('Organization not found');
  });
  return getJoinCode(db, tenant, publicUrl, now);
}

/**
 * The students who joined with the code, newest first; `waiting`: those in no open class of the
 * organization yet (a teacher assigns them with POST /classes/{id}/students).
 */
export async function listJoiners(
  db: Db,
  tenant: OrganizationTenant,
  query: { page: number; pageSize: number; state: 'all' | 'waiting' },
): Promise<Page<Student>> {
  const where = and(
    eq(organizationStudents.organizationId, tenant.organizationId),
    eq(organizationStudents.status, 'active'),
    eq(organizationStudents.joinedVia, 'code'),
    query.state === 'waiting'
      ? sql`not exists (select 1 from ${classStudents} inner join ${classes} on ${classes.id} = ${classStudents.classId}
          where ${classStudents.userId} = ${organizationStudents.userId}
          and ${classes.organizationId} = ${tenant.organizationId} and ${classes.archivedAt} is null)`
      : undefined,
  );
  return studentPage(db, tenant, query, where, [desc(organizationStudents.joinedAt), asc(users.email)]);
}

export async function regenerateJoinCode(
  db: Db,
  tenant: OrganizationTenant,
  publicUrl: string,
  now: Date,
): Promise<JoinCode> {
  await getJoinCode(db, tenant, publicUrl, now);
  await storeNewCode(db, tenant, now);
  return getJoinCode(db, tenant, publicUrl, now);
}

// ---------------------------------------------------------------- the learner's side

export async function learnerOrganizations(db: Db, userId: string): Promise<LearnerOrganization[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      logoUrl: organizations.logoUrl,
      joinedAt: organizationStudents.joinedAt,
    })
    .from(organizationStudents)
    .innerJoin(organizations, eq(organizations.id, organizationStudents.organizationId))
    .where(and(eq(organizationStudents.userId, userId), eq(organizationStudents.status, 'active')))
    .orderBy(asc(organizations.name));
  const result: LearnerOrganization[] = [];
  for (const row of rows) {
    const classMap = await classesOf(db, { organizationId: row.id }, [userId]);
    result.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      logo_url: row.logoUrl,
      joined_at: row.joinedAt.toISOString(),
      classes: classMap.get(userId) ?? [],
    });
  }
  return result;
}

export async function learnerOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<LearnerOrganization> {
  const found = (await learnerOrganizations(db, userId)).find((o) => o.id === organizationId);
  if (!found) throw notFound('Organization not found');
  return found;
}

/** An organization that may take students: approved and not suspended. */
export function assertOpen(row: { status: string; suspendedAt: Date | null }, field: string) {
  if (row.status !== 'approved' || row.suspendedAt) {
    throw new AppError(403, 'FORBIDDEN', 'This organization does not take students now', {
      [field]: STUDENT_KEYS.organizationClosed,
    });
  }
}

export async function joinWithCode(
  db: Db,
  userId: string,
  rawCode: string,
  now: Date,
): Promise<LearnerOrganization> {
  const code = rawCode.trim().toUpperCase();
  const [organization] = await db
    .select({ id: organizations.id, status: organizations.status, suspendedAt: organizations.suspendedAt })
    .from(organizations)
    .where(eq(organizations.joinCode, code));
  if (!organization) throw validationFailed({ code: STUDENT_KEYS.joinCodeInvalid });
  assertOpen(organization, 'code');
  const tenant = { organizationId: organization.id };
  await db.transaction(async (tx) => {
    // Read in the transaction: the centre's default class now (its own, still open), else the waiting list.
    const [target] = await tx
      .select({ classId: classes.id })
      .from(organizations)
      .innerJoin(
        classes,
        and(
          eq(classes.id, organizations.joinClassId),
          eq(classes.organizationId, organizations.id),
          isNull(classes.archivedAt),
        ),
      )
      .where(eq(organizations.id, organization.id));
    const [current] = await tx
      .select({ status: organizationStudents.status })
      .from(organizationStudents)
      .where(
        and(
          eq(organizationStudents.organizationId, organization.id),
          eq(organizationStudents.userId, userId),
        ),
      );
    // A learner who already studies there keeps their classes; a new or returning one goes where the centre says.
    const placed = target && current?.status !== 'active' ? [target.classId] : [];
    await attachStudent(tx, tenant, userId, 'code', now, { field: 'code', classIds: placed });
  });
  return learnerOrganization(db, userId, organization.id);
}

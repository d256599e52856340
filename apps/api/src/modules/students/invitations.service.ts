import {
  INVITATION_TTL_DAYS,
  type Invitation,
  isLocale,
  type Locale,
  PACKAGE_KEYS,
  type Page,
  type PublicInvitation,
  STUDENT_KEYS,
  VALIDATION_KEYS,
} from '@prepwise/contract';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  classes,
  organizationInvitations,
  organizationStudents,
  organizations,
  users,
} from '../../db/schema';
import type { DepsOf } from '../../deps';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { claimMailQuota } from '../../lib/mail-limits';
import { hashPassword } from '../../lib/passwords';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import { assertAcceptablePassword, type ClientMeta, startLearnerSession } from '../auth/auth.service';
import { seatsLeft } from '../organization-packages/packages.service';
import { invitationMail } from './students.mails';
import { assertOpen, attachStudent, learnerOrganization, type OrganizationTenant } from './students.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

type InvitationRow = typeof organizationInvitations.$inferSelect;

function statusOf(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

async function toInvitations(db: Executor, tenant: OrganizationTenant, rows: InvitationRow[], now: Date) {
  const classIds = [...new Set(rows.flatMap((row) => row.classIds))];
  const names = new Map<string, string>();
  if (classIds.length > 0) {
    const found = await db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.organizationId, tenant.organizationId), inArray(classes.id, classIds)));
    for (const c of found) names.set(c.id, c.name);
  }
  return rows.map(
    (row): Invitation => ({
      id: row.id,
      email: row.email,
      classes: row.classIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
      status: statusOf(row, now),
      expires_at: row.expiresAt.toISOString(),
      accepted_at: iso(row.acceptedAt),
      revoked_at: iso(row.revokedAt),
      created_at: row.createdAt.toISOString(),
    }),
  );
}

/** The inviter's language for the mail (the platform default when unknown). */
export async function localeOf(db: Executor, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isLocale(row?.locale) ? row.locale : 'vi';
}

/**
 * Stores an invitation and answers the mail to send once the surrounding transaction has committed
 * (a rolled-back import must not have mailed anyone).
 */
export async function createInvitation(
  db: Executor,
  tenant: OrganizationTenant,
  options: {
    email: string;
    classIds: string[];
    invitedBy: string;
    locale: Locale;
    publicUrl: string;
    kind: 'invitation' | 'import';
    now: Date;
  },
): Promise<{ row: InvitationRow; mail: OutgoingMail }> {
  const token = newOpaqueToken();
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, tenant.organizationId));
  const [row] = await db
    .insert(organizationInvitations)
    .values({
      organizationId: tenant.organizationId,
      email: options.email,
      tokenHash: sha256(token),
      classIds: options.classIds,
      invitedBy: options.invitedBy,
      expiresAt: new Date(options.now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      createdAt: options.now,
    })
    .returning();
  const link = `${options.publicUrl}/join/${token}`;
  const mail = invitationMail(organization?.name ?? 'Prepwise', link, options.locale, options.kind);
  return { row: row!, mail: { to: options.email, ...mail } };
}

/** A pending invitation this recent is answered again when the address is invited again, not mailed again. */
const REINVITE_QUIET_MS = 3_600_000;

/**
 * Claims the hourly mail limits of invitation mails about to go out (issue 26): the sending account's
 * and each recipient's, inside the caller's transaction (refused: 429 MAIL_LIMIT, nothing stored).
 */
export async function claimInvitationMails(
  deps: DepsOf<'config' | 'db' | 'now'>,
  tx: Tx,
  senderId: string,
  emails: string[],
) {
  if (emails.length === 0) return;
  await claimMailQuota(deps, tx, 'invitationsPerSender', senderId, emails.length);
  // In one order, so two requests naming the same addresses never wait on each other's locks.
  for (const email of [...new Set(emails)].sort()) {
    await claimMailQuota(deps, tx, 'invitationsPerRecipient', email);
  }
}

export async function inviteStudents(
  deps: DepsOf<'config' | 'db' | 'mail' | 'now'>,
  tenant: OrganizationTenant,
  inviterId: string,
  body: { emails: string[]; class_ids: string[] },
) {
  const { db } = deps;
  const now = deps.now();
  const locale = await localeOf(db, inviterId);
  const { rows, mails, already } = await db.transaction(async (tx) => {
    if (body.class_ids.length > 0) {
      const found = await tx
        .select({ id: classes.id, archivedAt: classes.archivedAt })
        .from(classes)
        .where(and(eq(classes.organizationId, tenant.organizationId), inArray(classes.id, body.class_ids)));
      if (found.length !== body.class_ids.length)
        throw validationFailed({ class_ids: STUDENT_KEYS.classUnknown });
      if (found.some((c) => c.archivedAt)) throw validationFailed({ class_ids: STUDENT_KEYS.classArchived });
    }
    const members = await tx
      .select({ email: users.email })
      .from(organizationStudents)
      .innerJoin(users, eq(users.id, organizationStudents.userId))
      .where(
        and(
          eq(organizationStudents.organizationId, tenant.organizationId),
          eq(organizationStudents.status, 'active'),
          inArray(users.email, body.emails),
        ),
      );
    const memberEmails = new Set(members.map((m) => m.email));
    // An invitation promises a seat: none is sent beyond the seats the package has left.
    const newcomers = body.emails.filter((email) => !memberEmails.has(email)).length;
    if (newcomers > (await seatsLeft(tx, tenant.organizationId, now))) {
      throw conflict("More students than the package's seats", { emails: PACKAGE_KEYS.seatLimit });
    }
    // Invited again within the hour while still pending: the same invitation, no second mail.
    const recentRows = await tx
      .select()
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, tenant.organizationId),
          inArray(organizationInvitations.email, body.emails),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.revokedAt),
          gt(organizationInvitations.expiresAt, now),
          gt(organizationInvitations.createdAt, new Date(now.getTime() - REINVITE_QUIET_MS)),
        ),
      )
      .orderBy(desc(organizationInvitations.createdAt));
    const recent = new Map<string, InvitationRow>();
    for (const row of recentRows) if (!recent.has(row.email)) recent.set(row.email, row);
    const toMail = body.emails.filter((email) => !memberEmails.has(email) && !recent.has(email));
    await claimInvitationMails(deps, tx, inviterId, toMail);
    const created: InvitationRow[] = [];
    const outgoing: OutgoingMail[] = [];
    for (const email of body.emails) {
      if (memberEmails.has(email)) continue;
      const again = recent.get(email);
      if (again) {
        created.push(again);
        continue;
      }
      const { row, mail } = await createInvitation(tx, tenant, {
        email,
        classIds: body.class_ids,
        invitedBy: inviterId,
        locale,
        publicUrl: deps.config.publicUrl,
        kind: 'invitation',
        now,
      });
      created.push(row);
      outgoing.push(mail);
    }
    return { rows: created, mails: outgoing, already: [...memberEmails] };
  });
  for (const mail of mails) await deps.mail.send(mail);
  return { invited: await toInvitations(db, tenant, rows, now), already_students: already };
}

export async function listInvitations(
  db: Db,
  tenant: OrganizationTenant,
  query: { page: number; pageSize: number; status?: Invitation['status'] },
  now: Date,
): Promise<Page<Invitation>> {
  const byStatus = {
    pending: and(
      isNull(organizationInvitations.acceptedAt),
      isNull(organizationInvitations.revokedAt),
      gt(organizationInvitations.expiresAt, now),
    ),
    accepted: isNotNull(organizationInvitations.acceptedAt),
    revoked: and(isNull(organizationInvitations.acceptedAt), isNotNull(organizationInvitations.revokedAt)),
    expired: and(
      isNull(organizationInvitations.acceptedAt),
      isNull(organizationInvitations.revokedAt),
      lte(organizationInvitations.expiresAt, now),
    ),
  };
  const where = and(
    eq(organizationInvitations.organizationId, tenant.organizationId),
    query.status ? byStatus[query.status] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organizationInvitations)
      .where(where)
      .orderBy(desc(organizationInvitations.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(organizationInvitations).where(where),
  ]);
  return {
    items: await toInvitations(db, tenant, rows, now),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function revokeInvitation(
  db: Db,
  tenant: OrganizationTenant,
  id: string,
  now: Date,
): Promise<Invitation> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.id, id),
        eq(organizationInvitations.organizationId, tenant.organizationId),
      ),
    );
  if (!row) throw notFound('Invitation not found');
  if (row.acceptedAt)
    throw conflict('The invitation was already accepted', { id: STUDENT_KEYS.invitationUsed });
  const [updated] = row.revokedAt
    ? [row]
    : await db
        .update(organizationInvitations)
        .set({ revokedAt: now })
        .where(eq(organizationInvitations.id, id))
        .returning();
  return (await toInvitations(db, tenant, [updated!], now))[0]!;
}

// ---------------------------------------------------------------- the invitee's side

async function usableInvitation(db: Executor, token: string, now: Date) {
  const [found] = await db
    .select({
      invitation: organizationInvitations,
      organization: {
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        logoUrl: organizations.logoUrl,
        status: organizations.status,
        suspendedAt: organizations.suspendedAt,
      },
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(eq(organizationInvitations.tokenHash, sha256(token)));
  if (!found) {
    throw new AppError(404, 'NOT_FOUND', 'No such invitation', { token: STUDENT_KEYS.invitationNotFound });
  }
  const status = statusOf(found.invitation, now);
  const gone = (key: string, message: string) => new AppError(410, 'NOT_FOUND', message, { token: key });
  if (status === 'accepted') throw gone(STUDENT_KEYS.invitationUsed, 'The invitation was already used');
  if (status === 'revoked') throw gone(STUDENT_KEYS.invitationRevoked, 'The invitation was revoked');
  if (status === 'expired') throw gone(STUDENT_KEYS.invitationExpired, 'The invitation has expired');
  assertOpen(found.organization, 'token');
  return found;
}

async function accountOf(db: Executor, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      scope: users.scope,
      passwordHash: users.passwordHash,
      googleSub: users.googleSub,
    })
    .from(users)
    .where(eq(users.email, email));
  return user ? { ...user, canSignIn: user.passwordHash !== null || user.googleSub !== null } : null;
}

export async function getPublicInvitation(db: Db, token: string, now: Date): Promise<PublicInvitation> {
  const { invitation, organization } = await usableInvitation(db, token, now);
  const account = await accountOf(db, invitation.email);
  return {
    organization: { name: organization.name, slug: organization.slug, logo_url: organization.logoUrl },
    email: invitation.email,
    account_exists: Boolean(account?.canSignIn),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation. An address with a usable account must be signed in as that account; an
 * address without one (new, or made by an import) sets a name and password and is signed in.
 */
export async function acceptInvitation(
  deps: Parameters<typeof startLearnerSession>[0],
  token: string,
  body: { full_name?: string; password?: string; password_confirmation?: string },
  auth: AuthContext | null,
  meta: ClientMeta,
) {
  const { db } = deps;
  const now = deps.now();
  const { invitation, organization } = await usableInvitation(db, token, now);
  const tenant = { organizationId: organization.id };
  const account = await accountOf(db, invitation.email);
  if (account && account.scope !== 'user') {
    throw conflict('This address belongs to a staff account', { token: STUDENT_KEYS.invitationNotLearner });
  }
  if (account?.canSignIn) {
    if (!auth) {
      throw new AppError(401, 'UNAUTHORIZED', 'Sign in to accept', { token: STUDENT_KEYS.invitationSignIn });
    }
    if (auth.user.id !== account.id) {
      throw new AppError(403, 'FORBIDDEN', 'Signed in as another account', {
        token: STUDENT_KEYS.invitationOtherAccount,
      });
    }
  } else {
    const errors: Record<string, string> = {};
    if (!account && !body.full_name) errors.full_name = VALIDATION_KEYS.required;
    if (!body.password) errors.password = VALIDATION_KEYS.required;
    else if (body.password !== body.password_confirmation) {
      errors.password_confirmation = VALIDATION_KEYS.confirmed;
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    assertAcceptablePassword(body.password!);
  }
  const passwordHash = account?.canSignIn ? null : await hashPassword(body.password!);
  const userId = await db.transaction(async (tx) => {
    // The token is spent first: two tabs accepting at once make one account.
    const spent = await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(organizationInvitations.id, invitation.id), isNull(organizationInvitations.acceptedAt)))
      .returning({ id: organizationInvitations.id });
    if (spent.length === 0) {
      throw new AppError(410, 'NOT_FOUND', 'The invitation was already used', {
        token: STUDENT_KEYS.invitationUsed,
      });
    }
    let id = account?.id;
    if (!id) {
      const [created] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          fullName: body.full_name!,
          passwordHash,
          scope: 'user',
          locale: meta.locale,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!created) throw conflict('The account exists now', { token: STUDENT_KEYS.invitationUsed });
      id = created.id;
    } else if (passwordHash) {
      await tx
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: now,
          ...(body.full_name ? { fullName: body.full_name } : {}),
          updatedAt: now,
        })
        .where(and(eq(users.id, id), sql`${users.passwordHash} is null`));
    }
    // Classes archived or deleted since the invitation are skipped.
    const open = invitation.classIds.length
      ? await tx
          .select({ id: classes.id })
          .from(classes)
          .where(
            and(
              eq(classes.organizationId, tenant.organizationId),
              inArray(classes.id, invitation.classIds),
              isNull(classes.archivedAt),
            ),
          )
      : [];
    await attachStudent(tx, tenant, id, 'invitation', now, {
      classIds: open.map((c) => c.id),
      field: 'token',
    });
    return id;
  });
  const result = await learnerOrganization(db, userId, organization.id);
  if (account?.canSignIn) return { organization: result, signed_in: false as const, tokens: null };
  const tokens = await startLearnerSession(deps, userId, meta);
  return { organization: result, signed_in: true as const, tokens };
}

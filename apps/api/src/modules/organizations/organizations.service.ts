import { randomInt } from 'node:crypto';
import { type OrganizationRegisterBody, slugify } from '@prepwise/contract';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import type { DepsOf } from '../../deps';
import { hashPassword } from '../../lib/passwords';
import { organizationApplicationMail, organizationEmailTakenMail } from '../auth/auth.mails';
import type { ClientMeta } from '../auth/auth.service';
import { assertAcceptablePassword } from '../auth/auth.service';
import {
  assertOrganizationNameFree,
  isUniqueViolation,
  NAME_KEY_CONSTRAINT,
  organizationNameTaken,
} from './organization-names';

/** A slug not yet taken: "truong-a", then "truong-a-2", "truong-a-3" … */
export async function uniqueOrganizationSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'organization';
  const taken = new Set(
    (
      await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(like(organizations.slug, `${base}%`))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Letters and digits nobody confuses when reading a code aloud or off a board (no 0/O, 1/I/L). */
const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random 8-character join code (31^8 ≈ 8.5e11 codes): learners type it to join the organization. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** Where an application's organization name is in its body (a field path, not a translation key). */
const NAME_FIELD = ['organization', 'name'].join('.');

type ParsedRegistration = {
  organization: {
    name: string;
    email: string;
    phone?: string | null;
    address?: string | null;
    website?: string | null;
    description?: string | null;
  };
  owner: { full_name: string; email: string; phone?: string | null; password: string };
};

/**
 * The register-organization application: the organization and its owner's educator account, both
 * pending until an admin approves. The answer is the same when the owner email is already taken.
 */
export async function registerOrganization(
  deps: DepsOf<'db' | 'mail' | 'now'>,
  body: ParsedRegistration,
  meta: ClientMeta,
) {
  assertAcceptablePassword(body.owner.password, 'owner.password');
  const passwordHash = await hashPassword(body.owner.password);
  const apply = () => applyOnce(deps.db, body, passwordHash, meta, deps.now());
  const created = await apply().catch(async (error: unknown) => {
    if (isUniqueViolation(error, NAME_KEY_CONSTRAINT)) throw organizationNameTaken(NAME_FIELD);
    // The slug made from the name met a look-alike applied for at the same moment; that one committed, so
    // the second try finds its name (409), or, for names that only share a slug, takes the next slug.
    if (isUniqueViolation(error, 'organizations_slug_key')) return apply();
    throw error;
  });
  const mail = created
    ? organizationApplicationMail(body.organization.name, meta.locale)
    : organizationEmailTakenMail(meta.locale);
  await deps.mail.send({ to: body.owner.email, ...mail });
}

/** One try of the application, in one transaction; true when it created the organization or reopened it. */
async function applyOnce(
  db: Db,
  body: ParsedRegistration,
  passwordHash: string,
  meta: ClientMeta,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({
        email: body.owner.email,
        passwordHash,
        fullName: body.owner.full_name,
        phone: body.owner.phone ?? null,
        scope: 'educator',
        status: 'pending',
        locale: meta.locale,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!owner) return reopenRejectedApplication(tx as unknown as Db, body, passwordHash, meta, now);
    await assertOrganizationNameFree(tx as unknown as Db, body.organization.name, undefined, NAME_FIELD);
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: body.organization.name,
        slug: await uniqueOrganizationSlug(tx as unknown as Db, body.organization.name),
        email: body.organization.email,
        phone: body.organization.phone ?? null,
        address: body.organization.address ?? null,
        website: body.organization.website ?? null,
        description: body.organization.description ?? null,
        status: 'pending',
        ownerId: owner.id,
        joinCode: newJoinCode(),
      })
      .returning({ id: organizations.id });
    await tx.update(users).set({ organizationId: organization!.id }).where(eq(users.id, owner.id));
    return true;
  });
}

/**
 * A rejected applicant applies again with the same e-mail: their application is reopened as pending
 * with what they sent now (organization details, name, password, language). Any other existing account
 * answers false (the "email taken" mail); the HTTP answer is the same either way.
 */
async function reopenRejectedApplication(
  tx: Db,
  body: ParsedRegistration,
  passwordHash: string,
  meta: ClientMeta,
  now: Date,
): Promise<boolean> {
  const [previous] = await tx
    .select({ userId: users.id, organizationId: organizations.id, ownerId: organizations.ownerId })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(users.email, body.owner.email),
        eq(users.scope, 'educator'),
        eq(users.status, 'pending'),
        eq(organizations.status, 'rejected'),
      ),
    );
  if (!previous || (previous.ownerId !== null && previous.ownerId !== previous.userId)) return false;
  await assertOrganizationNameFree(tx, body.organization.name, previous.organizationId, NAME_FIELD);
  await tx
    .update(users)
    .set({
      passwordHash,
      fullName: body.owner.full_name,
      phone: body.owner.phone ?? null,
      locale: meta.locale,
      updatedAt: now,
    })
    .where(eq(users.id, previous.userId));
  await tx
    .update(organizations)
    .set({
      name: body.organization.name,
      email: body.organization.email,
      phone: body.organization.phone ?? null,
      address: body.organization.address ?? null,
      website: body.organization.website ?? null,
      description: body.organization.description ?? null,
      status: 'pending',
      reviewNote: null,
      reviewedAt: null,
      ownerId: previous.userId,
      updatedAt: now,
    })
    .where(eq(organizations.id, previous.organizationId));
  return true;
}

export type { OrganizationRegisterBody };

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const scopeEnum = pgEnum('account_scope', ['admin', 'educator', 'user']);
export const accountStatusEnum = pgEnum('account_status', ['active', 'disabled', 'pending']);
export const organizationStatusEnum = pgEnum('organization_status', ['pending', 'approved', 'rejected']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * The name as the public directory compares it (`organization_name_key(name)`, migration 0038: case,
     * NFKC, Vietnamese marks, spaces and punctuation, Latin look-alikes); set by a trigger when the name is
     * written, unique so no centre can take a look-alike of another's name (issue 26).
     */
    nameKey: text('name_key').notNull().default(''),
    slug: text('slug').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    description: text('description'),
    status: organizationStatusEnum('status').notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The media URL of the organization's logo (an upload of ours). */
    logoUrl: text('logo_url'),
    /** Shown on the public /organizations list (approved and not suspended only). */
    isListed: boolean('is_listed').notNull().default(false),
    /** Entered at /organizations/{slug} (or carried by the join link) to join as a student. */
    joinCode: text('join_code'),
    /**
     * Where a learner who joins with the code goes (issue 29): this class of the organization's own
     * (open, not archived), or, null, the waiting list (a student in no class, whom a teacher assigns).
     */
    joinClassId: uuid('join_class_id').references((): AnyPgColumn => classes.id, { onDelete: 'set null' }),
    /** The educator account that applied or was created with the organization; holds every portal permission. */
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Suspended by the platform: the portal is read-only, its learners keep their history. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organizations_slug_key').on(table.slug),
    uniqueIndex('organizations_name_key_key').on(table.nameKey),
    uniqueIndex('organizations_join_code_key').on(table.joinCode),
    index('organizations_status_idx').on(table.status),
  ],
);

export const membershipStatusEnum = pgEnum('membership_status', ['active', 'removed']);
export const joinedViaEnum = pgEnum('joined_via', ['code', 'invitation', 'import', 'staff']);

/**
 * A learner account that studies with an organization. Removing keeps the row (and the learner's
 * history) but ends the access.
 */
export const organizationStudents = pgTable(
  'organization_students',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: membershipStatusEnum('status').notNull().default('active'),
    joinedVia: joinedViaEnum('joined_via').notNull(),
    /** The organization's own reference for the student (roster number), optional. */
    studentCode: text('student_code'),
    note: text('note'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_students_user_idx').on(table.userId),
    index('organization_students_list_idx').on(table.organizationId, table.status, table.joinedAt),
  ],
);

/** A class (group of students) of an organization; tests get assigned to classes. */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('classes_organization_name_key').on(table.organizationId, sql`lower(${table.name})`),
    index('classes_organization_idx').on(table.organizationId, table.archivedAt),
  ],
);

export const classStudents = pgTable(
  'class_students',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.classId, table.userId] }),
    index('class_students_user_idx').on(table.userId),
  ],
);

/**
 * An e-mail invitation to join an organization as a student (optionally into classes). The link
 * carries a random token; only its SHA-256 hash is stored.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    classIds: uuid('class_ids').array().notNull().default(sql`'{}'::uuid[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_key').on(table.tokenHash),
    index('organization_invitations_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** A named permission list. Platform roles have no organization; organization roles come later. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [index('roles_organization_idx').on(table.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    scope: scopeEnum('scope').notNull().default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: accountStatusEnum('status').notNull().default('active'),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    avatarUrl: text('avatar_url'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    locale: text('locale').notNull().default('vi'),
    googleSub: text('google_sub'),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_google_sub_key').on(table.googleSub),
    index('users_organization_idx').on(table.organizationId),
    index('users_role_idx').on(table.roleId),
  ],
);

/** A sign-in session: one refresh-token family with an absolute expiry. Its id is the access token's `sid`. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategy: scopeEnum('strategy').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Each refresh token is used once; a second use of a used token revokes its whole session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId, table.createdAt)],
);

/**
 * When a notice was last mailed to an address (e.g. "an account already exists"): registering an
 * existing e-mail again and again mails that address at most once per hour (issue 13). Shared by every
 * process through the database.
 */
export const mailThrottle = pgTable(
  'mail_throttle',
  {
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.email] })],
);

/**
 * Sign-in attempts per account (the e-mail as typed, so an unknown address is throttled like a real
 * one), across addresses, for the growing delays (auth.service). A row is written before the password is
 * checked and deleted when it was right, so concurrent guesses see each other; rows older than the
 * window are pruned.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_key_idx').on(table.accountKey, table.createdAt)],
);

/**
 * A code mailed to the owner of an account whose sign-ins wait (growing delays): with the code and the
 * password the owner signs in at once. Stored as an HMAC; single use, a few tries, expiring.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_codes_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Counted mails for the hourly mail limits (lib/mail-limits.ts): one row per claim, `weight` mails of a
 * kind (e.g. invitations sent by an account, invitations to an address, reset-code requests for an
 * e-mail) under a key. Shared by every process; rows older than the window are pruned.
 */
export const mailLimitEvents = pgTable(
  'mail_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    weight: integer('weight').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_limit_events_key_idx').on(table.kind, table.key, table.createdAt)],
);

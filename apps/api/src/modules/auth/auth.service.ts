import {
  AUTH_KEYS,
  LOGIN_DELAY_BASE_SECONDS,
  LOGIN_DELAY_MAX_SECONDS,
  LOGIN_FAILURE_WINDOW_HOURS,
  LOGIN_FREE_FAILURES,
  type Locale,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_MINUTES,
  type SessionUser,
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODE_TTL_MINUTES,
  type Strategy,
  type TokensResult,
} from '@prepwise/contract';
import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  loginFailures,
  mailThrottle,
  organizations,
  passwordResets,
  refreshTokens,
  roles,
  sessions,
  signInCodes,
  users,
  walletLedger,
} from '../../db/schema';
import type { DepsOf, DepsParts } from '../../deps';
import { wallClock } from '../../lib/clock';
import { AppError, validationFailed } from '../../lib/errors';
import { claimMailQuota } from '../../lib/mail-limits';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { permissionsOf } from '../../lib/permissions';
import { forgetRecentSessions } from '../../lib/session-cache';
import {
  hashCode,
  newNumericCode,
  newOpaqueToken,
  sameHash,
  sha256,
  signAccessToken,
} from '../../lib/tokens';
import { accountExistsMail, resetCodeMail, signInCodeMail, welcomeMail } from './auth.mails';

export type Realm = 'user' | 'admin';

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

type UserRow = typeof users.$inferSelect;

/**
 * What the auth service works with. Sessions run on real time (`wallClock`: their expiry, last use and
 * revocation, like the access tokens jose checks); codes, throttles and account stamps on the app's clock.
 */
type AuthDeps = DepsOf<'config' | 'db' | 'jobs' | 'mail' | 'log' | 'now'>;

export function assertAcceptablePassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw validationFailed({ [field]: AUTH_KEYS.passwordTooCommon });
}

export async function getSessionUser(db: Db, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({
      user: users,
      role: { id: roles.id, name: roles.name, permissions: roles.permissions },
      organization: organizations,
      // The wallet balance: the sum of the user's ledger (modules/payments).
      balance: sql<string>`(select coalesce(sum(${walletLedger.amountVnd}), 0) from ${walletLedger} where ${walletLedger.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Account not found');
  const { user, role, organization, balance } = row;
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    avatar_url: user.avatarUrl,
    date_of_birth: user.dateOfBirth,
    scope: user.scope,
    is_admin: user.isAdmin,
    is_owner: user.scope === 'educator' && organization?.ownerId === user.id,
    status: user.status,
    permissions: permissionsOf({
      id: user.id,
      scope: user.scope,
      permissions: role?.permissions ?? null,
      organizationOwnerId: organization?.ownerId ?? null,
    }),
    role: role ? { id: role.id, name: role.name } : null,
    organization: organization
      ? { id: organization.id, name: organization.name, slug: organization.slug, status: organization.status }
      : null,
    has_password: user.passwordHash !== null,
    user_amount: Number(balance),
  };
}

// ---------------------------------------------------------------- sessions

async function issueTokens(deps: AuthDeps, user: UserRow, strategy: Strategy, meta: ClientMeta) {
  const { refreshTokenTtlDays } = deps.config.auth;
  const refreshToken = newOpaqueToken();
  const now = deps.now();
  const sessionId = await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        strategy,
        expiresAt: new Date(wallClock().getTime() + refreshTokenTtlDays * 86_400_000),
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: sha256(refreshToken) });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return session!.id;
  });
  return tokensFor(deps.config, user.id, sessionId, strategy, refreshToken);
}

async function tokensFor(
  config: DepsParts['config'],
  userId: string,
  sessionId: string,
  strategy: Strategy,
  refreshToken: string,
) {
  const ttl = config.auth.accessTokenTtlSeconds;
  const accessToken = await signAccessToken(
    config.secrets.jwt,
    { sub: userId, sid: sessionId, strategy },
    ttl,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer' as const,
    expires_in: ttl,
    strategy,
  };
}

/** An educator gets the educator strategy from either sign-in (the staff one is /sign-in?as=staff). */
function strategyFor(user: UserRow, realm: Realm): Strategy {
  if (user.scope === 'educator') return 'educator';
  return realm === 'admin' ? 'admin' : 'user';
}

/** The staff sign-in takes platform staff and organization staff; the other one everyone but platform staff. */
function belongsToRealm(user: UserRow, realm: Realm): boolean {
  return realm === 'admin' ? user.scope !== 'user' : user.scope !== 'admin';
}

/** Account state checks that come after a correct password (so they reveal nothing to a guesser). */
async function assertMaySignIn(db: Db, user: UserRow) {
  if (user.status === 'disabled') throw new AppError(403, 'ACCOUNT_DISABLED', 'This account is disabled');
  if (user.scope !== 'educator') return;
  const [organization] = user.organizationId
    ? await db.select().from(organizations).where(eq(organizations.id, user.organizationId))
    : [];
  if (organization?.status === 'rejected') {
    throw new AppError(403, 'ORGANIZATION_REJECTED', 'The application of this organization was not approved');
  }
  if (user.status === 'pending' || organization?.status !== 'approved') {
    throw new AppError(403, 'ORGANIZATION_PENDING', 'Your organization is awaiting approval');
  }
}

// ---------------------------------------------------------------- throttling

const failureWindowMs = LOGIN_FAILURE_WINDOW_HOURS * 3_600_000;

/** The wait after `failures` failures in the window: none for the first few, then doubling, capped. */
export function signInDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_DELAY_MAX_SECONDS, LOGIN_DELAY_BASE_SECONDS * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/**
 * Claims a sign-in attempt for an account (the e-mail, known or not), from any address. The attempt is
 * written first, as a failure, and the failures written before it decide: after LOGIN_FREE_FAILURES of
 * them in the window, the next attempt waits signInDelaySeconds since the last one. Guesses sent together
 * therefore see each other and only one passes. Answers the attempt's row (deleted again when refused, and
 * with the others when the password was right) or the seconds to wait.
 */
async function claimAttempt(
  db: Db,
  email: string,
  now: Date,
): Promise<{ id: number } | { retryAfter: number }> {
  const [mine] = await db
    .insert(loginFailures)
    .values({ accountKey: email, createdAt: now })
    .returning({ id: loginFailures.id, createdAt: loginFailures.createdAt });
  const since = new Date(now.getTime() - failureWindowMs);
  const earlier = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.accountKey, email),
        gt(loginFailures.createdAt, since),
        lt(loginFailures.id, mine!.id),
      ),
    )
    .orderBy(desc(loginFailures.createdAt));
  const delay = signInDelaySeconds(earlier.length);
  const last = earlier[0]?.createdAt.getTime() ?? 0;
  const wait = Math.ceil((last + delay * 1000 - now.getTime()) / 1000);
  if (delay > 0 && wait > 0) {
    await db.delete(loginFailures).where(eq(loginFailures.id, mine!.id));
    return { retryAfter: wait };
  }
  return { id: mine!.id };
}

/** True while the account's sign-ins are delayed (enough failures in the window for a wait). */
async function isThrottled(db: Db, email: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - failureWindowMs);
  const rows = await db
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, email), gt(loginFailures.createdAt, since)))
    .limit(LOGIN_FREE_FAILURES);
  return rows.length >= LOGIN_FREE_FAILURES;
}

const pruneFailures = (db: Db, now: Date) =>
  db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - failureWindowMs)));

const tooManyAttempts = (retryAfter: number) =>
  Object.assign(
    new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many failed sign-ins; try again in ${retryAfter} seconds`),
    { retryAfter },
  );

const invalidCode = () =>
  new AppError(422, 'INVALID_CODE', 'The code is not correct or has expired', {
    code: AUTH_KEYS.invalidCode,
  });

/**
 * Spends a mailed sign-in code of the account: right → used (single use); wrong → one of its tries.
 * An unknown e-mail, no code, an expired or used one and one out of tries all answer INVALID_CODE.
 */
async function spendSignInCode(deps: AuthDeps, email: string, code: string, now: Date) {
  const [row] = await deps.db
    .select({ code: signInCodes })
    .from(signInCodes)
    .innerJoin(users, eq(users.id, signInCodes.userId))
    .where(and(eq(users.email, email), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  if (!row || row.code.attempts >= SIGN_IN_CODE_MAX_TRIES) throw invalidCode();
  if (!sameHash(row.code.codeHash, hashCode(deps.config.secrets.jwt, code))) {
    await deps.db
      .update(signInCodes)
      .set({ attempts: sql`${signInCodes.attempts} + 1` })
      .where(eq(signInCodes.id, row.code.id));
    throw invalidCode();
  }
  const spent = await deps.db
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.id, row.code.id), isNull(signInCodes.usedAt)))
    .returning({ id: signInCodes.id });
  if (spent.length === 0) throw invalidCode();
}

// ---------------------------------------------------------------- sign-in

export async function login(
  deps: AuthDeps,
  body: { email: string; password: string; code?: string | undefined },
  realm: Realm,
  meta: ClientMeta,
): Promise<TokensResult> {
  // Failures are counted per account across every address (docs/security.md, ASVS 5.0 V6.3.1): a few
  // cost nothing, then each attempt waits a doubling delay (capped), whoever sends it. The owner is not
  // locked out by it: while the account waits, a code mailed to it and the password sign in at once.
  // Spraying one password over many accounts from one address is the per-address limit's (rate-limits.ts).
  const now = deps.now();
  const claim = await claimAttempt(deps.db, body.email, now);
  if ('retryAfter' in claim) {
    if (!body.code) throw tooManyAttempts(claim.retryAfter);
    // The owner's code lets this one attempt through; a wrong password still counts as a failure.
    await spendSignInCode(deps, body.email, body.code, now);
    await deps.db.insert(loginFailures).values({ accountKey: body.email, createdAt: now });
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, body.email));
  const passwordOk = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !passwordOk || !belongsToRealm(user, realm)) {
    await pruneFailures(deps.db, now);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'The email or password is not correct');
  }
  // The right password clears the account's failures (its owner proved themselves).
  await deps.db.delete(loginFailures).where(eq(loginFailures.accountKey, body.email));
  await assertMaySignIn(deps.db, user);
  const tokens = await issueTokens(deps, user, strategyFor(user, realm), meta);
  return { ...tokens, user: await getSessionUser(deps.db, user.id) };
}

// ---------------------------------------------------------------- sign-in code (while throttled)

const SIGN_IN_CODE_QUEUE = 'auth.sign-in-code-request';
const SIGN_IN_CODE_COOLDOWN_MS = 60_000;

/**
 * Answers identically for every e-mail (the hourly limit counts the e-mail as typed, known or not);
 * the job mails a code only to an existing, enabled account whose sign-ins are delayed.
 */
export async function requestSignInCode(deps: AuthDeps, email: string, locale: Locale) {
  await claimMailQuota(deps, deps.db, 'signInCodesPerAccount', email);
  await deps.jobs.enqueue(SIGN_IN_CODE_QUEUE, { email, locale });
}

export function defineSignInCodeJob(deps: AuthDeps) {
  return deps.jobs.define<{ email: string; locale: Locale }>(
    SIGN_IN_CODE_QUEUE,
    async ({ email, locale }) => {
      const now = deps.now();
      const [user] = await deps.db.select().from(users).where(eq(users.email, email));
      if (!user || user.status === 'disabled' || !user.passwordHash) return;
      if (!(await isThrottled(deps.db, email, now))) return;
      const [latest] = await deps.db
        .select({ createdAt: signInCodes.createdAt })
        .from(signInCodes)
        .where(eq(signInCodes.userId, user.id))
        .orderBy(desc(signInCodes.createdAt))
        .limit(1);
      if (latest && now.getTime() - latest.createdAt.getTime() < SIGN_IN_CODE_COOLDOWN_MS) return;
      const code = newNumericCode(RESET_CODE_LENGTH);
      await deps.db.transaction(async (tx) => {
        await tx
          .update(signInCodes)
          .set({ usedAt: now })
          .where(and(eq(signInCodes.userId, user.id), isNull(signInCodes.usedAt)));
        await tx.insert(signInCodes).values({
          userId: user.id,
          codeHash: hashCode(deps.config.secrets.jwt, code),
          expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MINUTES * 60_000),
          createdAt: now,
        });
      });
      await deps.mail.send({ to: user.email, ...signInCodeMail(user.fullName, code, locale) });
    },
  );
}

export async function refresh(deps: AuthDeps, refreshToken: string | undefined, strategy: Strategy) {
  const invalid = () => new AppError(401, 'INVALID_TOKEN', 'The refresh token is not valid; sign in again');
  if (!refreshToken) throw invalid();
  const now = wallClock();
  const [row] = await deps.db
    .select({ token: refreshTokens, session: sessions, status: users.status })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= now.getTime()) throw invalid();
  if (row.session.strategy !== strategy || row.status === 'disabled') throw invalid();
  const next = newOpaqueToken();
  const rotated = await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (used.length === 0) return false;
    await tx.insert(refreshTokens).values({ sessionId: row.session.id, tokenHash: sha256(next) });
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.session.id));
    return true;
  });
  if (!rotated) {
    // A refresh token used twice was stolen or replayed: end the whole session.
    await revokeSession(deps.db, row.session.id, 'refresh_token_reuse');
    deps.log.warn({ session: row.session.id }, 'refresh token reuse detected; session revoked');
    throw invalid();
  }
  return tokensFor(deps.config, row.session.userId, row.session.id, strategy, next);
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: wallClock(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetRecentSessions();
}

export async function revokeUserSessions(db: Db, userId: string, reason: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: wallClock(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
  forgetRecentSessions();
}

export async function logout(
  deps: DepsOf<'db'>,
  refreshToken: string | undefined,
  sessionId: string | undefined,
) {
  if (refreshToken) {
    const [row] = await deps.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (row) await revokeSession(deps.db, row.sessionId, 'logout');
  }
  if (sessionId) await revokeSession(deps.db, sessionId, 'logout');
}

// ---------------------------------------------------------------- registration and profile

/** True when no mail of this kind went to the address in the last hour (and records this one). */
async function claimMailSlot(db: Db, kind: string, email: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(mailThrottle)
    .values({ kind, email, sentAt: now })
    .onConflictDoUpdate({
      target: [mailThrottle.kind, mailThrottle.email],
      set: { sentAt: now },
      setWhere: lte(mailThrottle.sentAt, new Date(now.getTime() - 3_600_000)),
    })
    .returning({ email: mailThrottle.email });
  return claimed.length > 0;
}

export async function registerLearner(
  deps: AuthDeps,
  body: { full_name: string; email: string; password: string },
  meta: ClientMeta,
): Promise<string | null> {
  assertAcceptablePassword(body.password);
  // Hashing happens either way so that the answer takes as long for a taken email as for a new one.
  const passwordHash = await hashPassword(body.password);
  const inserted = await deps.db
    .insert(users)
    .values({ email: body.email, passwordHash, fullName: body.full_name, scope: 'user', locale: meta.locale })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (inserted.length > 0) {
    await deps.mail.send({ to: body.email, ...welcomeMail(body.full_name, meta.locale) });
    return inserted[0]!.id;
  }
  // An existing address gets the "you already have an account" notice at most once an hour, however
  // often someone registers it (the answer to the caller is the same either way).
  if (await claimMailSlot(deps.db, 'account_exists', body.email, deps.now())) {
    await deps.mail.send({ to: body.email, ...accountExistsMail(meta.locale) });
  }
  return null;
}

export async function updateProfile(
  db: Db,
  userId: string,
  body: {
    full_name: string;
    phone?: string | null;
    date_of_birth?: string | null;
    avatar_url?: string | null;
  },
  now: Date,
) {
  await db
    .update(users)
    .set({
      fullName: body.full_name,
      ...(body.phone === undefined ? {} : { phone: body.phone }),
      ...(body.date_of_birth === undefined ? {} : { dateOfBirth: body.date_of_birth }),
      ...(body.avatar_url === undefined ? {} : { avatarUrl: body.avatar_url }),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return getSessionUser(db, userId);
}

export async function changePassword(
  deps: DepsOf<'db' | 'now'>,
  context: { userId: string; sessionId: string },
  body: { current_password: string; password: string },
) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, context.userId));
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Account not found');
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, body.current_password))) {
    throw validationFailed({ current_password: AUTH_KEYS.currentPasswordWrong });
  }
  assertAcceptablePassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx as unknown as Db, user.id, 'password_changed', context.sessionId);
  });
}

// ---------------------------------------------------------------- forgot password

const RESET_REQUEST_QUEUE = 'auth.password-reset-request';
const RESET_REQUEST_COOLDOWN_MS = 60_000;

/** Answers at once and identically for every email; the job decides whether a code is sent. */
export async function requestPasswordReset(deps: AuthDeps, email: string, locale: Locale) {
  // At most a few an hour per e-mail, from every address (counted for unknown e-mails too).
  await claimMailQuota(deps, deps.db, 'resetCodesPerAccount', email);
  await deps.jobs.enqueue(RESET_REQUEST_QUEUE, { email, locale });
}

export function definePasswordResetJob(deps: AuthDeps) {
  return deps.jobs.define<{ email: string; locale: Locale }>(
    RESET_REQUEST_QUEUE,
    async ({ email, locale }) => {
      const now = deps.now();
      const [user] = await deps.db.select().from(users).where(eq(users.email, email));
      if (!user || user.status === 'disabled') return;
      const [latest] = await deps.db
        .select({ createdAt: passwordResets.createdAt })
        .from(passwordResets)
        .where(eq(passwordResets.userId, user.id))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      if (latest && now.getTime() - latest.createdAt.getTime() < RESET_REQUEST_COOLDOWN_MS) return;
      const code = newNumericCode(RESET_CODE_LENGTH);
      await deps.db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId: user.id,
          codeHash: hashCode(deps.config.secrets.jwt, code),
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000),
          createdAt: now,
        });
      });
      await deps.mail.send({ to: user.email, ...resetCodeMail(user.fullName, code, locale) });
    },
  );
}

async function checkResetCode(deps: DepsOf<'config' | 'db'>, email: string, code: string, now: Date) {
  const invalidCode = () =>
    new AppError(422, 'INVALID_CODE', 'The code is not correct or has expired', {
      code: AUTH_KEYS.invalidCode,
    });
  const [row] = await deps.db
    .select({ reset: passwordResets, userId: users.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(users.email, email), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!row) throw invalidCode();
  if (row.reset.attempts >= RESET_CODE_MAX_TRIES) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes; request a new one');
  }
  if (!sameHash(row.reset.codeHash, hashCode(deps.config.secrets.jwt, code))) {
    const [updated] = await deps.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, row.reset.id))
      .returning({ attempts: passwordResets.attempts });
    if ((updated?.attempts ?? 0) >= RESET_CODE_MAX_TRIES) {
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes; request a new one');
    }
    throw invalidCode();
  }
  return row;
}

export async function verifyResetCode(deps: DepsOf<'config' | 'db' | 'now'>, email: string, code: string) {
  await checkResetCode(deps, email, code, deps.now());
}

export async function resetPassword(
  deps: DepsOf<'config' | 'db' | 'now'>,
  body: { email: string; code: string; password: string },
) {
  assertAcceptablePassword(body.password);
  const now = deps.now();
  const { reset, userId } = await checkResetCode(deps, body.email, body.code, now);
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (consumed.length === 0)
      throw new AppError(422, 'INVALID_CODE', 'The code was already used', { code: AUTH_KEYS.invalidCode });
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx as unknown as Db, userId, 'password_reset');
  });
}

// ---------------------------------------------------------------- Google

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export async function loginWithGoogle(deps: AuthDeps, identity: GoogleIdentity, meta: ClientMeta) {
  const rejected = () => new AppError(401, 'INVALID_CREDENTIALS', 'This Google account cannot sign in here');
  if (!identity.emailVerified) throw rejected();
  const email = identity.email.toLowerCase();
  let [user] = await deps.db.select().from(users).where(eq(users.googleSub, identity.sub));
  if (!user) {
    const [byEmail] = await deps.db.select().from(users).where(eq(users.email, email));
    if (byEmail) {
      [user] = await deps.db
        .update(users)
        .set({ googleSub: identity.sub })
        .where(eq(users.id, byEmail.id))
        .returning();
    } else {
      [user] = await deps.db
        .insert(users)
        .values({
          email,
          googleSub: identity.sub,
          fullName: identity.name?.slice(0, 120) || email.split('@')[0]!,
          avatarUrl: identity.picture ?? null,
          scope: 'user',
          locale: meta.locale,
        })
        .returning();
    }
  }
  if (!user || !belongsToRealm(user, 'user')) throw rejected();
  await assertMaySignIn(deps.db, user);
  const tokens = await issueTokens(deps, user, strategyFor(user, 'user'), meta);
  return { ...tokens, user: await getSessionUser(deps.db, user.id) };
}

/** Signs a learner in without a password check (used once they proved the address, e.g. an invitation link). */
export async function startLearnerSession(deps: AuthDeps, userId: string, meta: ClientMeta) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Account not found');
  const tokens = await issueTokens(deps, user, 'user', meta);
  return { ...tokens, user: await getSessionUser(deps.db, user.id) };
}

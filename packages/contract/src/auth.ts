import { z } from 'zod';
import { isCalendarDate, optionalSafeUrl, optionalText, requiredText } from './fields';
import { SCOPES, STRATEGIES } from './permissions';
import { VALIDATION_KEYS } from './validation';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;
/**
 * Sign-in throttling per account, across addresses (docs/security.md, ASVS 5.0 V6.3.1): the first
 * LOGIN_FREE_FAILURES failures in LOGIN_FAILURE_WINDOW_HOURS cost nothing; after that each attempt waits
 * LOGIN_DELAY_BASE_SECONDS × 2^(failures − LOGIN_FREE_FAILURES) since the last failure, at most
 * LOGIN_DELAY_MAX_SECONDS. While an account waits, its owner asks for a mailed sign-in code and signs in
 * with the code and the password.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_HOURS = 24;
export const LOGIN_DELAY_BASE_SECONDS = 30;
export const LOGIN_DELAY_MAX_SECONDS = 900;
export const SIGN_IN_CODE_TTL_MINUTES = 15;
export const SIGN_IN_CODE_MAX_TRIES = 5;

export const AUTH_KEYS = {
  passwordTooCommon: 'auth.password_too_common',
  invalidCode: 'auth.invalid_code',
  invalidPhone: 'common.invalid_phone',
  invalidDate: 'common.invalid_date',
  currentPasswordWrong: 'auth.current_password_wrong',
} as const;

const email = z.email({ error: VALIDATION_KEYS.email }).max(254).trim().toLowerCase();
const requiredEmail = z
  .string({ error: VALIDATION_KEYS.required })
  .trim()
  .min(1, { error: VALIDATION_KEYS.required })
  .pipe(email);
const newPassword = z
  .string({ error: VALIDATION_KEYS.required })
  .min(1, { error: VALIDATION_KEYS.required })
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.minLength })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.maxLength });
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 .-]{8,20}$/, { error: AUTH_KEYS.invalidPhone })
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => (value ? value : null));
const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AUTH_KEYS.invalidDate })
  .refine((value) => isCalendarDate(value) && value > '1900-01-01' && new Date(value) <= new Date(), {
    error: AUTH_KEYS.invalidDate,
  })
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => (value ? value : null));

function confirmed<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION_KEYS.confirmed });
  }
}

export const resetCodeSchema = z
  .string({ error: VALIDATION_KEYS.required })
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { error: AUTH_KEYS.invalidCode });

export const loginBodySchema = z.object({
  email: requiredEmail,
  password: z
    .string({ error: VALIDATION_KEYS.required })
    .min(1, { error: VALIDATION_KEYS.required })
    .max(1024),
  /** The mailed sign-in code, needed (with the password) only while the account's sign-ins wait. */
  code: resetCodeSchema.optional(),
});

/** Asks for a sign-in code by mail (sent only to an existing account whose sign-ins wait). */
export const signInCodeBodySchema = z.object({ email: requiredEmail });

export const registerBodySchema = z
  .object({
    full_name: requiredText(120),
    email: requiredEmail,
    password: newPassword,
    password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
  })
  .superRefine(confirmed);

export const googleLoginBodySchema = z.object({
  credential: z.string({ error: VALIDATION_KEYS.required }).min(20).max(8192),
});

/** Optional: browsers send the refresh token as a cookie and no body at all. */
export const refreshBodySchema = z
  .object({ refresh_token: z.string().min(20).max(200).optional() })
  .nullish();

export const updateProfileBodySchema = z.object({
  full_name: requiredText(120),
  phone: phoneSchema.optional(),
  date_of_birth: dateOfBirth.optional(),
  avatar_url: optionalSafeUrl(500).optional(),
});

export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: VALIDATION_KEYS.required })
      .min(1, { error: VALIDATION_KEYS.required }),
    password: newPassword,
    password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
  })
  .superRefine(confirmed);

export const forgotPasswordBodySchema = z.object({ email: requiredEmail });

export const verifyResetCodeBodySchema = z.object({ email: requiredEmail, code: resetCodeSchema });

export const resetPasswordBodySchema = z
  .object({
    email: requiredEmail,
    code: resetCodeSchema,
    password: newPassword,
    password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
  })
  .superRefine(confirmed);

export const organizationRegisterBodySchema = z.object({
  organization: z.object({
    name: requiredText(160),
    email: requiredEmail,
    phone: phoneSchema.optional(),
    address: optionalText(300).optional(),
    website: optionalSafeUrl(300).optional(),
    description: optionalText(2000).optional(),
  }),
  owner: z
    .object({
      full_name: requiredText(120),
      email: requiredEmail,
      phone: phoneSchema.optional(),
      password: newPassword,
      password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
    })
    .superRefine(confirmed),
});

export const accountStatusSchema = z.enum(['active', 'disabled', 'pending']);
export const organizationStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** The session user of seed-spec §3, as `GET {prefix}/auth/info` answers it. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    phone: z.string().nullable(),
    avatar_url: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    scope: z.enum(SCOPES),
    is_admin: z.boolean(),
    /** The owner of the user's organization (educator scope): the package, its orders and everything else. */
    is_owner: z.boolean(),
    status: accountStatusSchema,
    permissions: z.array(z.string()),
    role: z.object({ id: z.string(), name: z.string() }).nullable(),
    organization: z
      .object({ id: z.string(), name: z.string(), slug: z.string(), status: organizationStatusSchema })
      .nullable(),
    has_password: z.boolean(),
    user_amount: z.number(),
  })
  .meta({ id: 'SessionUser' });

export const tokensResultSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  strategy: z.enum(STRATEGIES),
  user: sessionUserSchema,
});

export const refreshResultSchema = tokensResultSchema.omit({ user: true });

/** The translation keys of a success answer's `message_key` (apps/web/app/locales/{vi,en}/messages.json). */
export const MESSAGE_KEYS = {
  deleted: 'common.deleted',
  roleDeleted: 'role.deleted',
  passwordChanged: 'auth.password_changed',
  signedOut: 'auth.signed_out',
  registered: 'auth.register_success',
  resetCodeSent: 'auth.reset_code_sent',
  signInCodeSent: 'auth.sign_in_code_sent',
  resetCodeValid: 'auth.reset_code_valid',
  passwordReset: 'auth.password_reset',
  applicationReceived: 'organization.application_received',
} as const;

export const messageResultSchema = z.object({ message_key: z.string() });

/**
 * What registering answers: a new account is signed in at once (`signed_in`, with the session cookies); a
 * taken address gets the same message without a session, and its owner a mail (decision 028).
 */
export const registerResultSchema = messageResultSchema
  .extend({ signed_in: z.boolean() })
  .meta({ id: 'RegisterResult' });

export type LoginBody = z.infer<typeof loginBodySchema>;
export type RegisterBody = z.input<typeof registerBodySchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type TokensResult = z.infer<typeof tokensResultSchema>;
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export type OrganizationRegisterBody = z.input<typeof organizationRegisterBodySchema>;

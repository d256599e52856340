import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, phoneSchema } from './auth';
import { pageQuerySchema } from './envelope';
import { optionalSafeUrl, optionalText, requiredText } from './fields';
import { VALIDATION_KEYS } from './validation';

/**
 * The organization lifecycle in the admin (/api/admin/organizations) and the public organization pages
 * (/api/public/organizations). Permissions: `view_educator` reads organizations and their people,
 * `create_educator` creates, edits, approves, rejects, suspends and reactivates them and manages their staff.
 */

export const ORGANIZATION_KEYS = {
  slugTaken: 'organization.slug_taken',
  /** Another organization has this name, or one that reads the same (case, marks, look-alike letters). */
  nameTaken: 'organization.name_taken',
  ownerEmailTaken: 'staff.email_taken',
  /** The organization is not in a state that allows this step (e.g. approving an approved one). */
  wrongState: 'organization.wrong_state',
  invalidLogo: 'organization.invalid_logo',
} as const;

/** What the admin list filters on: the review status, or `suspended` (approved and suspended). */
export const ORGANIZATION_FILTER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type OrganizationFilterStatus = (typeof ORGANIZATION_FILTER_STATUSES)[number];

const reviewStatus = z.enum(['pending', 'approved', 'rejected']);

const requiredEmail = z
  .string({ error: VALIDATION_KEYS.required })
  .trim()
  .min(1, { error: VALIDATION_KEYS.required })
  .pipe(z.email({ error: VALIDATION_KEYS.email }).max(254).toLowerCase());

const slugField = z
  .string({ error: VALIDATION_KEYS.required })
  .trim()
  .min(1, { error: VALIDATION_KEYS.required })
  .max(80, { error: VALIDATION_KEYS.maxLength })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'common.invalid_slug' });

const websiteField = optionalSafeUrl(300);

/** A logo is one of our uploads (`/api/media/{id}`) or an https address. */
const logoField = z
  .string()
  .trim()
  .max(500, { error: VALIDATION_KEYS.maxLength })
  .regex(/^(\/api\/media\/[0-9a-f-]{36}|https:\/\/\S+)$/i, { error: ORGANIZATION_KEYS.invalidLogo })
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => value ?? null);

// ---------------------------------------------------------------- admin

export const organizationOwnerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'disabled', 'pending']),
  locale: z.string(),
});

export const organizationSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    logo_url: z.string().nullable(),
    status: reviewStatus,
    is_listed: z.boolean(),
    suspended_at: z.string().nullable(),
    owner: organizationOwnerSchema.nullable(),
    staff_count: z.number().int(),
    student_count: z.number().int(),
    test_count: z.number().int(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
  })
  .meta({ id: 'OrganizationSummary' });

export const organizationDetailSchema = organizationSummarySchema
  .extend({
    address: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    review_note: z.string().nullable(),
    suspension_reason: z.string().nullable(),
    join_code: z.string().nullable(),
    usage: z.object({
      /** Attempts started in the last 30 days by the organization's active students (any test). */
      student_attempts_30d: z.number().int(),
      /** Distinct students of the organization who started an attempt in the last 30 days. */
      active_students_30d: z.number().int(),
      /** Attempts started in the last 30 days on the organization's own tests. */
      test_attempts_30d: z.number().int(),
    }),
  })
  .meta({ id: 'OrganizationDetail' });

export const organizationListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(ORGANIZATION_FILTER_STATUSES).optional(),
});

const organizationFields = {
  name: requiredText(160),
  email: requiredEmail,
  phone: phoneSchema.optional(),
  address: optionalText(300).optional(),
  website: websiteField.optional(),
  description: optionalText(2000).optional(),
  logo_url: logoField.optional(),
  is_listed: z.boolean({ error: VALIDATION_KEYS.invalid }).optional(),
};

export const organizationCreateBodySchema = z.object({
  ...organizationFields,
  /** Empty: made from the name. */
  slug: slugField.optional().or(z.literal('').transform(() => undefined)),
  owner: z
    .object({
      full_name: requiredText(120),
      email: requiredEmail,
      phone: phoneSchema.optional(),
      locale: z.enum(['vi', 'en'], { error: VALIDATION_KEYS.invalid }).optional(),
      password: z
        .string({ error: VALIDATION_KEYS.required })
        .min(1, { error: VALIDATION_KEYS.required })
        .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.minLength })
        .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.maxLength }),
      password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.password_confirmation) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION_KEYS.confirmed });
      }
    }),
});

export const organizationUpdateBodySchema = z.object({ ...organizationFields, slug: slugField });

export const organizationReasonBodySchema = z.object({ reason: requiredText(1000) });

export const organizationParamsSchema = z.object({
  organizationId: z.uuid({ error: 'common.not_found' }),
});

export const organizationStaffParamsSchema = organizationParamsSchema.extend({
  id: z.uuid({ error: 'common.not_found' }),
});

// ---------------------------------------------------------------- public

export const publicOrganizationSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    logo_url: z.string().nullable(),
    description: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    test_count: z.number().int(),
  })
  .meta({ id: 'PublicOrganization' });

export const publicOrganizationTestSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  duration_minutes: z.number().int(),
  level: z.string().nullable(),
  question_count: z.number().int(),
});

export const publicOrganizationDetailSchema = publicOrganizationSchema
  .extend({
    /** The organization's own contact (never the people's). */
    email: z.string(),
    phone: z.string().nullable(),
    tests: z.array(publicOrganizationTestSchema),
  })
  .meta({ id: 'PublicOrganizationDetail' });

export const publicOrganizationListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

export const organizationSlugParamsSchema = z.object({ slug: z.string().min(1).max(120) });

export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;
export type OrganizationCreateBody = z.input<typeof organizationCreateBodySchema>;
export type OrganizationUpdateBody = z.input<typeof organizationUpdateBodySchema>;
export type OrganizationReasonBody = z.input<typeof organizationReasonBodySchema>;
export type PublicOrganization = z.infer<typeof publicOrganizationSchema>;
export type PublicOrganizationDetail = z.infer<typeof publicOrganizationDetailSchema>;

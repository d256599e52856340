import { z } from 'zod';
import { requiredText } from './fields';
import { orderSchema } from './payments';
import { VALIDATION_KEYS } from './validation';

/** Refusal and field-error keys of organization packages (messages.json → packages.*). */
export const PACKAGE_KEYS = {
  inUse: 'packages.in_use',
  unavailable: 'packages.unavailable',
  seatLimit: 'packages.seat_limit',
  staffLimit: 'packages.staff_limit',
  testLimit: 'packages.test_limit',
  aiCreditLimit: 'packages.ai_credit_limit',
} as const;

/** The refusals that a bigger package would lift: the portal links them to /organization/package. */
export const PACKAGE_LIMIT_KEYS: readonly string[] = [
  PACKAGE_KEYS.seatLimit,
  PACKAGE_KEYS.staffLimit,
  PACKAGE_KEYS.testLimit,
  PACKAGE_KEYS.aiCreditLimit,
];

/**
 * What an organization may use without a live package, or once its package ended more than
 * FREE_TIER_GRACE_DAYS ago (docs/decisions/017-organization-packages.md).
 */
export const FREE_TIER_LIMITS = { student_seats: 50, staff_accounts: 5, tests: 10, ai_credits: 50 } as const;
/** Days after a package's end during which its limits still hold (time to renew). */
export const FREE_TIER_GRACE_DAYS = 7;

const count = (max: number) =>
  z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(0, { error: VALIDATION_KEYS.invalid })
    .max(max, { error: VALIDATION_KEYS.invalid });

export const organizationPackageBodySchema = z.object({
  name_vi: requiredText(120),
  name_en: requiredText(120),
  price_vnd: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1000, { error: VALIDATION_KEYS.invalid })
    .max(1_000_000_000, { error: VALIDATION_KEYS.invalid }),
  period_months: z.coerce
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(1, { error: VALIDATION_KEYS.invalid })
    .max(36, { error: VALIDATION_KEYS.invalid }),
  student_seats: count(100_000),
  staff_accounts: count(10_000),
  tests: count(100_000),
  ai_credits: count(1_000_000),
  is_active: z.boolean().default(true),
  sort_order: z.coerce.number().int({ error: VALIDATION_KEYS.invalid }).min(0).max(1000).default(0),
});

export const organizationPackageSchema = z
  .object({
    id: z.string(),
    name_vi: z.string(),
    name_en: z.string(),
    price_vnd: z.number().int(),
    period_months: z.number().int(),
    student_seats: z.number().int(),
    staff_accounts: z.number().int(),
    tests: z.number().int(),
    ai_credits: z.number().int(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
  })
  .meta({ id: 'OrganizationPackage' });

export const packageLimitsSchema = z.object({
  student_seats: z.number().int(),
  staff_accounts: z.number().int(),
  tests: z.number().int(),
  ai_credits: z.number().int(),
});

/** What /organization/package shows: the live package (if any), its limits and what is used of each. */
export const organizationPlanSchema = z.object({
  /** `active`: a paid period covers now; `grace`: it ended less than the grace period ago; `free`: neither. */
  status: z.enum(['active', 'grace', 'free']),
  package: organizationPackageSchema.nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** When the free tier applies if nothing is renewed (the period's end plus the grace days). */
  grace_end: z.string().nullable(),
  limits: packageLimitsSchema,
  usage: packageLimitsSchema,
  /** The packages on sale. */
  catalogue: z.array(organizationPackageSchema),
  is_owner: z.boolean(),
});

export const buyOrganizationPackageBodySchema = z.object({
  package_id: z.uuid({ error: VALIDATION_KEYS.invalid }),
});

export const organizationOrderSchema = orderSchema.extend({
  organization_package: z.object({ id: z.string(), name_vi: z.string(), name_en: z.string() }).nullable(),
});

export type OrganizationPackage = z.infer<typeof organizationPackageSchema>;
export type OrganizationPackageBody = z.input<typeof organizationPackageBodySchema>;
export type OrganizationPlan = z.infer<typeof organizationPlanSchema>;
export type PackageLimits = z.infer<typeof packageLimitsSchema>;
export type OrganizationOrder = z.infer<typeof organizationOrderSchema>;

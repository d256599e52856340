import { z } from 'zod';
import { organizationStatusSchema, phoneSchema } from './auth';
import { optionalSafeUrl, optionalText, requiredText } from './fields';
import { VALIDATION_KEYS } from './validation';

/** The organization portal's own endpoints (`/api/educator/organization`, `/api/educator/dashboard`). */

export const EDUCATOR_KEYS = {
  /** The logo must be an image uploaded by the organization (`/api/media/{id}`). */
  invalidLogo: 'organization.invalid_logo',
} as const;

export const organizationProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    is_listed: z.boolean(),
    /** Entered at /organizations/{slug} by a learner to join as a student. */
    join_code: z.string().nullable(),
    status: organizationStatusSchema,
    suspended_at: z.string().nullable(),
    suspension_reason: z.string().nullable(),
    owner: z.object({ id: z.string(), full_name: z.string(), email: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrganizationProfile' });

const MEDIA_URL = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const organizationProfileBodySchema = z.object({
  name: requiredText(160),
  email: z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .pipe(z.email({ error: VALIDATION_KEYS.email }).max(254).toLowerCase()),
  phone: phoneSchema.optional(),
  address: optionalText(300).optional(),
  website: optionalSafeUrl(300).optional(),
  description: optionalText(2000).optional(),
  logo_url: z
    .string()
    .regex(MEDIA_URL, { error: EDUCATOR_KEYS.invalidLogo })
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null),
  is_listed: z.boolean({ error: VALIDATION_KEYS.required }),
});

export const educatorDashboardSchema = z
  .object({
    organization: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      status: organizationStatusSchema,
      suspended_at: z.string().nullable(),
      suspension_reason: z.string().nullable(),
    }),
    /*
     * Each block below is present only for a caller whose role may see it (issue 26), the server decides:
     * `students`, `classes` and `latest_results` need `view_student`; `tests` needs `view_test`;
     * `attempts_this_week` needs `view_student` or `view_analytics`. The owner sees them all.
     */
    /** Active students, classes not archived, the organization's tests. */
    students: z.number().int().optional(),
    classes: z.number().int().optional(),
    tests: z.number().int().optional(),
    /** Attempts started by the organization's students since `week_start` (Monday 00:00, Vietnam time). */
    attempts_this_week: z.number().int().optional(),
    week_start: z.string(),
    /** The newest submitted attempts of the organization's students (names and scores). */
    latest_results: z
      .array(
        z.object({
          attempt_id: z.string(),
          student: z.object({ id: z.string(), full_name: z.string() }),
          test: z.object({ id: z.string(), title: z.string() }),
          score: z.number().nullable(),
          max_score: z.number().nullable(),
          submitted_at: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'EducatorDashboard' });

export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;
export type OrganizationProfileBody = z.input<typeof organizationProfileBodySchema>;
export type EducatorDashboard = z.infer<typeof educatorDashboardSchema>;

import { z } from 'zod';
import { accountStatusSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, phoneSchema } from './auth';
import { pageQuerySchema } from './envelope';
import { requiredText } from './fields';
import { PERMISSIONS } from './permissions';
import { VALIDATION_KEYS } from './validation';

export const ADMIN_ACCOUNT_KEYS = {
  roleNameTaken: 'role.name_taken',
  emailTaken: 'staff.email_taken',
  cannotDisableSelf: 'staff.cannot_disable_self',
  /** A role (or a staff member's role) may carry only permissions its grantor holds. */
  roleBeyondOwn: 'role.beyond_own_permissions',
} as const;

// ---------------------------------------------------------------- roles

export const roleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(z.string()),
    staff_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Role' });

/** A role of an organization holds only the portal's permissions (`ORGANIZATION_PERMISSIONS`). */
export const ROLE_KEYS = { permissionOutsidePortal: 'role.permission_outside_portal' } as const;

export const roleBodySchema = z.object({
  name: requiredText(80),
  description: z
    .string()
    .trim()
    .max(300, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null),
  permissions: z
    .array(z.enum(PERMISSIONS, { error: VALIDATION_KEYS.invalid }))
    .min(1, { error: VALIDATION_KEYS.required })
    .transform((list) => [...new Set(list)]),
});

export const roleListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

// ---------------------------------------------------------------- staff

export const staffSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    phone: z.string().nullable(),
    status: accountStatusSchema,
    is_admin: z.boolean(),
    /** The owner of the organization (organization staff): holds every permission of the portal. */
    is_owner: z.boolean(),
    role: z.object({ id: z.string(), name: z.string() }).nullable(),
    permissions: z.array(z.string()),
    last_login_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Staff' });

const newPassword = z
  .string({ error: VALIDATION_KEYS.required })
  .min(1, { error: VALIDATION_KEYS.required })
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.minLength })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.maxLength });

export const staffCreateBodySchema = z
  .object({
    full_name: requiredText(120),
    email: z
      .string({ error: VALIDATION_KEYS.required })
      .trim()
      .min(1, { error: VALIDATION_KEYS.required })
      .pipe(z.email({ error: VALIDATION_KEYS.email }).max(254).toLowerCase()),
    phone: phoneSchema.optional(),
    role_id: z.uuid({ error: VALIDATION_KEYS.required }),
    password: newPassword,
    password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION_KEYS.confirmed });
    }
  });

export const staffUpdateBodySchema = z.object({
  full_name: requiredText(120),
  phone: phoneSchema.optional(),
  role_id: z.uuid({ error: VALIDATION_KEYS.required }).nullable(),
  status: z.enum(['active', 'disabled'], { error: VALIDATION_KEYS.invalid }),
});

export const staffListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role_id: z.uuid().optional(),
  status: accountStatusSchema.optional(),
});

export const idParamsSchema = z.object({ id: z.uuid({ error: 'common.not_found' }) });

export type Role = z.infer<typeof roleSchema>;
export type RoleBody = z.input<typeof roleBodySchema>;
export type Staff = z.infer<typeof staffSchema>;
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;

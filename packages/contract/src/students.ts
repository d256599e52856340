import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { pageQuerySchema } from './envelope';
import { optionalText, requiredText } from './fields';
import { VALIDATION_KEYS } from './validation';

/** Students and classes of an organization (issue 12 §4): one feature served to /admin and /organization. */

export const STUDENT_KEYS = {
  classNameTaken: 'class.name_taken',
  classUnknown: 'class.unknown',
  classArchived: 'class.archived',
  studentUnknown: 'student.unknown',
  joinCodeInvalid: 'organization.join_code_invalid',
  organizationClosed: 'organization.not_open',
  invitationNotFound: 'invitation.not_found',
  invitationExpired: 'invitation.expired',
  invitationRevoked: 'invitation.revoked',
  invitationUsed: 'invitation.used',
  invitationSignIn: 'invitation.sign_in_required',
  invitationOtherAccount: 'invitation.other_account',
  invitationNotLearner: 'invitation.not_learner',
  alreadyStudent: 'invitation.already_student',
  rosterEmpty: 'roster.empty',
  rosterTooMany: 'roster.too_many',
  rosterHeader: 'roster.header_missing',
  rosterUnreadable: 'roster.unreadable',
  rosterDuplicate: 'roster.email_duplicate',
  rosterNotLearner: 'roster.not_learner',
  rosterHasErrors: 'roster.has_errors',
} as const;

/** Invitations (and import mails) stay valid this long. */
export const INVITATION_TTL_DAYS = 14;
/** The most rows one roster file may hold. */
export const ROSTER_MAX_ROWS = 1000;
export const ROSTER_COLUMNS = ['email', 'full_name', 'student_code', 'class'] as const;

const email = z
  .string({ error: VALIDATION_KEYS.required })
  .trim()
  .min(1, { error: VALIDATION_KEYS.required })
  .pipe(z.email({ error: VALIDATION_KEYS.email }).max(254).toLowerCase());

const idList = (max: number) =>
  z
    .array(z.uuid({ error: VALIDATION_KEYS.invalid }), { error: VALIDATION_KEYS.invalid })
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .transform((list) => [...new Set(list)]);

const classRefSchema = z.object({ id: z.string(), name: z.string() });

// ---------------------------------------------------------------- students

export const membershipStatusSchema = z.enum(['active', 'removed']);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

export const studentSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    avatar_url: z.string().nullable(),
    student_code: z.string().nullable(),
    note: z.string().nullable(),
    status: membershipStatusSchema,
    joined_via: z.enum(['code', 'invitation', 'import', 'staff']),
    joined_at: z.string(),
    removed_at: z.string().nullable(),
    has_password: z.boolean(),
    classes: z.array(classRefSchema),
    last_activity_at: z.string().nullable(),
  })
  .meta({ id: 'Student' });
export type Student = z.infer<typeof studentSchema>;

export const studentAttemptSchema = z.object({
  id: z.string(),
  test_id: z.string(),
  test_title: z.string(),
  mode: z.enum(['full', 'practice']),
  status: z.enum(['in_progress', 'submitted']),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  correct_count: z.number().int(),
  question_count: z.number().int(),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type StudentAttempt = z.infer<typeof studentAttemptSchema>;

export const studentDetailSchema = studentSchema
  .extend({ phone: z.string().nullable(), attempts: z.array(studentAttemptSchema) })
  .meta({ id: 'StudentDetail' });
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  class_id: z.uuid().optional(),
  status: membershipStatusSchema.default('active'),
});

export const studentUpdateBodySchema = z.object({
  student_code: optionalText(40),
  note: optionalText(1000),
  class_ids: idList(100),
  status: membershipStatusSchema,
});
export type StudentUpdateBody = z.input<typeof studentUpdateBodySchema>;

// ---------------------------------------------------------------- classes

export const classSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    archived: z.boolean(),
    archived_at: z.string().nullable(),
    student_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Class' });
export type ClassItem = z.infer<typeof classSchema>;

export const classListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  state: z.enum(['active', 'archived', 'all']).default('active'),
});

export const classBodySchema = z.object({
  name: requiredText(80),
  description: optionalText(500),
});
export type ClassBody = z.input<typeof classBodySchema>;

export const classArchiveBodySchema = z.object({ archived: z.boolean({ error: VALIDATION_KEYS.required }) });

export const classMembersBodySchema = z.object({
  user_ids: idList(1000).refine((list) => list.length > 0, { error: VALIDATION_KEYS.required }),
});

export const classMoveBodySchema = classMembersBodySchema.extend({
  to_class_id: z.uuid({ error: VALIDATION_KEYS.required }),
});

export const classMembersResultSchema = z.object({ class: classSchema, changed: z.number().int() });

// ---------------------------------------------------------------- join code

export const joinCodeSchema = z
  .object({
    code: z.string(),
    link: z.string(),
    /** Where a learner who joins with the code goes: this class, or (null) the waiting list. */
    default_class: classRefSchema.nullable(),
  })
  .meta({ id: 'JoinCode' });
export type JoinCode = z.infer<typeof joinCodeSchema>;

/** The centre's choice for code joiners: one of its open classes, or null for the waiting list. */
export const joinSettingsBodySchema = z.object({
  default_class_id: z.uuid({ error: VALIDATION_KEYS.invalid }).nullable(),
});
export type JoinSettingsBody = z.input<typeof joinSettingsBodySchema>;

/** Students who joined with the code, newest first; `waiting`: those in no class of the centre. */
export const joinerListQuerySchema = pageQuerySchema.extend({
  state: z.enum(['all', 'waiting']).default('all'),
});

export const joinBodySchema = z.object({ code: requiredText(32) });

export const learnerOrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    logo_url: z.string().nullable(),
    joined_at: z.string(),
    classes: z.array(classRefSchema),
  })
  .meta({ id: 'LearnerOrganization' });
export type LearnerOrganization = z.infer<typeof learnerOrganizationSchema>;

// ---------------------------------------------------------------- invitations

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    classes: z.array(classRefSchema),
    status: invitationStatusSchema,
    expires_at: z.string(),
    accepted_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListQuerySchema = pageQuerySchema.extend({
  status: invitationStatusSchema.optional(),
});

export const invitationCreateBodySchema = z.object({
  emails: z
    .array(email, { error: VALIDATION_KEYS.required })
    .min(1, { error: VALIDATION_KEYS.required })
    .max(100, { error: VALIDATION_KEYS.maxLength })
    .transform((list) => [...new Set(list)]),
  class_ids: idList(50).default([]),
});
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;

export const invitationCreateResultSchema = z.object({
  invited: z.array(invitationSchema),
  /** Addresses that are already active students (no mail sent). */
  already_students: z.array(z.string()),
});

export const publicInvitationSchema = z
  .object({
    organization: z.object({ name: z.string(), slug: z.string(), logo_url: z.string().nullable() }),
    email: z.string(),
    /** The address has an account that can sign in (password or Google): it signs in, then accepts. */
    account_exists: z.boolean(),
    expires_at: z.string(),
  })
  .meta({ id: 'PublicInvitation' });
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** Only for an address without a usable account: the new learner's name and password. */
export const invitationAcceptBodySchema = z
  .object({
    full_name: requiredText(120).optional(),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.minLength })
      .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.maxLength })
      .optional(),
    password_confirmation: z.string().optional(),
  })
  .default({});

export const invitationAcceptResultSchema = z.object({
  organization: learnerOrganizationSchema,
  /** True when the answer signed a new learner in (cookies set, tokens below). */
  signed_in: z.boolean(),
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
});

// ---------------------------------------------------------------- roster import

export const rosterRowSchema = z.object({
  /** The line (CSV) or row (XLSX) number as the user sees it in their spreadsheet. */
  row: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  student_code: z.string().nullable(),
  classes: z.array(z.string()),
  /** existing: a learner account is attached; new: an account is created and invited; member: already a student. */
  account: z.enum(['existing', 'new', 'member']),
  /** Column → translation key. */
  errors: z.record(z.string(), z.string()),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterPreviewSchema = z
  .object({
    rows: z.array(rosterRowSchema),
    valid_count: z.number().int(),
    error_count: z.number().int(),
    /** Class names not in the organization yet: the import creates them. */
    new_classes: z.array(z.string()),
  })
  .meta({ id: 'RosterPreview' });
export type RosterPreview = z.infer<typeof rosterPreviewSchema>;

export const rosterImportResultSchema = z.object({
  attached: z.number().int(),
  created: z.number().int(),
  classes_created: z.number().int(),
});
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;

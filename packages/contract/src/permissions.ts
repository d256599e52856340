/** The permission vocabulary of seed-spec §6. Admins with `is_admin` bypass every check. */
export const PERMISSIONS = [
  'view_test',
  'create_test',
  'update_test',
  'view_question_level',
  'create_question_level',
  'update_question_level',
  'view_user',
  'create_user',
  'update_user',
  'view_role',
  'create_role',
  'update_role',
  'view_category',
  'create_category',
  'update_category',
  'view_student',
  'update_student',
  'view_analytics',
  'view_question',
  'create_question',
  'update_question',
  'view_question_type',
  'create_question_type',
  'update_question_type',
  'view_point_config',
  'create_point_config',
  'update_point_config',
  'view_part',
  'create_part',
  'update_part',
  'view_educator',
  'create_educator',
  // Least privilege (issue 13): the platform's packs, blog (posts and categories) and site pages,
  // each with its own delete. Kept together so parallel additions to the vocabulary merge cleanly.
  'view_pack',
  'create_pack',
  'update_pack',
  'delete_pack',
  'view_blog',
  'create_blog',
  'update_blog',
  'delete_blog',
  'view_page',
  'create_page',
  'update_page',
  'delete_page',
  // Not in seed-spec §6 (which shows /admin/transactions with an empty permission): refunding an order (issue 16).
  'view_transaction',
  'update_transaction',
  // The packages the platform sells to organizations (issue 16).
  'view_package',
  'create_package',
  'update_package',
  'delete_package',
  // Least privilege (issue 26): the platform's vocabulary (topics, words, their import and files).
  'view_vocabulary',
  'create_vocabulary',
  'update_vocabulary',
  'delete_vocabulary',
  // Teachers' marking queue of essays and spoken answers (issue 28), platform and organization scopes.
  'update_marking',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions that mean something in the organization portal (`/api/educator/*`): a role of an
 * organization holds only these, and the organization's owner holds all of them.
 */
export const ORGANIZATION_PERMISSIONS = [
  'view_user',
  'create_user',
  'update_user',
  'view_role',
  'create_role',
  'update_role',
  'view_category',
  'create_category',
  'update_category',
  // A centre's own exams' parts (issue 29).
  'view_part',
  'create_part',
  'update_part',
  'view_question_level',
  'create_question_level',
  'update_question_level',
  'view_question_type',
  'create_question_type',
  'update_question_type',
  'view_point_config',
  'create_point_config',
  'update_point_config',
  'view_student',
  'update_student',
  'view_analytics',
  'view_question',
  'create_question',
  'update_question',
  'view_test',
  'create_test',
  'update_test',
  'update_marking',
] as const satisfies readonly Permission[];

export type OrganizationPermission = (typeof ORGANIZATION_PERMISSIONS)[number];

export function isOrganizationPermission(value: unknown): value is OrganizationPermission {
  return typeof value === 'string' && (ORGANIZATION_PERMISSIONS as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The three kinds of user (seed-spec §1). */
export const SCOPES = ['admin', 'educator', 'user'] as const;
export type Scope = (typeof SCOPES)[number];

/** The auth strategy kept in the browser; it is also the API path prefix (seed-spec §7). */
export const STRATEGIES = ['user', 'educator', 'admin'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export type PermissionHolder = { is_admin: boolean; permissions: readonly string[] };

/**
 * Seed-spec §6: `is_admin` passes everything; otherwise a string permission must be held,
 * `false` never passes and `true`/empty (any signed-in user of the area) always does.
 */
export function hasPermission(
  user: PermissionHolder | null | undefined,
  required: string | boolean | undefined,
) {
  if (!user) return false;
  if (user.is_admin) return true;
  if (required === undefined || required === true || required === '') return true;
  if (required === false) return false;
  return user.permissions.includes(required);
}

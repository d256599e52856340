import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultHomeFor } from './paths';
import { hasPermission, isPermission, PERMISSIONS } from './permissions';
import { fieldErrorsFromIssues, VALIDATION_KEYS } from './validation';

describe('hasPermission (seed-spec §6)', () => {
  const staff = { is_admin: false, permissions: ['view_test', 'view_category'] };
  const superAdmin = { is_admin: true, permissions: [] };

  it('lets is_admin through every check, including false', () => {
    expect(hasPermission(superAdmin, 'create_test')).toBe(true);
    expect(hasPermission(superAdmin, false)).toBe(true);
  });

  it('needs the permission in the role list otherwise', () => {
    expect(hasPermission(staff, 'view_test')).toBe(true);
    expect(hasPermission(staff, 'create_test')).toBe(false);
  });

  it('treats an empty permission as any signed-in user and false as nobody', () => {
    expect(hasPermission(staff, '')).toBe(true);
    expect(hasPermission(staff, undefined)).toBe(true);
    expect(hasPermission(staff, false)).toBe(false);
    expect(hasPermission(null, '')).toBe(false);
  });

  it('knows the spec vocabulary', () => {
    // The 32 of seed-spec §6, view/create/update/delete of packs, blog and pages (least privilege,
    // issue 13), view_transaction and update_transaction (the money, issue 16), and view/create/update/
    // delete of organization packages (issue 16), view/create/update/delete of vocabulary (issue 26), and
    // update_marking (the marking queue, issue 28).
    expect(PERMISSIONS).toHaveLength(55);
    expect(isPermission('update_package')).toBe(true);
    expect(isPermission('update_point_config')).toBe(true);
    expect(isPermission('delete_everything')).toBe(false);
  });
});

describe('default home (seed-spec §5)', () => {
  it('sends each kind of user home', () => {
    expect(defaultHomeFor('admin')).toBe('/admin');
    expect(defaultHomeFor('educator')).toBe('/organization');
    expect(defaultHomeFor('user')).toBe('/');
    expect(defaultHomeFor(null)).toBe('/');
  });
});

describe('field errors from zod issues', () => {
  const form = z.object({
    email: z.email(),
    fullName: z.string().min(1),
    password: z.string().min(8).max(128),
    tags: z.array(z.string()).min(1),
    custom: z.string().refine((value) => value === 'ok', { message: 'auth.weak_password' }),
  });

  it('maps each failing field to one translation key', () => {
    const result = form.safeParse({
      email: 'nope',
      fullName: '',
      password: 'x'.repeat(200),
      tags: [],
      custom: 'no',
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      email: VALIDATION_KEYS.email,
      fullName: VALIDATION_KEYS.required,
      password: VALIDATION_KEYS.maxLength,
      tags: VALIDATION_KEYS.required,
      custom: 'auth.weak_password',
    });
  });

  it('calls a missing field required and a short one too short', () => {
    const result = form.safeParse({ password: 'short' });
    const errors = fieldErrorsFromIssues(result.error!.issues);
    expect(errors.email).toBe(VALIDATION_KEYS.required);
    expect(errors.password).toBe(VALIDATION_KEYS.minLength);
  });
});

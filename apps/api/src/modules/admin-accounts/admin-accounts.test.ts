import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let superAdmin: TestAccount;
let asSuperAdmin: { authorization: string };

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  superAdmin = await createAccount(harness.database.db, { scope: 'admin', isAdmin: true });
  asSuperAdmin = await authHeader(harness.app, superAdmin, 'admin');
});
afterAll(() => harness.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });

async function newRole(
  name = `Biên tập ${Date.now()}${Math.random()}`,
  permissions = ['view_test', 'create_test'],
) {
  const response = await api('POST', '/admin/roles', asSuperAdmin, {
    name,
    description: 'Soạn đề',
    permissions,
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { id: string; name: string };
}

describe('roles', () => {
  it('creates, lists, reads, updates and deletes a role', async () => {
    const role = await newRole('Người soạn đề');
    const list = await api('GET', '/admin/roles?search=soạn', asSuperAdmin);
    expect(list.json().result.items.map((r: { name: string }) => r.name)).toContain('Người soạn đề');
    const read = await api('GET', `/admin/roles/${role.id}`, asSuperAdmin);
    expect(read.json().result).toMatchObject({
      name: 'Người soạn đề',
      permissions: ['view_test', 'create_test'],
      staff_count: 0,
    });
    const updated = await api('PUT', `/admin/roles/${role.id}`, asSuperAdmin, {
      name: 'Người soạn và duyệt đề',
      permissions: ['view_test', 'create_test', 'update_test', 'view_test'],
    });
    expect(updated.json().result).toMatchObject({ name: 'Người soạn và duyệt đề', description: null });
    expect(updated.json().result.permissions).toEqual(['view_test', 'create_test', 'update_test']);
    expect((await api('DELETE', `/admin/roles/${role.id}`, asSuperAdmin)).statusCode).toBe(200);
    expect((await api('GET', `/admin/roles/${role.id}`, asSuperAdmin)).statusCode).toBe(404);
  });

  it('refuses unknown permissions, an empty list and a duplicate name', async () => {
    const invalid = await api('POST', '/admin/roles', asSuperAdmin, {
      name: '',
      permissions: ['delete_everything'],
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: 'common.required_field',
      'permissions.0': 'common.invalid_field',
    });
    const empty = await api('POST', '/admin/roles', asSuperAdmin, { name: 'Trống', permissions: [] });
    expect(empty.json().errors).toEqual({ permissions: 'common.required_field' });
    await newRole('Kiểm duyệt');
    const duplicate = await api('POST', '/admin/roles', asSuperAdmin, {
      name: 'KIỂM DUYỆT',
      permissions: ['view_test'],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ key: 'CONFLICT', errors: { name: 'role.name_taken' } });
  });

  it('refuses to delete a role somebody holds, and says why', async () => {
    const role = await newRole();
    await createAccount(harness.database.db, { scope: 'admin', roleId: role.id });
    const response = await api('DELETE', `/admin/roles/${role.id}`, asSuperAdmin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('held by 1');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await api('GET', '/admin/roles/00000000-0000-4000-8000-000000000000', asSuperAdmin)).json().key,
    ).toBe('NOT_FOUND');
    expect((await api('GET', '/admin/roles/not-a-uuid', asSuperAdmin)).statusCode).toBe(404);
  });
});

describe('staff', () => {
  it('creates a staff member who can sign in to the back office with the role permissions', async () => {
    const role = await newRole();
    const email = uniqueEmail('editor');
    const created = await api('POST', '/admin/staffs', asSuperAdmin, {
      full_name: 'Vũ Ngọc Mai',
      email,
      role_id: role.id,
      password: 'Bien-tap-vien-1',
      password_confirmation: 'Bien-tap-vien-1',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().result).toMatchObject({
      email,
      status: 'active',
      is_admin: false,
      role: { id: role.id },
    });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email, password: 'Bien-tap-vien-1' },
    });
    expect(login.json().result.user.permissions).toEqual(['view_test', 'create_test']);
    const taken = await api('POST', '/admin/staffs', asSuperAdmin, {
      full_name: 'Trùng',
      email,
      role_id: role.id,
      password: 'Bien-tap-vien-1',
      password_confirmation: 'Bien-tap-vien-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'staff.email_taken' });
  });

  it('lists only back-office accounts, with search and filters', async () => {
    const role = await newRole();
    const mai = await createAccount(harness.database.db, {
      scope: 'admin',
      roleId: role.id,
      fullName: 'Hoàng Thị Mai Phương',
    });
    await createAccount(harness.database.db, { scope: 'user', fullName: 'Hoàng Thị Mai Phương' });
    const found = await api('GET', '/admin/staffs?search=Mai%20Ph', asSuperAdmin);
    expect(found.json().result.items.map((s: { id: string }) => s.id)).toEqual([mai.id]);
    const byRole = await api('GET', `/admin/staffs?role_id=${role.id}`, asSuperAdmin);
    expect(byRole.json().result.total).toBe(1);
    const paged = await api('GET', '/admin/staffs?page=1&pageSize=1', asSuperAdmin);
    expect(paged.json().result).toMatchObject({ page: 1, pageSize: 1 });
    expect(paged.json().result.items).toHaveLength(1);
    expect(paged.json().result.total).toBeGreaterThan(1);
    expect((await api('GET', '/admin/staffs?pageSize=1000', asSuperAdmin)).statusCode).toBe(422);
  });

  it('disabling a staff member ends their sessions; nobody may disable themselves', async () => {
    const role = await newRole();
    const member = await createAccount(harness.database.db, { scope: 'admin', roleId: role.id });
    const asMember = await authHeader(harness.app, member, 'admin');
    const disabled = await api('PUT', `/admin/staffs/${member.id}`, asSuperAdmin, {
      full_name: 'Đã nghỉ việc',
      role_id: role.id,
      status: 'disabled',
    });
    expect(disabled.json().result.status).toBe('disabled');
    expect((await api('GET', '/admin/auth/info', asMember)).statusCode).toBe(401);
    const self = await api('PUT', `/admin/staffs/${superAdmin.id}`, asSuperAdmin, {
      full_name: 'Tôi',
      role_id: null,
      status: 'disabled',
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ status: 'staff.cannot_disable_self' });
  });

  it('does not reach learners through the staff endpoints', async () => {
    const learner = await createAccount(harness.database.db, { scope: 'user' });
    expect((await api('GET', `/admin/staffs/${learner.id}`, asSuperAdmin)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a role with view permissions read but not write', async () => {
    const viewer = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_role', 'view_user'],
    });
    const asViewer = await authHeader(harness.app, viewer, 'admin');
    expect((await api('GET', '/admin/roles', asViewer)).statusCode).toBe(200);
    expect((await api('GET', '/admin/staffs', asViewer)).statusCode).toBe(200);
    const write = await api('POST', '/admin/roles', asViewer, {
      name: 'Không được',
      permissions: ['view_test'],
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().key).toBe('FORBIDDEN');
  });

  it('lets whoever may create staff list the roles to choose from', async () => {
    const recruiter = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_user', 'create_user'],
    });
    const asRecruiter = await authHeader(harness.app, recruiter, 'admin');
    expect((await api('GET', '/admin/roles', asRecruiter)).statusCode).toBe(200);
    expect((await api('GET', `/admin/roles/${recruiter.roleId}`, asRecruiter)).statusCode).toBe(403);
  });

  it('refuses staff without the permission, learners and educators, and visitors', async () => {
    const staff = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_test', 'view_category'],
    });
    const learner = await createAccount(harness.database.db, { scope: 'user' });
    expect(
      (await api('GET', '/admin/staffs', await authHeader(harness.app, staff, 'admin'))).statusCode,
    ).toBe(403);
    expect((await api('GET', '/admin/roles', await authHeader(harness.app, learner))).statusCode).toBe(403);
    expect((await api('GET', '/admin/roles', {})).statusCode).toBe(401);
  });

  it('keeps a super admin out of reach of a staff member who may edit staff', async () => {
    const manager = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_user', 'update_user'],
    });
    const response = await api(
      'PUT',
      `/admin/staffs/${superAdmin.id}`,
      await authHeader(harness.app, manager, 'admin'),
      {
        full_name: 'Chiếm quyền',
        role_id: null,
        status: 'disabled',
      },
    );
    expect(response.statusCode).toBe(403);
  });
});

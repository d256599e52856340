import { expect } from 'vitest';
import { defineCases, type IsolationWorld } from './world';

/** Organization A's role, made through the portal by A's owner. */
async function roleOfA(world: IsolationWorld) {
  const role = await world.ok<{ id: string; name: string }>(
    'POST',
    '/api/educator/roles',
    world.orgA.asOwner,
    {
      name: `Giáo viên ${Math.random().toString(36).slice(2, 8)}`,
      permissions: ['view_test', 'view_question'],
    },
  );
  return role;
}

async function staffOfA(world: IsolationWorld) {
  const role = await roleOfA(world);
  const staff = await world.ok<{ id: string }>('POST', '/api/educator/staffs', world.orgA.asOwner, {
    full_name: 'Phạm Văn Đức',
    email: `duc.${Math.random().toString(36).slice(2, 8)}@example.vn`,
    role_id: role.id,
    password: 'Day-hoc-vui-2026',
    password_confirmation: 'Day-hoc-vui-2026',
  });
  return { id: staff.id, role_id: role.id };
}

const idsOf = (body: unknown) =>
  (body as { result: { items: { id: string }[] } }).result.items.map((i) => i.id);

export default defineCases([
  {
    method: 'GET',
    url: '/api/educator/roles',
    setup: async (world) => ({ roleId: (await roleOfA(world)).id }),
    leaks: (_world, params, body) => {
      expect(idsOf(body)).not.toContain(params.roleId);
    },
  },
  {
    method: 'POST',
    url: '/api/educator/roles',
    body: () => ({ name: `Trợ giảng ${Math.random()}`, permissions: ['view_student'] }),
  },
  {
    method: 'GET',
    url: '/api/educator/roles/:id',
    setup: async (world) => ({ id: (await roleOfA(world)).id }),
  },
  {
    method: 'PUT',
    url: '/api/educator/roles/:id',
    setup: async (world) => ({ id: (await roleOfA(world)).id }),
    body: () => ({ name: 'Đổi tên', permissions: ['view_test'] }),
  },
  {
    method: 'DELETE',
    url: '/api/educator/roles/:id',
    setup: async (world) => ({ id: (await roleOfA(world)).id }),
  },
  {
    method: 'GET',
    url: '/api/educator/staffs',
    setup: async (world) => ({ staffId: (await staffOfA(world)).id }),
    leaks: (world, params, body) => {
      expect(idsOf(body)).not.toContain(params.staffId);
      expect(idsOf(body)).not.toContain(world.orgA.owner.id);
    },
  },
  {
    method: 'POST',
    url: '/api/educator/staffs',
    setup: async (world) => ({ roleId: (await roleOfA(world)).id }),
    foreignBody: true,
    body: (_world, params) => ({
      full_name: 'Lê Thị Hoa',
      email: `hoa.${Math.random().toString(36).slice(2, 8)}@example.vn`,
      role_id: params.roleId,
      password: 'Day-hoc-vui-2026',
      password_confirmation: 'Day-hoc-vui-2026',
    }),
  },
  {
    method: 'GET',
    url: '/api/educator/staffs/:id',
    setup: async (world) => ({ id: (await staffOfA(world)).id }),
  },
  {
    method: 'PUT',
    url: '/api/educator/staffs/:id',
    setup: async (world) => staffOfA(world),
    body: (_world, params) => ({ full_name: 'Tên khác', role_id: params.role_id, status: 'disabled' }),
  },
]);

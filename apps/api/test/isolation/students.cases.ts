import { expect } from 'vitest';
import { organizationStudents, users } from '../../src/db/schema';
import { uniqueEmail } from '../factories';
import { defineCases, type IsolationWorld } from './world';

/** Students, classes, join code, invitations and roster import (modules/students). */

const base = '/api/educator';
const idsOf = (body: unknown) =>
  (body as { result: { items: { id: string }[] } }).result.items.map((i) => i.id);

/** A learner who is a student of organization A. */
async function studentOfA(world: IsolationWorld) {
  const [user] = await world.db
    .insert(users)
    .values({ email: uniqueEmail('hocvien'), fullName: 'Nguyễn Thanh Tâm', scope: 'user' })
    .returning({ id: users.id });
  await world.db
    .insert(organizationStudents)
    .values({ organizationId: world.orgA.id, userId: user!.id, joinedVia: 'code' });
  return user!.id;
}

async function classOfA(world: IsolationWorld, members: string[] = []) {
  const created = await world.ok<{ id: string }>('POST', `${base}/classes`, world.orgA.asOwner, {
    name: `Lớp ${Math.random().toString(36).slice(2, 8)}`,
  });
  if (members.length > 0) {
    await world.ok('POST', `${base}/classes/${created.id}/students`, world.orgA.asOwner, {
      user_ids: members,
    });
  }
  return created.id;
}

async function classWithStudent(world: IsolationWorld) {
  const studentId = await studentOfA(world);
  const id = await classOfA(world, [studentId]);
  const to_class_id = await classOfA(world);
  return { id, studentId, to_class_id };
}

/** Organization A's view of a class and its students. */
const classState = async (world: IsolationWorld, params: Record<string, string>) => ({
  class: await world.ok('GET', `${base}/classes/${params.id}`, world.orgA.asOwner),
  students: await world.ok('GET', `${base}/students?class_id=${params.id}`, world.orgA.asOwner),
});

/** Invitations are mailed through the job queue, which this test's app does not start by itself. */
const startJobs = (world: IsolationWorld) => world.app.jobs.start();

async function invitationOfA(world: IsolationWorld) {
  await startJobs(world);
  const result = await world.ok<{ invited: { id: string }[] }>(
    'POST',
    `${base}/student-invitations`,
    world.orgA.asOwner,
    { emails: [uniqueEmail('moi')] },
  );
  return result.invited[0]!.id;
}

export default defineCases([
  {
    method: 'GET',
    url: `${base}/students`,
    setup: async (world) => ({ studentId: await studentOfA(world) }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.studentId),
  },
  { method: 'GET', url: `${base}/students/:id`, setup: async (world) => ({ id: await studentOfA(world) }) },
  {
    method: 'PUT',
    url: `${base}/students/:id`,
    setup: async (world) => ({ id: await studentOfA(world) }),
    body: () => ({ student_code: 'B-01', class_ids: [], status: 'removed' }),
  },
  {
    method: 'GET',
    url: `${base}/classes`,
    setup: async (world) => ({ classId: await classOfA(world) }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.classId),
  },
  { method: 'POST', url: `${base}/classes`, body: () => ({ name: `Lớp mới ${Math.random()}` }) },
  { method: 'GET', url: `${base}/classes/:id`, setup: async (world) => ({ id: await classOfA(world) }) },
  {
    method: 'PUT',
    url: `${base}/classes/:id`,
    setup: async (world) => ({ id: await classOfA(world) }),
    body: () => ({ name: 'Đổi tên lớp', description: 'B đổi' }),
  },
  {
    method: 'PUT',
    url: `${base}/classes/:id/archive`,
    setup: async (world) => ({ id: await classOfA(world) }),
    body: () => ({ archived: true }),
    snapshot: classState,
  },
  {
    method: 'POST',
    url: `${base}/classes/:id/students`,
    setup: async (world) => ({ id: await classOfA(world), studentId: await studentOfA(world) }),
    body: (_world, params) => ({ user_ids: [params.studentId] }),
    snapshot: classState,
  },
  {
    method: 'POST',
    url: `${base}/classes/:id/students/remove`,
    setup: classWithStudent,
    body: (_world, params) => ({ user_ids: [params.studentId] }),
    snapshot: classState,
  },
  {
    method: 'POST',
    url: `${base}/classes/:id/students/move`,
    setup: classWithStudent,
    body: (_world, params) => ({ user_ids: [params.studentId], to_class_id: params.to_class_id }),
    snapshot: classState,
  },
  {
    method: 'GET',
    url: `${base}/students-join-code`,
    setup: async (world) => ({
      code: (await world.ok<{ code: string }>('GET', `${base}/students-join-code`, world.orgA.asOwner)).code,
    }),
    leaks: (_world, params, body) =>
      expect((body as { result: { code: string } }).result.code).not.toBe(params.code),
  },
  { method: 'POST', url: `${base}/students-join-code` },
  {
    // Organization B's owner naming A's class as its default: refused (422), A's setting unchanged.
    method: 'PUT',
    url: `${base}/students-join-code/settings`,
    setup: async (world) => ({ classId: await classOfA(world) }),
    body: (_world, params) => ({ default_class_id: params.classId }),
    foreignBody: true,
  },
  {
    method: 'GET',
    url: `${base}/students-joined`,
    setup: async (world) => ({ studentId: await studentOfA(world) }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.studentId),
  },
  {
    method: 'GET',
    url: `${base}/student-invitations`,
    setup: async (world) => ({ invitationId: await invitationOfA(world) }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.invitationId),
  },
  {
    method: 'POST',
    url: `${base}/student-invitations`,
    setup: async (world) => {
      await startJobs(world);
      return {};
    },
    body: () => ({ emails: [uniqueEmail('khach')] }),
  },
  {
    method: 'DELETE',
    url: `${base}/student-invitations/:id`,
    setup: async (world) => ({ id: await invitationOfA(world) }),
    snapshot: (world) => world.ok('GET', `${base}/student-invitations`, world.orgA.asOwner),
  },
  // Multipart uploads and downloads without ids: the guard is what this file proves for them.
  { method: 'POST', url: `${base}/students/import/preview` },
  { method: 'POST', url: `${base}/students/import` },
  { method: 'GET', url: `${base}/students/import/template.csv` },
  { method: 'GET', url: `${base}/students/import/template.xlsx` },
]);

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { organizations } from '../../db/schema';

/**
 * Organization B's owner reaches none of organization A's students, classes or invitations through
 * /api/educator: each is a 404 (existence does not leak), lists do not show them, and nothing changes.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

async function organization(name: string) {
  const db = harness.app.db;
  const [row] = await db
    .insert(organizations)
    .values({
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`,
      email: uniqueEmail('org'),
      status: 'approved',
      joinCode: randomUUID().slice(0, 8).toUpperCase(),
    })
    .returning();
  const owner = await createAccount(db, { scope: 'educator', organizationId: row!.id });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, row!.id));
  return { id: row!.id, code: row!.joinCode!, headers: await authHeader(harness.app, owner) };
}

let a: Awaited<ReturnType<typeof organization>>;
let b: Awaited<ReturnType<typeof organization>>;
let student: string;
let classA: string;
let classB: string;
let invitation: string;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await harness.app.jobs.start();
  a = await organization('Trung tâm A');
  b = await organization('Trung tâm B');
  const learner = await createAccount(harness.app.db, { fullName: 'Học viên của A' });
  const asLearner = await authHeader(harness.app, learner);
  await api('POST', '/user/organizations/join', asLearner, { code: a.code });
  student = learner.id;
  classA = (await api('POST', '/educator/classes', a.headers, { name: 'Lớp của A' })).json().result.id;
  classB = (await api('POST', '/educator/classes', b.headers, { name: 'Lớp của B' })).json().result.id;
  await api('POST', `/educator/classes/${classA}/students`, a.headers, { user_ids: [student] });
  invitation = (
    await api('POST', '/educator/student-invitations', a.headers, { emails: [uniqueEmail('moi')] })
  ).json().result.invited[0].id;
});
afterAll(() => harness.close());

const itemIds = (body: { result: { items: { id: string }[] } }) => body.result.items.map((item) => item.id);

describe('organization B cannot see or touch organization A', () => {
  it('lists show nothing of A', async () => {
    expect(itemIds((await api('GET', '/educator/students', b.headers)).json())).not.toContain(student);
    expect(itemIds((await api('GET', '/educator/classes?state=all', b.headers)).json())).not.toContain(
      classA,
    );
    expect(itemIds((await api('GET', '/educator/student-invitations', b.headers)).json())).not.toContain(
      invitation,
    );
    const code = (await api('GET', '/educator/students-join-code', b.headers)).json().result.code;
    expect(code).not.toBe(a.code);
  });

  it.each([
    ['GET', () => `/educator/students/${student}`, undefined],
    ['PUT', () => `/educator/students/${student}`, () => ({ class_ids: [], status: 'removed' })],
    ['GET', () => `/educator/classes/${classA}`, undefined],
    ['PUT', () => `/educator/classes/${classA}`, () => ({ name: 'Đổi tên' })],
    ['PUT', () => `/educator/classes/${classA}/archive`, () => ({ archived: true })],
    ['POST', () => `/educator/classes/${classA}/students`, () => ({ user_ids: [student] })],
    ['POST', () => `/educator/classes/${classA}/students/remove`, () => ({ user_ids: [student] })],
    [
      'POST',
      () => `/educator/classes/${classA}/students/move`,
      () => ({ user_ids: [student], to_class_id: classB }),
    ],
    ['DELETE', () => `/educator/student-invitations/${invitation}`, undefined],
  ] as const)('%s %s is a 404', async (method, url, body) => {
    const response = await api(method, url(), b.headers, body?.());
    expect(response.statusCode, response.body).toBe(404);
  });

  it("A's student cannot be put in B's class, nor moved there", async () => {
    const add = await api('POST', `/educator/classes/${classB}/students`, b.headers, { user_ids: [student] });
    expect(add.statusCode).toBe(422);
    const move = await api('POST', `/educator/classes/${classA}/students/move`, a.headers, {
      user_ids: [student],
      to_class_id: classB,
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors).toEqual({ to_class_id: 'class.unknown' });
  });

  it('nothing of A changed', async () => {
    const detail = (await api('GET', `/educator/students/${student}`, a.headers)).json().result;
    expect(detail).toMatchObject({ status: 'active', classes: [{ id: classA, name: 'Lớp của A' }] });
    const cls = (await api('GET', `/educator/classes/${classA}`, a.headers)).json().result;
    expect(cls).toMatchObject({ name: 'Lớp của A', archived: false, student_count: 1 });
    const invitations = (await api('GET', '/educator/student-invitations', a.headers)).json().result.items;
    expect(invitations).toMatchObject([{ id: invitation, status: 'pending' }]);
  });
});

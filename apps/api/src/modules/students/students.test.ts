import { randomUUID } from 'node:crypto';
import type { Permission } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { startMailbox } from '../../../test/mailbox';
import { multipartFile } from '../../../test/multipart';
import { publishedOrganizationTest } from '../../../test/organization-test';
import { classStudents, organizationStudents, organizations, roles, users } from '../../db/schema';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
type Headers = Record<string, string>;

beforeAll(async () => {
  mailbox = await startMailbox();
  harness = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://prepwise.test' } });
  await harness.app.ready();
  await harness.app.jobs.start();
});
afterAll(async () => {
  await harness.close();
  await mailbox.close();
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
) => harness.app.inject({ method, url: `/api${url}`, headers, payload });

let sequence = 0;
interface Org {
  id: string;
  slug: string;
  joinCode: string;
  owner: TestAccount;
  asOwner: Headers;
}

async function newOrganization(): Promise<Org> {
  const db = harness.app.db;
  const n = sequence++;
  const slug = `trung-tam-${Date.now()}-${n}`;
  const joinCode = randomUUID().slice(0, 8).toUpperCase();
  const [organization] = await db
    .insert(organizations)
    .values({
      name: `Trung tâm Ánh Dương ${n}`,
      slug,
      email: uniqueEmail('center'),
      status: 'approved',
      joinCode,
    })
    .returning({ id: organizations.id });
  const owner = await createAccount(db, {
    scope: 'educator',
    organizationId: organization!.id,
    locale: 'en',
  });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, organization!.id));
  return { id: organization!.id, slug, joinCode, owner, asOwner: await authHeader(harness.app, owner) };
}

async function staffOf(org: Org, permissions: Permission[]) {
  const [role] = await harness.app.db
    .insert(roles)
    .values({ name: `Trợ giảng ${sequence++}`, organizationId: org.id, permissions })
    .returning({ id: roles.id });
  const account = await createAccount(harness.app.db, {
    scope: 'educator',
    organizationId: org.id,
    roleId: role!.id,
  });
  return authHeader(harness.app, account);
}

async function learner(fullName = 'Lê Hoàng Nam') {
  const account = await createAccount(harness.app.db, { fullName });
  return { account, headers: await authHeader(harness.app, account) };
}

async function studentOf(org: Org, fullName = 'Phạm Thu Trang') {
  const who = await learner(fullName);
  const joined = await api('POST', '/user/organizations/join', who.headers, { code: org.joinCode });
  expect(joined.statusCode).toBe(200);
  return who;
}

async function classOf(org: Org, name = `Lớp ${sequence++}`) {
  const response = await api('POST', '/educator/classes', org.asOwner, { name, description: 'Buổi tối' });
  expect(response.statusCode).toBe(200);
  return response.json().result as { id: string; name: string };
}

const ids = (response: { json: () => { result: { items: { id: string }[] } } }) =>
  response.json().result.items.map((item) => item.id);

describe('students of an organization', () => {
  it('lists with search, class filter and status; shows one; updates code, note, classes and status', async () => {
    const org = await newOrganization();
    const a = await studentOf(org, 'Đặng Minh Châu');
    const b = await studentOf(org, 'Vũ Quốc Bảo');
    const ielts = await classOf(org, 'IELTS 6.5');
    const list = await api('GET', '/educator/students', org.asOwner);
    expect(list.statusCode).toBe(200);
    expect(list.json().result).toMatchObject({ total: 2, page: 1 });

    const updated = await api('PUT', `/educator/students/${a.account.id}`, org.asOwner, {
      student_code: 'HV-07',
      note: 'Cần luyện nghe',
      class_ids: [ielts.id],
      status: 'active',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({
      full_name: 'Đặng Minh Châu',
      student_code: 'HV-07',
      note: 'Cần luyện nghe',
      classes: [{ id: ielts.id, name: 'IELTS 6.5' }],
      attempts: [],
    });

    expect(ids(await api('GET', `/educator/students?class_id=${ielts.id}`, org.asOwner))).toEqual([
      a.account.id,
    ]);
    expect(ids(await api('GET', '/educator/students?search=hv-07', org.asOwner))).toEqual([a.account.id]);
    expect(ids(await api('GET', '/educator/students?search=Bảo', org.asOwner))).toEqual([b.account.id]);

    const removed = await api('PUT', `/educator/students/${b.account.id}`, org.asOwner, {
      class_ids: [],
      status: 'removed',
    });
    expect(removed.json().result).toMatchObject({ status: 'removed' });
    expect(removed.json().result.removed_at).toBeTruthy();
    expect(ids(await api('GET', '/educator/students', org.asOwner))).toEqual([a.account.id]);
    expect(ids(await api('GET', '/educator/students?status=removed', org.asOwner))).toEqual([b.account.id]);
    // The removed learner no longer sees the organization; joining again reactivates them.
    expect((await api('GET', '/user/organizations', b.headers)).json().result).toEqual([]);
    await api('POST', '/user/organizations/join', b.headers, { code: org.joinCode.toLowerCase() });
    expect(ids(await api('GET', '/educator/students', org.asOwner)).sort()).toEqual(
      [a.account.id, b.account.id].sort(),
    );
  });

  it('refuses unknown classes and names the fields; 404 for a learner who is not a student', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const foreignClass = await classOf(other);
    const s = await studentOf(org);
    const bad = await api('PUT', `/educator/students/${s.account.id}`, org.asOwner, {
      class_ids: [foreignClass.id],
      status: 'gone',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ status: expect.any(String) });
    const foreign = await api('PUT', `/educator/students/${s.account.id}`, org.asOwner, {
      class_ids: [foreignClass.id],
      status: 'active',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ class_ids: 'class.unknown' });
    const stranger = await learner();
    expect((await api('GET', `/educator/students/${stranger.account.id}`, org.asOwner)).statusCode).toBe(404);
  });

  it('checks permissions: view_student reads, update_student writes; learners and visitors are refused', async () => {
    const org = await newOrganization();
    const s = await studentOf(org);
    const viewer = await staffOf(org, ['view_student']);
    const nobody = await staffOf(org, ['view_test']);
    expect((await api('GET', '/educator/students', viewer)).statusCode).toBe(200);
    expect((await api('GET', '/educator/classes', viewer)).statusCode).toBe(200);
    expect((await api('GET', '/educator/students', nobody)).statusCode).toBe(403);
    const write = await api('PUT', `/educator/students/${s.account.id}`, viewer, {
      class_ids: [],
      status: 'removed',
    });
    expect(write.statusCode).toBe(403);
    expect((await api('POST', '/educator/classes', viewer, { name: 'Không được' })).statusCode).toBe(403);
    expect((await api('GET', '/educator/students', s.headers)).statusCode).toBe(403);
    expect((await api('GET', '/educator/students')).statusCode).toBe(401);
    const editor = await staffOf(org, ['view_student', 'update_student']);
    expect((await api('POST', '/educator/classes', editor, { name: 'Lớp của trợ giảng' })).statusCode).toBe(
      200,
    );
  });

  it('a suspended organization is read-only', async () => {
    const org = await newOrganization();
    await harness.app.db
      .update(organizations)
      .set({ suspendedAt: new Date(), suspensionReason: 'Chưa thanh toán' })
      .where(eq(organizations.id, org.id));
    expect((await api('GET', '/educator/classes', org.asOwner)).statusCode).toBe(200);
    expect((await api('POST', '/educator/classes', org.asOwner, { name: 'Mới' })).statusCode).toBe(403);
    const s = await learner();
    const join = await api('POST', '/user/organizations/join', s.headers, { code: org.joinCode });
    expect(join.statusCode).toBe(403);
    expect(join.json().errors).toEqual({ code: 'organization.not_open' });
  });
});

describe('classes', () => {
  it('creates, renames, refuses a name taken in any case, archives and unarchives', async () => {
    const org = await newOrganization();
    const c = await classOf(org, 'TOEIC 650');
    const clash = await api('POST', '/educator/classes', org.asOwner, { name: 'toeic 650' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ name: 'class.name_taken' });
    // Another organization may use the same name.
    expect(
      (await api('POST', '/educator/classes', (await newOrganization()).asOwner, { name: 'TOEIC 650' }))
        .statusCode,
    ).toBe(200);
    const empty = await api('POST', '/educator/classes', org.asOwner, { name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: 'common.required_field' });
    const other = await classOf(org, 'TOEIC 800');
    expect(
      (await api('PUT', `/educator/classes/${other.id}`, org.asOwner, { name: 'Toeic 650' })).statusCode,
    ).toBe(409);
    const renamed = await api('PUT', `/educator/classes/${c.id}`, org.asOwner, {
      name: 'TOEIC 700',
      description: 'Thứ 3, 5',
    });
    expect(renamed.json().result).toMatchObject({
      name: 'TOEIC 700',
      description: 'Thứ 3, 5',
      student_count: 0,
    });
    const archived = await api('PUT', `/educator/classes/${c.id}/archive`, org.asOwner, { archived: true });
    expect(archived.json().result).toMatchObject({ archived: true });
    const names = (r: { json: () => { result: { items: { name: string }[] } } }) =>
      r.json().result.items.map((i) => i.name);
    expect(names(await api('GET', '/educator/classes', org.asOwner))).toEqual(['TOEIC 800']);
    expect(names(await api('GET', '/educator/classes?state=archived', org.asOwner))).toEqual(['TOEIC 700']);
    await api('PUT', `/educator/classes/${c.id}/archive`, org.asOwner, { archived: false });
    expect(names(await api('GET', '/educator/classes', org.asOwner))).toEqual(['TOEIC 700', 'TOEIC 800']);
  });

  it('adds, removes and moves students; counts them; refuses non-students', async () => {
    const org = await newOrganization();
    const from = await classOf(org, 'Sáng');
    const to = await classOf(org, 'Chiều');
    const s1 = await studentOf(org);
    const s2 = await studentOf(org);
    const stranger = await learner();
    const added = await api('POST', `/educator/classes/${from.id}/students`, org.asOwner, {
      user_ids: [s1.account.id, s2.account.id],
    });
    expect(added.json().result).toMatchObject({ changed: 2, class: { student_count: 2 } });
    const refused = await api('POST', `/educator/classes/${from.id}/students`, org.asOwner, {
      user_ids: [stranger.account.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ user_ids: 'student.unknown' });
    const moved = await api('POST', `/educator/classes/${from.id}/students/move`, org.asOwner, {
      user_ids: [s1.account.id],
      to_class_id: to.id,
    });
    expect(moved.json().result).toMatchObject({ changed: 1, class: { id: to.id, student_count: 1 } });
    expect((await api('GET', `/educator/classes/${from.id}`, org.asOwner)).json().result.student_count).toBe(
      1,
    );
    // A move of someone not in the source class changes nothing.
    const badMove = await api('POST', `/educator/classes/${from.id}/students/move`, org.asOwner, {
      user_ids: [s1.account.id, s2.account.id],
      to_class_id: to.id,
    });
    expect(badMove.statusCode).toBe(422);
    const rows = await harness.app.db
      .select()
      .from(classStudents)
      .where(eq(classStudents.userId, s2.account.id));
    expect(rows.map((r) => r.classId)).toEqual([from.id]);
    const removed = await api('POST', `/educator/classes/${from.id}/students/remove`, org.asOwner, {
      user_ids: [s2.account.id],
    });
    expect(removed.json().result).toMatchObject({ changed: 1, class: { student_count: 0 } });
  });
});

describe('join code', () => {
  it('shows the code and link, regenerates it; a learner joins once with it', async () => {
    const org = await newOrganization();
    const shown = await api('GET', '/educator/students-join-code', org.asOwner);
    expect(shown.json().result).toEqual({
      code: org.joinCode,
      link: `https://prepwise.test/organizations/${org.slug}?code=${org.joinCode}`,
      default_class: null,
    });
    const renewed = (await api('POST', '/educator/students-join-code', org.asOwner)).json().result;
    expect(renewed.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(renewed.code).not.toBe(org.joinCode);
    const s = await learner('Bùi Thị Lan');
    const old = await api('POST', '/user/organizations/join', s.headers, { code: org.joinCode });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({ code: 'organization.join_code_invalid' });
    const empty = await api('POST', '/user/organizations/join', s.headers, { code: '' });
    expect(empty.json().errors).toEqual({ code: 'common.required_field' });
    for (let i = 0; i < 2; i++) {
      const joined = await api('POST', '/user/organizations/join', s.headers, { code: ` ${renewed.code} ` });
      expect(joined.statusCode).toBe(200);
      expect(joined.json().result).toMatchObject({ id: org.id, slug: org.slug });
    }
    const mine = await api('GET', '/user/organizations', s.headers);
    expect(mine.json().result.map((o: { id: string }) => o.id)).toEqual([org.id]);
    expect((await api('GET', '/educator/students', org.asOwner)).json().result.total).toBe(1);
    // Educators do not join as students.
    expect(
      (await api('POST', '/user/organizations/join', org.asOwner, { code: renewed.code })).statusCode,
    ).toBe(403);
  });

  it('refuses an organization that is not approved', async () => {
    const org = await newOrganization();
    await harness.app.db.update(organizations).set({ status: 'pending' }).where(eq(organizations.id, org.id));
    const s = await learner();
    expect(
      (await api('POST', '/user/organizations/join', s.headers, { code: org.joinCode })).statusCode,
    ).toBe(403);
  });
});

const linkIn = (raw: string) => raw.match(/https:\/\/prepwise\.test\/join\/([A-Za-z0-9_-]+)/)?.[1];

describe('invitations', () => {
  it('mails each address a link in the inviter language; a new address sets a password and is signed in', async () => {
    const org = await newOrganization();
    const c = await classOf(org, 'Lớp giao tiếp');
    const newcomer = uniqueEmail('moi');
    const member = await studentOf(org);
    const memberEmail = (
      await harness.app.db.select({ email: users.email }).from(users).where(eq(users.id, member.account.id))
    )[0]!.email;
    const created = await api('POST', '/educator/student-invitations', org.asOwner, {
      emails: [newcomer.toUpperCase(), memberEmail],
      class_ids: [c.id],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.already_students).toEqual([memberEmail]);
    expect(created.json().result.invited).toMatchObject([
      { email: newcomer, status: 'pending', classes: [{ id: c.id, name: 'Lớp giao tiếp' }] },
    ]);
    const mail = await mailbox.waitFor(newcomer, /join/);
    // The owner's account is in English.
    expect(mail.raw).toContain('invites you to join its students');
    expect(mail.raw).toContain('Trung tâm Ánh Dương');
    const token = linkIn(mail.raw.replace(/=\r?\n/g, ''))!;
    expect(token).toBeTruthy();

    const info = await api('GET', `/public/invitations/${token}`);
    expect(info.json().result).toMatchObject({
      email: newcomer,
      account_exists: false,
      organization: { slug: org.slug },
    });
    const short = await api('POST', `/public/invitations/${token}/accept`, {}, { password: 'short' });
    expect(short.json().errors).toEqual({ password: 'common.min_length' });
    const missing = await api(
      'POST',
      `/public/invitations/${token}/accept`,
      {},
      { password: 'Luyen-de-moi-ngay-9' },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      full_name: 'common.required_field',
      password_confirmation: 'common.passwords_do_not_match',
    });
    const accepted = await api(
      'POST',
      `/public/invitations/${token}/accept`,
      {},
      {
        full_name: 'Hồ Ngọc Hân',
        password: 'Luyen-de-moi-ngay-9',
        password_confirmation: 'Luyen-de-moi-ngay-9',
      },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result).toMatchObject({
      signed_in: true,
      organization: { id: org.id, classes: [{ id: c.id }] },
    });
    expect(accepted.cookies.map((cookie) => cookie.name)).toContain('access_token');
    const me = await api('GET', '/user/auth/info', {
      authorization: `Bearer ${accepted.json().result.access_token}`,
    });
    expect(me.json().result).toMatchObject({ email: newcomer, full_name: 'Hồ Ngọc Hân', scope: 'user' });
    const again = await api('POST', `/public/invitations/${token}/accept`, {}, {});
    expect(again.statusCode).toBe(410);
    expect(again.json().errors).toEqual({ token: 'invitation.used' });
    expect((await api('GET', `/public/invitations/${token}`)).statusCode).toBe(410);
    expect((await api('GET', '/public/invitations/not-a-real-token-at-all')).statusCode).toBe(404);
  });

  it('an existing learner must sign in as that account to accept', async () => {
    const org = await newOrganization();
    const existing = await learner('Trịnh Văn Sơn');
    const email = (
      await harness.app.db.select({ email: users.email }).from(users).where(eq(users.id, existing.account.id))
    )[0]!.email;
    await api('POST', '/educator/student-invitations', org.asOwner, { emails: [email] });
    const token = linkIn((await mailbox.waitFor(email, /join/)).raw.replace(/=\r?\n/g, ''))!;
    expect((await api('GET', `/public/invitations/${token}`)).json().result.account_exists).toBe(true);
    const anonymous = await api('POST', `/public/invitations/${token}/accept`, {}, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors).toEqual({ token: 'invitation.sign_in_required' });
    const someoneElse = await learner();
    const wrong = await api('POST', `/public/invitations/${token}/accept`, someoneElse.headers, {});
    expect(wrong.statusCode).toBe(403);
    const ok = await api('POST', `/public/invitations/${token}/accept`, existing.headers, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ signed_in: false, organization: { id: org.id } });
    expect((await api('GET', '/user/organizations', existing.headers)).json().result).toHaveLength(1);
  });

  it('lists and revokes; a revoked link is gone', async () => {
    const org = await newOrganization();
    const email = uniqueEmail('huy');
    const created = await api('POST', '/educator/student-invitations', org.asOwner, { emails: [email] });
    const id = created.json().result.invited[0].id;
    const token = linkIn((await mailbox.waitFor(email, /join/)).raw.replace(/=\r?\n/g, ''))!;
    expect(ids(await api('GET', '/educator/student-invitations?status=pending', org.asOwner))).toEqual([id]);
    const revoked = await api('DELETE', `/educator/student-invitations/${id}`, org.asOwner);
    expect(revoked.json().result.status).toBe('revoked');
    const gone = await api('GET', `/public/invitations/${token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().errors).toEqual({ token: 'invitation.revoked' });
    const bad = await api('POST', '/educator/student-invitations', org.asOwner, { emails: ['not-an-email'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'emails.0': 'common.must_be_email' });
  });
});

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

async function upload(org: Org, path: string, name: string, bytes: Uint8Array, headers = org.asOwner) {
  const body = multipartFile('file', name, bytes, 'text/csv');
  return harness.app.inject({
    method: 'POST',
    url: `/api/educator/students/${path}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe('roster import', () => {
  it('previews every row with its errors by the line the user sees, and saves nothing while one is wrong', async () => {
    const org = await newOrganization();
    const staff = await createAccount(harness.app.db, { scope: 'educator', organizationId: org.id });
    const existing = await learner('Đỗ Thị Mai');
    const existingEmail = (
      await harness.app.db.select({ email: users.email }).from(users).where(eq(users.id, existing.account.id))
    )[0]!.email;
    const file = csv([
      'email,full_name,student_code,class',
      `${existingEmail},,HV1,Lớp A`,
      `${uniqueEmail('a')},Ngô Bảo Châu,HV2,Lớp A; Lớp B`,
      'khong-phai-email,Tên,HV3,',
      `${uniqueEmail('b')},,HV4,`,
      `${staff.email},Giáo viên,HV5,`,
    ]);
    const preview = await upload(org, 'import/preview', 'hoc-vien.csv', file);
    expect(preview.statusCode).toBe(200);
    const result = preview.json().result;
    expect(result).toMatchObject({ valid_count: 2, error_count: 3, new_classes: ['Lớp A', 'Lớp B'] });
    expect(result.rows.map((r: { row: number; errors: object }) => [r.row, r.errors])).toEqual([
      [2, {}],
      [3, {}],
      [4, { email: 'common.must_be_email' }],
      [5, { full_name: 'common.required_field' }],
      [6, { email: 'roster.not_learner' }],
    ]);
    expect(result.rows[0]).toMatchObject({
      account: 'existing',
      full_name: 'Đỗ Thị Mai',
      classes: ['Lớp A'],
    });
    const save = await upload(org, 'import', 'hoc-vien.csv', file);
    expect(save.statusCode).toBe(422);
    expect(save.json().errors).toEqual({
      'rows.4.email': 'common.must_be_email',
      'rows.5.full_name': 'common.required_field',
      'rows.6.email': 'roster.not_learner',
    });
    expect((await api('GET', '/educator/students', org.asOwner)).json().result.total).toBe(0);
    expect((await api('GET', '/educator/classes', org.asOwner)).json().result.total).toBe(0);
  });

  it('imports 30 rows in one go: attaches existing learners, creates and invites new ones, creates classes', async () => {
    const org = await newOrganization();
    await classOf(org, 'IELTS Sáng');
    const existing = await learner('Lý Thanh Tùng');
    const existingEmail = (
      await harness.app.db.select({ email: users.email }).from(users).where(eq(users.id, existing.account.id))
    )[0]!.email;
    const emails = Array.from({ length: 29 }, (_, i) => uniqueEmail(`hv${i}`));
    const lines = [
      'Email;Full name;Student code;Class',
      `${existingEmail};;HV00;ielts sáng`,
      ...emails.map(
        (email, i) => `${email};Học viên số ${i + 1};HV${i + 1};${i % 2 ? 'IELTS Sáng' : 'TOEIC Tối'}`,
      ),
    ];
    const saved = await upload(org, 'import', 'roster.csv', csv(lines));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toEqual({ attached: 1, created: 29, classes_created: 1 });
    const list = await api('GET', '/educator/students?pageSize=100', org.asOwner);
    expect(list.json().result.total).toBe(30);
    const classes = (await api('GET', '/educator/classes', org.asOwner)).json().result.items;
    expect(classes.map((c: { name: string; student_count: number }) => [c.name, c.student_count])).toEqual([
      ['IELTS Sáng', 15],
      ['TOEIC Tối', 15],
    ]);
    const [created] = await harness.app.db.select().from(users).where(eq(users.email, emails[0]!));
    expect(created).toMatchObject({ passwordHash: null, scope: 'user', fullName: 'Học viên số 1' });
    const [membership] = await harness.app.db
      .select()
      .from(organizationStudents)
      .where(eq(organizationStudents.userId, created!.id));
    expect(membership).toMatchObject({ joinedVia: 'import', studentCode: 'HV1', status: 'active' });
    // The new address gets a mail to choose a password (in the importer's language), and can.
    const mail = await mailbox.waitFor(emails[0]!, /join/);
    expect(mail.raw).toContain('choose your password');
    const token = linkIn(mail.raw.replace(/=\r?\n/g, ''))!;
    expect((await api('GET', `/public/invitations/${token}`)).json().result.account_exists).toBe(false);
    const accepted = await api(
      'POST',
      `/public/invitations/${token}/accept`,
      {},
      {
        password: 'Mat-khau-rieng-2026',
        password_confirmation: 'Mat-khau-rieng-2026',
      },
    );
    expect(accepted.json().result.signed_in).toBe(true);
    const login = await api(
      'POST',
      '/user/auth/login',
      {},
      { email: emails[0], password: 'Mat-khau-rieng-2026' },
    );
    expect(login.statusCode).toBe(200);
  });

  it('reads XLSX (the template), refuses files without the email column, and serves the templates', async () => {
    const org = await newOrganization();
    const template = await api('GET', '/educator/students/import/template.xlsx', org.asOwner);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const preview = await upload(org, 'import/preview', 'students.xlsx', template.rawPayload);
    expect(preview.json().result).toMatchObject({
      valid_count: 2,
      error_count: 0,
      new_classes: ['IELTS 6.5 - Sáng', 'TOEIC 650'],
    });
    const csvTemplate = await api('GET', '/educator/students/import/template.csv', org.asOwner);
    expect(csvTemplate.body).toContain('email,full_name,student_code,class');
    const noHeader = await upload(org, 'import/preview', 'x.csv', csv(['ten,lop', 'An,A']));
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors).toEqual({ file: 'roster.header_missing' });
    const empty = await upload(org, 'import/preview', 'x.csv', csv(['email,full_name']));
    expect(empty.json().errors).toEqual({ file: 'roster.empty' });
    const viewer = await staffOf(org, ['view_student']);
    expect((await upload(org, 'import/preview', 'x.csv', csv(['email']), viewer)).statusCode).toBe(403);
  });
});

describe('admin scope', () => {
  it('the platform staff manage an organization students through its path; unknown organizations are 404', async () => {
    const org = await newOrganization();
    const s = await studentOf(org, 'Cao Thị Yến');
    const admin = await createAccount(harness.app.db, {
      scope: 'admin',
      permissions: ['view_student', 'update_student'],
    });
    const asAdmin = await authHeader(harness.app, admin, 'admin');
    const list = await api('GET', `/admin/organizations/${org.id}/students`, asAdmin);
    expect(ids(list)).toEqual([s.account.id]);
    const detail = await api('GET', `/admin/organizations/${org.id}/students/${s.account.id}`, asAdmin);
    expect(detail.json().result.full_name).toBe('Cao Thị Yến');
    const created = await api('POST', `/admin/organizations/${org.id}/classes`, asAdmin, {
      name: 'Lớp của admin',
    });
    expect(created.statusCode).toBe(200);
    expect(ids(await api('GET', '/educator/classes', org.asOwner))).toEqual([created.json().result.id]);
    const unknown = await api('GET', `/admin/organizations/${randomUUID()}/students`, asAdmin);
    expect(unknown.statusCode).toBe(404);
    const other = await newOrganization();
    expect(
      (await api('GET', `/admin/organizations/${other.id}/students/${s.account.id}`, asAdmin)).statusCode,
    ).toBe(404);
    const reader = await createAccount(harness.app.db, { scope: 'admin', permissions: ['view_test'] });
    expect(
      (
        await api(
          'GET',
          `/admin/organizations/${org.id}/students`,
          await authHeader(harness.app, reader, 'admin'),
        )
      ).statusCode,
    ).toBe(403);
    expect((await api('GET', `/admin/organizations/${org.id}/students`, org.asOwner)).statusCode).toBe(403);
  });
});

describe('where code joiners go', () => {
  const setDefault = (org: Org, id: string | null, headers: Headers = org.asOwner) =>
    api('PUT', '/educator/students-join-code/settings', headers, { default_class_id: id });
  const classIdsOf = async (who: { headers: Headers }, org: Org) =>
    (await api('GET', '/user/organizations', who.headers))
      .json()
      .result.find((o: { id: string }) => o.id === org.id)
      .classes.map((c: { id: string }) => c.id);

  it("places a joiner in the centre's default class, where they see its open test with a working start", async () => {
    const org = await newOrganization();
    const evening = await classOf(org, 'B1 buổi tối');
    const set = await setDefault(org, evening.id);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.default_class).toEqual({ id: evening.id, name: 'B1 buổi tối' });
    expect(
      (await api('GET', '/educator/students-join-code', org.asOwner)).json().result.default_class,
    ).toEqual({
      id: evening.id,
      name: 'B1 buổi tối',
    });

    const test = await publishedOrganizationTest(harness.app, org.asOwner);
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const assigned = await api('POST', `/educator/tests/${test.id}/assignments`, org.asOwner, {
      opens_at: hours(-1),
      closes_at: hours(48),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [evening.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const s = await studentOf(org, 'Trịnh Bảo Ngọc');
    expect(await classIdsOf(s, org)).toEqual([evening.id]);
    const open = (await api('GET', `/user/assignments?organization=${org.slug}`, s.headers)).json().result;
    expect(open).toMatchObject([
      { state: 'open', test: { slug: test.slug }, organization: { slug: org.slug } },
    ]);
    const started = await api(
      'POST',
      `/user/organizations/${org.slug}/tests/${test.slug}/attempts`,
      s.headers,
      {},
    );
    expect(started.statusCode, started.body).toBe(201);

    // The teacher sees who joined, with the class they landed in; nobody waits.
    const joined = (await api('GET', '/educator/students-joined', org.asOwner)).json().result;
    expect(joined.items).toMatchObject([
      { id: s.account.id, joined_via: 'code', classes: [{ id: evening.id }] },
    ]);
    expect(
      (await api('GET', '/educator/students-joined?state=waiting', org.asOwner)).json().result.total,
    ).toBe(0);

    // A student who is already there and types the code again keeps their classes.
    const other = await classOf(org, 'IELTS cuối tuần');
    await api('PUT', `/educator/students/${s.account.id}`, org.asOwner, {
      class_ids: [other.id],
      status: 'active',
    });
    await api('POST', '/user/organizations/join', s.headers, { code: org.joinCode });
    expect(await classIdsOf(s, org)).toEqual([other.id]);
  });

  it('without a default class the joiner waits until a teacher assigns them; an archived default means waiting', async () => {
    const org = await newOrganization();
    const first = await studentOf(org, 'Ngô Gia Hân');
    expect(await classIdsOf(first, org)).toEqual([]);
    const morning = await classOf(org, 'Sáng thứ bảy');
    expect((await setDefault(org, morning.id)).statusCode).toBe(200);
    await api('PUT', `/educator/classes/${morning.id}/archive`, org.asOwner, { archived: true });
    const second = await studentOf(org, 'Tạ Minh Quân');
    expect(await classIdsOf(second, org)).toEqual([]);

    const waiting = (await api('GET', '/educator/students-joined?state=waiting', org.asOwner)).json().result;
    expect(waiting.total).toBe(2);
    expect(waiting.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [first.account.id, second.account.id].sort(),
    );
    // Assigning one to a class takes them off the waiting list.
    const target = await classOf(org, 'Giao tiếp 1');
    const assigned = await api('POST', `/educator/classes/${target.id}/students`, org.asOwner, {
      user_ids: [first.account.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await classIdsOf(first, org)).toEqual([target.id]);
    expect(ids(await api('GET', '/educator/students-joined?state=waiting', org.asOwner))).toEqual([
      second.account.id,
    ]);
    // Waiting again explicitly.
    const cleared = await setDefault(org, null);
    expect(cleared.json().result.default_class).toBeNull();
  });

  it("refuses another centre's class, an archived class and a caller without the permission", async () => {
    const org = await newOrganization();
    const rival = await newOrganization();
    const theirs = await classOf(rival);
    const foreign = await setDefault(org, theirs.id);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ default_class_id: 'class.unknown' });
    const old = await classOf(org);
    await api('PUT', `/educator/classes/${old.id}/archive`, org.asOwner, { archived: true });
    const archived = await setDefault(org, old.id);
    expect(archived.statusCode).toBe(422);
    expect(archived.json().errors).toEqual({ default_class_id: 'class.archived' });
    const bad = await setDefault(org, 'not-a-uuid' as string);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['default_class_id']);
    expect(
      (await api('GET', '/educator/students-join-code', org.asOwner)).json().result.default_class,
    ).toBeNull();

    // A waiting student of this centre cannot be put into the rival's class (404), nor theirs into ours.
    const s = await studentOf(org);
    const cross = await api('POST', `/educator/classes/${theirs.id}/students`, org.asOwner, {
      user_ids: [s.account.id],
    });
    expect(cross.statusCode).toBe(404);
    expect(await classIdsOf(s, org)).toEqual([]);

    const viewer = await staffOf(org, ['view_student']);
    const mine = await classOf(org);
    expect((await setDefault(org, mine.id, viewer)).statusCode).toBe(403);
    expect((await api('GET', '/educator/students-joined', viewer)).statusCode).toBe(200);
    const nobody = await staffOf(org, ['view_test']);
    expect((await api('GET', '/educator/students-joined', nobody)).statusCode).toBe(403);
    const learnerCall = await studentOf(org);
    expect((await api('GET', '/educator/students-joined', learnerCall.headers)).statusCode).toBe(403);
  });
});

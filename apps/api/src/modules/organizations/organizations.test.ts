import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { startMailbox } from '../../../test/mailbox';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { organizationStudents, organizations, roles, users } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import { createExam, createPublishedTest, insertAttempt } from '../catalogue/catalogue.fixtures';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let asAdmin: { authorization: string };
let superAdmin: TestAccount;

beforeAll(async () => {
  mailbox = await startMailbox();
  harness = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://prepwise.example' } });
  await harness.app.ready();
  await harness.app.jobs.start();
  await seedDatabase(harness.database.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  superAdmin = await createAccount(harness.database.db, { scope: 'admin', isAdmin: true });
  asAdmin = await authHeader(harness.app, superAdmin, 'admin');
});
afterAll(async () => {
  await harness.close();
  await mailbox.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

function uploadLogo(
  organizationId: string,
  headers: Headers,
  bytes: Uint8Array = PNG_1X1,
  name = 'logo.png',
) {
  const file = multipartFile('file', name, bytes);
  return harness.app.inject({
    method: 'POST',
    url: `/api/admin/organizations/${organizationId}/media`,
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
}

let sequence = 0;
const PASSWORD = 'Trung-tam-2026';

function createBody(overrides: Record<string, unknown> = {}) {
  const n = sequence++;
  return {
    name: `Trung tâm Ngoại ngữ Hướng Dương ${n}`,
    email: uniqueEmail('centre'),
    phone: '028 3939 1234',
    address: '45 Lê Lợi, Quận 1',
    description: 'Luyện thi IELTS và TOEIC cho học sinh THPT.',
    is_listed: true,
    owner: {
      full_name: 'Phạm Thu Trang',
      email: uniqueEmail('owner'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    ...overrides,
  };
}

async function createOrganization(overrides: Record<string, unknown> = {}) {
  const body = createBody(overrides);
  const response = await api('POST', '/admin/organizations', asAdmin, body);
  expect(response.statusCode, response.body).toBe(200);
  return {
    body,
    organization: response.json().result as { id: string; slug: string; [key: string]: unknown },
  };
}

/** Applies through the public form, as /register-organization does, in the given language. */
async function apply(
  locale: 'vi' | 'en',
  name = `Học viện Anh ngữ Bình Minh ${sequence++}`,
  ownerEmail?: string,
) {
  const owner = ownerEmail ?? uniqueEmail('applicant');
  const response = await api(
    'POST',
    '/public/organizations/register',
    { 'accept-language': locale },
    {
      organization: { name, email: uniqueEmail('academy') },
      owner: { full_name: 'Võ Minh Tuấn', email: owner, password: PASSWORD, password_confirmation: PASSWORD },
    },
  );
  expect(response.statusCode).toBe(202);
  const [row] = await harness.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, owner));
  return { ownerEmail: owner, organizationId: row!.organizationId!, name };
}

const signIn = (email: string, password = PASSWORD) =>
  api('POST', '/user/auth/login', {}, { email, password });

describe('permissions', () => {
  it('answers 401 to anonymous callers, 403 to learners and to staff without the permission', async () => {
    expect((await api('GET', '/admin/organizations')).statusCode).toBe(401);
    const learner = await createAccount(harness.database.db);
    const asLearner = await authHeader(harness.app, learner);
    expect((await api('GET', '/admin/organizations', asLearner)).statusCode).toBe(403);

    const other = await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_user'] });
    const asOther = await authHeader(harness.app, other, 'admin');
    expect((await api('GET', '/admin/organizations', asOther)).statusCode).toBe(403);

    const viewer = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_educator'],
    });
    const asViewer = await authHeader(harness.app, viewer, 'admin');
    const { organization } = await createOrganization();
    expect((await api('GET', '/admin/organizations', asViewer)).statusCode).toBe(200);
    expect((await api('GET', `/admin/organizations/${organization.id}`, asViewer)).statusCode).toBe(200);
    expect((await api('GET', `/admin/organizations/${organization.id}/staffs`, asViewer)).statusCode).toBe(
      200,
    );
    for (const [method, path, body] of [
      ['POST', '/admin/organizations', createBody()],
      ['PUT', `/admin/organizations/${organization.id}`, { name: 'X', email: 'x@x.vn', slug: 'x' }],
      ['POST', `/admin/organizations/${organization.id}/approve`, undefined],
      ['POST', `/admin/organizations/${organization.id}/reject`, { reason: 'Thiếu giấy phép' }],
      ['POST', `/admin/organizations/${organization.id}/suspend`, { reason: 'Vi phạm' }],
      ['POST', `/admin/organizations/${organization.id}/reactivate`, undefined],
      [
        'POST',
        `/admin/organizations/${organization.id}/staffs`,
        {
          full_name: 'Lê Hồng',
          email: uniqueEmail('staff'),
          role_id: randomUUID(),
          password: PASSWORD,
          password_confirmation: PASSWORD,
        },
      ],
    ] as const) {
      const response = await api(method, path, asViewer, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }

    const manager = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_educator', 'create_educator'],
    });
    const asManager = await authHeader(harness.app, manager, 'admin');
    expect((await api('POST', '/admin/organizations', asManager, createBody())).statusCode).toBe(200);
  });

  it('answers 404 for an organization that does not exist, also below it', async () => {
    const missing = randomUUID();
    for (const path of [
      `/admin/organizations/${missing}`,
      `/admin/organizations/${missing}/staffs`,
      `/admin/organizations/${missing}/roles`,
      `/admin/organizations/${missing}/staffs/${randomUUID()}`,
    ]) {
      expect((await api('GET', path, asAdmin)).statusCode, path).toBe(404);
    }
    expect((await api('POST', `/admin/organizations/${missing}/approve`, asAdmin)).statusCode).toBe(404);
  });
});

describe('creating directly', () => {
  it('creates an approved organization whose owner signs in to the portal at once', async () => {
    const { body, organization } = await createOrganization();
    expect(organization).toMatchObject({
      name: body.name,
      status: 'approved',
      is_listed: true,
      suspended_at: null,
      staff_count: 1,
      student_count: 0,
      test_count: 0,
      owner: { full_name: 'Phạm Thu Trang', email: body.owner.email, status: 'active' },
    });
    expect(organization.join_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(organization.slug).toMatch(/^trung-tam-ngoai-ngu-huong-duong-\d+$/);
    const [row] = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organization.id));
    expect(row!.ownerId).toBe((organization.owner as { id: string }).id);

    const signedIn = await signIn(body.owner.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().result.strategy).toBe('educator');
  });

  it('names invalid fields, a taken address and a taken owner e-mail', async () => {
    const invalid = await api('POST', '/admin/organizations', asAdmin, {
      name: '',
      email: 'not-an-email',
      slug: 'Không Hợp Lệ',
      logo_url: 'javascript:alert(1)',
      owner: { full_name: '', email: 'x', password: 'short', password_confirmation: 'other' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: 'common.required_field',
      email: 'common.must_be_email',
      slug: 'common.invalid_slug',
      logo_url: 'organization.invalid_logo',
      'owner.full_name': 'common.required_field',
      'owner.email': 'common.must_be_email',
      'owner.password': 'common.min_length',
      'owner.password_confirmation': 'common.passwords_do_not_match',
    });

    const { organization, body } = await createOrganization();
    const slugTaken = await api(
      'POST',
      '/admin/organizations',
      asAdmin,
      createBody({ slug: organization.slug }),
    );
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json().errors).toEqual({ slug: 'organization.slug_taken' });

    const emailTaken = await api('POST', '/admin/organizations', asAdmin, {
      ...createBody(),
      owner: { ...body.owner },
    });
    expect(emailTaken.statusCode).toBe(409);
    expect(emailTaken.json().errors).toEqual({ 'owner.email': 'staff.email_taken' });
    // Nothing half-made is left behind.
    const named = await api(
      'GET',
      `/admin/organizations?search=${encodeURIComponent(body.owner.email)}`,
      asAdmin,
    );
    expect(named.json().result.total).toBe(0);
  });
});

describe('list, detail and edit', () => {
  it('searches by name, slug and e-mail, filters by status and counts staff, students and tests', async () => {
    const { organization, body } = await createOrganization({ name: 'Trường Anh ngữ Cánh Diều' });
    const db = harness.database.db;
    const learner = await createAccount(db);
    const removed = await createAccount(db);
    await db.insert(organizationStudents).values([
      { organizationId: organization.id, userId: learner.id, joinedVia: 'code' },
      { organizationId: organization.id, userId: removed.id, joinedVia: 'code', status: 'removed' },
    ]);
    const exam = await createExam(db);
    const test = await createPublishedTest(db, exam, {
      title: 'Đề kiểm tra giữa kỳ',
      authorId: superAdmin.id,
      tenant: { organizationId: organization.id },
    });
    await insertAttempt(db, test, learner.id, { startedAt: new Date(Date.now() - 86_400_000), score: 2 });
    await insertAttempt(db, test, learner.id, {
      startedAt: new Date(Date.now() - 40 * 86_400_000),
      score: 1,
    });

    for (const search of ['cánh diều', 'canh dieu', organization.slug, body.email.toUpperCase()]) {
      const found = await api('GET', `/admin/organizations?search=${encodeURIComponent(search)}`, asAdmin);
      expect(
        found.json().result.items.map((o: { id: string }) => o.id),
        search,
      ).toEqual([organization.id]);
    }
    const [item] = (await api('GET', `/admin/organizations?search=${organization.slug}`, asAdmin)).json()
      .result.items;
    expect(item).toMatchObject({ staff_count: 1, student_count: 1, test_count: 1 });

    const detail = await api('GET', `/admin/organizations/${organization.id}`, asAdmin);
    expect(detail.json().result.usage).toEqual({
      student_attempts_30d: 1,
      active_students_30d: 1,
      test_attempts_30d: 1,
    });

    const pending = await apply('vi');
    const pendingList = await api('GET', '/admin/organizations?status=pending&pageSize=100', asAdmin);
    const pendingIds = pendingList.json().result.items.map((o: { id: string }) => o.id);
    expect(pendingIds).toContain(pending.organizationId);
    expect(pendingIds).not.toContain(organization.id);
    const approvedIds = (await api('GET', '/admin/organizations?status=approved&pageSize=100', asAdmin))
      .json()
      .result.items.map((o: { id: string }) => o.id);
    expect(approvedIds).toContain(organization.id);
    expect(approvedIds).not.toContain(pending.organizationId);
    expect((await api('GET', '/admin/organizations?status=closed', asAdmin)).statusCode).toBe(422);
  });

  it('edits the profile and refuses an address another organization has', async () => {
    const { organization } = await createOrganization();
    const { organization: other } = await createOrganization();
    const logo = await uploadLogo(organization.id, asAdmin);
    expect(logo.statusCode, logo.body).toBe(200);
    const update = {
      name: 'Trung tâm Hướng Dương (cơ sở 2)',
      slug: 'huong-duong-co-so-2',
      email: 'lienhe@huongduong.vn',
      phone: '0909 123 456',
      address: '10 Hai Bà Trưng',
      website: 'https://huongduong.vn',
      description: 'Cơ sở mới.',
      logo_url: logo.json().result.url as string,
      is_listed: false,
    };
    const saved = await api('PUT', `/admin/organizations/${organization.id}`, asAdmin, update);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ ...update, status: 'approved' });

    const taken = await api('PUT', `/admin/organizations/${other.id}`, asAdmin, {
      ...update,
      email: 'a@b.vn',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ slug: 'organization.slug_taken' });
    const invalid = await api('PUT', `/admin/organizations/${other.id}`, asAdmin, { name: ' ', slug: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: 'common.required_field',
      slug: 'common.required_field',
      email: 'common.required_field',
    });
  });
});

describe('the logo', () => {
  it("is uploaded into the organization's own media, saved with the profile, kept by the portal and shown publicly", async () => {
    const { organization, body } = await createOrganization({ is_listed: true });
    const { organization: other } = await createOrganization();
    const uploaded = await uploadLogo(organization.id, asAdmin);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const media = uploaded.json().result as { url: string; kind: string; mime: string };
    expect(media).toMatchObject({ kind: 'image', mime: 'image/png' });

    const profile = { name: body.name, slug: organization.slug, email: body.email, is_listed: true };
    const saved = await api('PUT', `/admin/organizations/${organization.id}`, asAdmin, {
      ...profile,
      logo_url: media.url,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.logo_url).toBe(media.url);
    const image = await harness.app.inject({ method: 'GET', url: media.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // The public pages show it.
    const detail = await api('GET', `/public/organizations/${organization.slug}`);
    expect(detail.json().result.logo_url).toBe(media.url);
    const list = await api('GET', `/public/organizations?search=${encodeURIComponent(body.name)}`);
    expect(list.json().result.items[0]).toMatchObject({ slug: organization.slug, logo_url: media.url });

    // The owner saves the portal's profile with the logo the platform set.
    const asOwner = {
      authorization: `Bearer ${(await signIn(body.owner.email)).json().result.access_token}`,
    };
    const kept = await api('PUT', '/educator/organization', asOwner, {
      name: body.name,
      email: body.email,
      logo_url: media.url,
      is_listed: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // Another organization's upload, an unknown file or a sound is not a logo of this one.
    const foreign = await uploadLogo(other.id, asAdmin);
    const sound = await uploadLogo(organization.id, asAdmin, MP3_STUB, 'jingle.mp3');
    expect(sound.statusCode, sound.body).toBe(200);
    for (const url of [foreign.json().result.url, `/api/media/${randomUUID()}`, sound.json().result.url]) {
      const refused = await api('PUT', `/admin/organizations/${organization.id}`, asAdmin, {
        ...profile,
        logo_url: url,
      });
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().errors).toEqual({ logo_url: 'organization.invalid_logo' });
    }
  });

  it('is uploaded only by an admin who manages organizations, into an organization that exists', async () => {
    const { organization } = await createOrganization();
    expect((await uploadLogo(organization.id, {})).statusCode).toBe(401);
    const viewer = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_educator'],
    });
    expect(
      (await uploadLogo(organization.id, await authHeader(harness.app, viewer, 'admin'))).statusCode,
    ).toBe(403);
    expect((await uploadLogo(randomUUID(), asAdmin)).statusCode).toBe(404);
  });
});

describe('review', () => {
  it('approves an application: the owner is active, signs in and is told in English', async () => {
    const application = await apply('en');
    const before = await signIn(application.ownerEmail);
    expect(before.json().key).toBe('ORGANIZATION_PENDING');

    const approved = await api('POST', `/admin/organizations/${application.organizationId}/approve`, asAdmin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().result).toMatchObject({ status: 'approved', owner: { status: 'active' } });
    expect(approved.json().result.join_code).toMatch(/^[A-Z2-9]{8}$/);
    const mail = await mailbox.waitFor(application.ownerEmail, /application of .* is approved/);
    expect(mail.raw).toContain(application.name);
    expect(mail.raw).toContain('https://prepwise.example/sign-in');

    const after = await signIn(application.ownerEmail);
    expect(after.statusCode).toBe(200);
    expect(after.json().result.strategy).toBe('educator');

    const again = await api('POST', `/admin/organizations/${application.organizationId}/approve`, asAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ status: 'organization.wrong_state' });
  });

  it('approves in Vietnamese for a Vietnamese owner', async () => {
    const application = await apply('vi');
    await api('POST', `/admin/organizations/${application.organizationId}/approve`, asAdmin);
    const mail = await mailbox.waitFor(application.ownerEmail, /đã được duyệt/);
    expect(mail.raw).toContain(application.name);
  });

  it('rejects with a reason mailed to the owner, who applies again with the same e-mail', async () => {
    const application = await apply('vi');
    const missing = await api(
      'POST',
      `/admin/organizations/${application.organizationId}/reject`,
      asAdmin,
      {},
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: 'common.required_field' });

    const reason = 'Chưa có giấy phép hoạt động giáo dục';
    const rejected = await api('POST', `/admin/organizations/${application.organizationId}/reject`, asAdmin, {
      reason,
    });
    expect(rejected.json().result).toMatchObject({ status: 'rejected', review_note: reason });
    const mail = await mailbox.waitFor(application.ownerEmail, /Lý do:/);
    expect(mail.raw).toContain(reason);
    expect(mail.raw).toContain('https://prepwise.example/register-organization');
    expect((await signIn(application.ownerEmail)).json().key).toBe('ORGANIZATION_REJECTED');
    const twice = await api('POST', `/admin/organizations/${application.organizationId}/reject`, asAdmin, {
      reason,
    });
    expect(twice.statusCode).toBe(409);

    // The owner applies again (in English now, with a new password): the same application, pending.
    const newPassword = 'Lan-thu-hai-2026';
    const reapplied = await api(
      'POST',
      '/public/organizations/register',
      { 'accept-language': 'en' },
      {
        organization: { name: `${application.name} (có giấy phép)`, email: uniqueEmail('academy') },
        owner: {
          full_name: 'Võ Minh Tuấn',
          email: application.ownerEmail,
          password: newPassword,
          password_confirmation: newPassword,
        },
      },
    );
    expect(reapplied.statusCode).toBe(202);
    await mailbox.waitFor(application.ownerEmail, /Thank you for registering/);
    const reopened = (await api('GET', `/admin/organizations/${application.organizationId}`, asAdmin)).json()
      .result;
    expect(reopened).toMatchObject({
      name: `${application.name} (có giấy phép)`,
      status: 'pending',
      review_note: null,
      owner: { email: application.ownerEmail, locale: 'en' },
    });
    expect((await signIn(application.ownerEmail, newPassword)).json().key).toBe('ORGANIZATION_PENDING');
    await api('POST', `/admin/organizations/${application.organizationId}/approve`, asAdmin);
    expect((await signIn(application.ownerEmail, newPassword)).statusCode).toBe(200);
  });

  it('still only sends the "email taken" mail for an e-mail that is not a rejected applicant', async () => {
    const { body, organization } = await createOrganization();
    const response = await api(
      'POST',
      '/public/organizations/register',
      {},
      {
        organization: { name: 'Chiếm tên', email: uniqueEmail('x') },
        owner: {
          full_name: 'Kẻ lạ',
          email: body.owner.email,
          password: 'Khac-han-2026',
          password_confirmation: 'Khac-han-2026',
        },
      },
    );
    expect(response.statusCode).toBe(202);
    await mailbox.waitFor(body.owner.email, /vừa đăng ký một tổ chức/);
    const unchanged = (await api('GET', `/admin/organizations/${organization.id}`, asAdmin)).json().result;
    expect(unchanged).toMatchObject({ name: body.name, status: 'approved' });
    expect((await signIn(body.owner.email)).statusCode).toBe(200);
  });

  it('suspends with a reason (listed under the suspended filter) and reactivates', async () => {
    const { organization } = await createOrganization();
    expect(
      (await api('POST', `/admin/organizations/${organization.id}/suspend`, asAdmin, { reason: '' }))
        .statusCode,
    ).toBe(422);
    const suspended = await api('POST', `/admin/organizations/${organization.id}/suspend`, asAdmin, {
      reason: 'Chưa thanh toán phí',
    });
    expect(suspended.json().result).toMatchObject({
      status: 'approved',
      suspension_reason: 'Chưa thanh toán phí',
    });
    expect(suspended.json().result.suspended_at).not.toBeNull();
    const filtered = await api('GET', '/admin/organizations?status=suspended&pageSize=100', asAdmin);
    expect(filtered.json().result.items.map((o: { id: string }) => o.id)).toContain(organization.id);
    expect(
      (await api('POST', `/admin/organizations/${organization.id}/suspend`, asAdmin, { reason: 'x' }))
        .statusCode,
    ).toBe(409);

    const reactivated = await api('POST', `/admin/organizations/${organization.id}/reactivate`, asAdmin);
    expect(reactivated.json().result).toMatchObject({ suspended_at: null, suspension_reason: null });
    expect(
      (await api('POST', `/admin/organizations/${organization.id}/reactivate`, asAdmin)).statusCode,
    ).toBe(409);
    const pending = await apply('vi');
    expect(
      (await api('POST', `/admin/organizations/${pending.organizationId}/suspend`, asAdmin, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
  });
});

describe("an organization's staff, through the staff service", () => {
  it('lists, creates, reads and edits staff of that organization only', async () => {
    const { organization, body } = await createOrganization();
    const { organization: other } = await createOrganization();
    const db = harness.database.db;
    const [role] = await db
      .insert(roles)
      .values({ name: 'Giáo viên', organizationId: organization.id, permissions: ['view_test'] })
      .returning();
    const [otherRole] = await db
      .insert(roles)
      .values({ name: 'Giáo viên', organizationId: other.id, permissions: ['view_test'] })
      .returning();

    const roleList = await api('GET', `/admin/organizations/${organization.id}/roles`, asAdmin);
    expect(roleList.json().result.items.map((r: { id: string }) => r.id)).toEqual([role!.id]);

    const listed = await api('GET', `/admin/organizations/${organization.id}/staffs`, asAdmin);
    expect(listed.json().result.items.map((s: { email: string }) => s.email)).toEqual([body.owner.email]);

    const staffEmail = uniqueEmail('teacher');
    const staffBody = {
      full_name: 'Nguyễn Hoài An',
      email: staffEmail,
      role_id: role!.id,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    };
    const foreignRole = await api('POST', `/admin/organizations/${organization.id}/staffs`, asAdmin, {
      ...staffBody,
      role_id: otherRole!.id,
    });
    expect(foreignRole.statusCode).toBe(422);
    expect(foreignRole.json().errors).toEqual({ role_id: 'common.invalid_field' });
    const created = await api('POST', `/admin/organizations/${organization.id}/staffs`, asAdmin, staffBody);
    expect(created.statusCode, created.body).toBe(200);
    const member = created.json().result;
    expect(member).toMatchObject({ email: staffEmail, role: { id: role!.id }, status: 'active' });
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ scope: 'educator', organizationId: organization.id });

    expect(
      (await api('GET', `/admin/organizations/${organization.id}/staffs/${member.id}`, asAdmin)).statusCode,
    ).toBe(200);
    expect(
      (await api('GET', `/admin/organizations/${other.id}/staffs/${member.id}`, asAdmin)).statusCode,
    ).toBe(404);
    const platformStaff = await api(
      'GET',
      `/admin/organizations/${organization.id}/staffs/${superAdmin.id}`,
      asAdmin,
    );
    expect(platformStaff.statusCode).toBe(404);

    const updated = await api('PUT', `/admin/organizations/${organization.id}/staffs/${member.id}`, asAdmin, {
      full_name: 'Nguyễn Hoài An (tổ trưởng)',
      role_id: role!.id,
      status: 'disabled',
    });
    expect(updated.json().result).toMatchObject({
      full_name: 'Nguyễn Hoài An (tổ trưởng)',
      status: 'disabled',
    });
    const elsewhere = await api('PUT', `/admin/organizations/${other.id}/staffs/${member.id}`, asAdmin, {
      full_name: 'X',
      role_id: null,
      status: 'active',
    });
    expect(elsewhere.statusCode).toBe(404);
    const detail = (await api('GET', `/admin/organizations/${organization.id}`, asAdmin)).json().result;
    expect(detail.staff_count).toBe(2);
  });
});

describe('public organization pages', () => {
  it('lists approved, listed, active organizations and shows one without private data', async () => {
    const db = harness.database.db;
    const { organization: listed } = await createOrganization({
      name: 'Trung tâm Tiếng Anh Hoa Sen',
      is_listed: true,
    });
    const { organization: unlisted } = await createOrganization({
      name: 'Trung tâm Tiếng Anh Hoa Sen Kín',
      is_listed: false,
    });
    const { organization: suspended } = await createOrganization({
      name: 'Trung tâm Tiếng Anh Hoa Sen Tạm',
      is_listed: true,
    });
    await api('POST', `/admin/organizations/${suspended.id}/suspend`, asAdmin, { reason: 'Tạm dừng' });
    const pending = await apply('vi', 'Trung tâm Tiếng Anh Hoa Sen Mới');
    await db
      .update(organizations)
      .set({ isListed: true })
      .where(eq(organizations.id, pending.organizationId));

    const exam = await createExam(db);
    await createPublishedTest(db, exam, {
      title: 'Đề thi thử TOEIC tháng 11',
      authorId: superAdmin.id,
      tenant: { organizationId: listed.id },
    });
    await createPublishedTest(db, exam, {
      title: 'Đề nháp chưa xuất bản',
      authorId: superAdmin.id,
      tenant: { organizationId: listed.id },
      publish: false,
    });

    const list = await api('GET', '/public/organizations?search=hoa sen');
    expect(list.statusCode).toBe(200);
    expect(list.json().result.items.map((o: { slug: string }) => o.slug)).toEqual([listed.slug]);
    expect(list.json().result.items[0]).toMatchObject({ name: 'Trung tâm Tiếng Anh Hoa Sen', test_count: 1 });
    const folded = await api('GET', '/public/organizations?search=tieng anh hoa sen');
    expect(folded.json().result.total).toBe(1);

    const detail = await api('GET', `/public/organizations/${listed.slug}`);
    expect(detail.statusCode).toBe(200);
    const result = detail.json().result;
    expect(result.tests.map((t: { title: string }) => t.title)).toEqual(['Đề thi thử TOEIC tháng 11']);
    expect(result.tests[0]).toMatchObject({ duration_minutes: 15, question_count: 3 });
    expect(result).not.toHaveProperty('join_code');
    expect(result).not.toHaveProperty('owner');
    expect(JSON.stringify(result)).not.toContain(String(listed.join_code));
    expect(JSON.stringify(result)).not.toContain((listed.owner as { email: string }).email);

    for (const slug of [unlisted.slug, suspended.slug, 'khong-ton-tai']) {
      expect((await api('GET', `/public/organizations/${slug}`)).statusCode, slug).toBe(404);
    }
    const sitemap = (await harness.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`/organizations/${listed.slug}</loc>`);
    expect(sitemap).not.toContain(`/organizations/${unlisted.slug}<`);
    expect(sitemap).not.toContain(`/organizations/${suspended.slug}<`);
    const [pendingRow] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.id, pending.organizationId));
    expect((await api('GET', `/public/organizations/${pendingRow!.slug}`)).statusCode).toBe(404);
  });
});

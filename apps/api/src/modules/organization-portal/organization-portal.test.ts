import { ORGANIZATION_PERMISSIONS } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type Headers,
  type TestOrganization,
} from '../../../test/isolation/world';
import { multipartFile, PNG_1X1 } from '../../../test/multipart';
import { categories, classes, media, organizationStudents, organizations, users } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { demoAccountsStep } from '../../seed/demo-accounts';
import { demoOrganizationOwnerStep } from '../../seed/demo-organization';
import { examStructureStep } from '../../seed/exam-structure';
import {
  createExam,
  createPublishedTest,
  insertAttempt,
  type PublishedTest,
} from '../catalogue/catalogue.fixtures';
import { weekStart } from './organization-portal.service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let asAdmin: Headers;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  center = await createOrganization(harness.app, { name: 'Trung tâm Anh ngữ Bình Minh' });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(() => harness.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const newRole = (headers: Headers, permissions: string[], name = `Vai trò ${Math.random()}`) =>
  api('POST', '/educator/roles', headers, { name, permissions });

describe('the owner', () => {
  it('holds every permission of the portal, as the session user says', async () => {
    const info = await api('GET', '/user/auth/info', center.asOwner);
    expect(info.statusCode).toBe(200);
    expect(info.json().result.permissions).toEqual([...ORGANIZATION_PERMISSIONS]);
    expect(info.json().result.organization).toMatchObject({ id: center.id, status: 'approved' });
  });

  it("reads every list of the portal, and only the organization's rows", async () => {
    for (const path of ['/staffs', '/roles', '/levels', '/question-types', '/categories', '/point-configs']) {
      const response = await api('GET', `/educator${path}`, center.asOwner);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
    const staff = await api('GET', '/educator/staffs', center.asOwner);
    expect(staff.json().result.items).toEqual([
      expect.objectContaining({
        id: center.owner.id,
        is_owner: true,
        role: null,
        permissions: [...ORGANIZATION_PERMISSIONS],
      }),
    ]);
  });
});

describe('roles of an organization', () => {
  it('hold only permissions of the portal (422 naming permissions)', async () => {
    for (const outside of ['view_educator', 'create_educator']) {
      const refused = await newRole(center.asOwner, ['view_test', outside]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ permissions: 'role.permission_outside_portal' });
    }
    const role = await newRole(center.asOwner, ['view_test', 'create_test'], 'Giáo viên soạn đề');
    expect(role.statusCode).toBe(200);
    const widened = await api('PUT', `/educator/roles/${role.json().result.id}`, center.asOwner, {
      name: 'Giáo viên soạn đề',
      permissions: ['view_test', 'create_educator'],
    });
    expect(widened.json()).toMatchObject({
      statusCode: 422,
      errors: { permissions: 'role.permission_outside_portal' },
    });
    // The platform keeps its whole vocabulary, and does not see the organization's role.
    const platformRole = await api('POST', '/admin/roles', asAdmin, {
      name: `Biên tập phần thi ${Math.random()}`,
      permissions: ['view_part', 'create_educator'],
    });
    expect(platformRole.statusCode).toBe(200);
    const adminRoles = await api('GET', '/admin/roles?pageSize=100', asAdmin);
    expect(adminRoles.json().result.items.map((r: { id: string }) => r.id)).not.toContain(
      role.json().result.id,
    );
  });
});

describe('staff of an organization', () => {
  it('are educators of the organization with its role, and see only what the role allows', async () => {
    const role = (await newRole(center.asOwner, ['view_role', 'view_category'], 'Trợ giảng')).json().result;
    const email = uniqueEmail('tro.giang');
    const created = await api('POST', '/educator/staffs', center.asOwner, {
      full_name: 'Võ Thị Mai',
      email,
      role_id: role.id,
      password: 'Tro-giang-2026',
      password_confirmation: 'Tro-giang-2026',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result).toMatchObject({ is_owner: false, role: { id: role.id }, is_admin: false });
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      scope: 'educator',
      organizationId: center.id,
      roleId: role.id,
      status: 'active',
    });
    const adminStaff = await api('GET', `/admin/staffs?search=${encodeURIComponent(email)}`, asAdmin);
    expect(adminStaff.json().result.total).toBe(0);

    const asMai = await authHeader(harness.app, {
      id: row!.id,
      email,
      password: 'Tro-giang-2026',
      roleId: role.id,
    });
    const info = await api('GET', '/user/auth/info', asMai);
    expect(info.json().result.permissions).toEqual(['view_role', 'view_category']);
    expect((await api('GET', '/educator/roles', asMai)).statusCode).toBe(200);
    expect((await api('GET', '/educator/categories', asMai)).statusCode).toBe(200);
    const forbidden = [
      await api('GET', '/educator/staffs', asMai),
      await api('GET', '/educator/levels', asMai),
      await newRole(asMai, ['view_test']),
      await api('POST', '/educator/categories', asMai, { name: 'Của tôi', position: 1 }),
      await api('PUT', '/educator/organization', asMai, {
        name: 'X',
        email: 'x@example.vn',
        is_listed: false,
      }),
    ];
    for (const response of forbidden)
      expect(response.json()).toMatchObject({ statusCode: 403, key: 'FORBIDDEN' });
    // Every staff member reads the organization's profile and dashboard; a dashboard without the blocks
    // this role may not see (issue 26).
    expect((await api('GET', '/educator/organization', asMai)).statusCode).toBe(200);
    const dashboard = (await api('GET', '/educator/dashboard', asMai)).json().result;
    expect(Object.keys(dashboard).sort()).toEqual(['organization', 'week_start']);
  });

  it("refuses a role of another organization or of the platform, and keeps the owner's account out of staff's reach", async () => {
    const other = await createOrganization(harness.app);
    const foreignRole = (await newRole(other.asOwner, ['view_test'])).json().result;
    const [platformRole] = (await api('GET', '/admin/roles', asAdmin)).json().result.items;
    for (const roleId of [foreignRole.id, platformRole?.id]) {
      const refused = await api('POST', '/educator/staffs', center.asOwner, {
        full_name: 'Nguyễn Văn Nam',
        email: uniqueEmail('nam'),
        role_id: roleId,
        password: 'Tro-giang-2026',
        password_confirmation: 'Tro-giang-2026',
      });
      expect(refused.json()).toMatchObject({ statusCode: 422, errors: { role_id: 'common.invalid_field' } });
    }
    const manager = await createOrganizationStaff(harness.app, center.id, ['view_user', 'update_user']);
    const disableOwner = await api('PUT', `/educator/staffs/${center.owner.id}`, manager.headers, {
      full_name: 'Chủ trung tâm',
      role_id: null,
      status: 'disabled',
    });
    expect(disableOwner.json()).toMatchObject({ statusCode: 403, key: 'FORBIDDEN' });
    const [owner] = await harness.database.db.select().from(users).where(eq(users.id, center.owner.id));
    expect(owner!.status).toBe('active');
    // Nor may the manager give themselves a stronger role.
    const strong = (await newRole(center.asOwner, ['view_user', 'update_user', 'create_role'])).json().result;
    const promoted = await api('PUT', `/educator/staffs/${manager.account.id}`, manager.headers, {
      full_name: 'Quản lý',
      role_id: strong.id,
      status: 'active',
    });
    expect(promoted.json()).toMatchObject({ statusCode: 403, key: 'FORBIDDEN' });
    const renamed = await api('PUT', `/educator/staffs/${manager.account.id}`, manager.headers, {
      full_name: 'Quản lý',
      role_id: manager.roleId,
      status: 'active',
    });
    expect(renamed.json().result).toMatchObject({ full_name: 'Quản lý', role: { id: manager.roleId } });
    const byOwner = await api('PUT', `/educator/staffs/${manager.account.id}`, center.asOwner, {
      full_name: 'Quản lý',
      role_id: strong.id,
      status: 'active',
    });
    expect(byOwner.json().result).toMatchObject({ role: { id: strong.id } });
  });
});

describe('granting rights', () => {
  it('a manager hands out only permissions they hold, in roles and in staff accounts (422 naming the field)', async () => {
    const manager = await createOrganizationStaff(harness.app, center.id, [
      'view_user',
      'create_user',
      'update_user',
      'view_role',
      'create_role',
      'update_role',
    ]);
    const beyond = await newRole(manager.headers, ['view_user', 'view_student']);
    expect(beyond.json()).toMatchObject({
      statusCode: 422,
      errors: { permissions: 'role.beyond_own_permissions' },
    });
    const within = await newRole(manager.headers, ['view_user', 'view_role'], 'Trợ lý nhân sự');
    expect(within.statusCode, within.body).toBe(200);

    // Adding a right the manager lacks to an existing role is refused; keeping what the role has is not.
    const ownersRole = (await newRole(center.asOwner, ['view_user', 'view_analytics'], 'Phân tích')).json()
      .result;
    const raised = await api('PUT', `/educator/roles/${within.json().result.id}`, manager.headers, {
      name: 'Trợ lý nhân sự',
      permissions: ['view_user', 'view_role', 'view_analytics'],
    });
    expect(raised.json()).toMatchObject({
      statusCode: 422,
      errors: { permissions: 'role.beyond_own_permissions' },
    });
    const renamed = await api('PUT', `/educator/roles/${ownersRole.id}`, manager.headers, {
      name: 'Phân tích kết quả',
      permissions: ['view_user', 'view_analytics'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const staffBody = (roleId: string) => ({
      full_name: 'Đinh Quang Huy',
      email: uniqueEmail('huy'),
      role_id: roleId,
      password: 'Nhan-vien-2026',
      password_confirmation: 'Nhan-vien-2026',
    });
    const stronger = await api('POST', '/educator/staffs', manager.headers, staffBody(ownersRole.id));
    expect(stronger.json()).toMatchObject({
      statusCode: 422,
      errors: { role_id: 'role.beyond_own_permissions' },
    });
    const assistant = await api(
      'POST',
      '/educator/staffs',
      manager.headers,
      staffBody(within.json().result.id),
    );
    expect(assistant.statusCode, assistant.body).toBe(200);
    const promoted = await api('PUT', `/educator/staffs/${assistant.json().result.id}`, manager.headers, {
      full_name: 'Đinh Quang Huy',
      role_id: ownersRole.id,
      status: 'active',
    });
    expect(promoted.json()).toMatchObject({
      statusCode: 422,
      errors: { role_id: 'role.beyond_own_permissions' },
    });
    // The owner holds every right and may.
    const byOwner = await api('PUT', `/educator/staffs/${assistant.json().result.id}`, center.asOwner, {
      full_name: 'Đinh Quang Huy',
      role_id: ownersRole.id,
      status: 'active',
    });
    expect(byOwner.json().result).toMatchObject({ role: { id: ownersRole.id } });
  });
});

describe('categories in the portal', () => {
  it("read the platform's categories read-only and keep the organization's own editable", async () => {
    const [platform] = await harness.database.db
      .insert(categories)
      .values({ name: 'TOEIC (nền tảng)', slug: `toeic-${Date.now()}`, position: 1 })
      .returning();
    const own = await api('POST', '/educator/categories', center.asOwner, {
      name: 'Tiếng Anh thiếu nhi',
      position: 2,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toMatchObject({ read_only: false });
    const list = (await api('GET', '/educator/categories?pageSize=100', center.asOwner)).json().result.items;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: platform!.id, read_only: true }),
        expect.objectContaining({ id: own.json().result.id, read_only: false }),
      ]),
    );
    const detail = await api('GET', `/educator/categories/${platform!.id}`, center.asOwner);
    expect(detail.json().result).toMatchObject({ id: platform!.id, read_only: true, exams: [] });
    const edit = await api('PUT', `/educator/categories/${platform!.id}`, center.asOwner, {
      name: 'Đổi tên',
      position: 1,
    });
    expect(edit.json()).toMatchObject({ statusCode: 403, key: 'FORBIDDEN' });
    expect((await api('DELETE', `/educator/categories/${platform!.id}`, center.asOwner)).statusCode).toBe(
      403,
    );
    const [unchanged] = await harness.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, platform!.id));
    expect(unchanged!.name).toBe('TOEIC (nền tảng)');
    // The admin keeps its own view: the platform's categories, editable, and no organization's.
    const adminList = (await api('GET', '/admin/categories?pageSize=100', asAdmin)).json().result.items;
    expect(adminList.map((c: { id: string }) => c.id)).not.toContain(own.json().result.id);
    expect(adminList.find((c: { id: string }) => c.id === platform!.id)).toMatchObject({ read_only: false });
  });
});

describe('a suspended organization', () => {
  it('reads everything and changes nothing (403 ORGANIZATION_SUSPENDED)', async () => {
    const suspended = await createOrganization(harness.app, { suspended: true });
    expect((await api('GET', '/educator/roles', suspended.asOwner)).statusCode).toBe(200);
    const profile = await api('GET', '/educator/organization', suspended.asOwner);
    expect(profile.json().result).toMatchObject({ suspension_reason: 'Chưa thanh toán' });
    expect(profile.json().result.suspended_at).not.toBeNull();
    for (const response of [
      await newRole(suspended.asOwner, ['view_test']),
      await api('PUT', '/educator/organization', suspended.asOwner, {
        name: 'Đổi tên',
        email: 'x@example.vn',
        is_listed: true,
      }),
    ]) {
      expect(response.json()).toMatchObject({ statusCode: 403, key: 'ORGANIZATION_SUSPENDED' });
    }
    expect((await api('GET', '/educator/roles', suspended.asOwner)).json().result.total).toBe(0);
  });
});

describe('an organization not approved', () => {
  it('is refused at sign-in and on every portal route', async () => {
    const waiting = await createOrganization(harness.app, { status: 'pending' });
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: waiting.owner.email, password: waiting.owner.password },
    });
    expect(signIn.json()).toMatchObject({ statusCode: 403, key: 'ORGANIZATION_PENDING' });
    // A session from before (approved, then set back to pending) is refused too.
    const refused = await api('GET', '/educator/dashboard', waiting.asOwner);
    expect(refused.json()).toMatchObject({ statusCode: 403, key: 'ORGANIZATION_PENDING' });
  });
});

describe("the organization's profile", () => {
  it('is read by its people and edited by the owner, with a logo of its own', async () => {
    const profile = (await api('GET', '/educator/organization', center.asOwner)).json().result;
    expect(profile).toMatchObject({
      id: center.id,
      name: 'Trung tâm Anh ngữ Bình Minh',
      status: 'approved',
      is_listed: false,
      owner: { id: center.owner.id },
    });
    expect(profile.join_code).toMatch(/^[A-Z0-9-]{8}$/);
    const upload = multipartFile('file', 'logo.png', PNG_1X1, 'image/png');
    const uploaded = await harness.app.inject({
      method: 'POST',
      url: '/api/educator/media',
      headers: { ...center.asOwner, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = uploaded.json().result as { id: string };
    const [stored] = await harness.database.db.select().from(media).where(eq(media.id, logo.id));
    expect(stored).toMatchObject({ organizationId: center.id, mime: 'image/png' });
    const other = await createOrganization(harness.app);
    const [foreignLogo] = await harness.database.db
      .insert(media)
      .values({
        organizationId: other.id,
        kind: 'image',
        mime: 'image/png',
        sizeBytes: 100,
        sha256: 'b'.repeat(64),
        storageKey: 'other.png',
      })
      .returning();
    const body = {
      name: 'Trung tâm Anh ngữ Bình Minh Quận 3',
      email: 'LIENHE@binhminh.edu.vn',
      phone: '028 3930 1234',
      address: '45 Võ Văn Tần, Quận 3, TP. Hồ Chí Minh',
      website: 'https://binhminh.edu.vn',
      description: 'Luyện thi IELTS và TOEIC cho học sinh THPT.',
      is_listed: true,
    };
    const foreign = await api('PUT', '/educator/organization', center.asOwner, {
      ...body,
      logo_url: `/api/media/${foreignLogo!.id}`,
    });
    expect(foreign.json()).toMatchObject({
      statusCode: 422,
      errors: { logo_url: 'organization.invalid_logo' },
    });
    const invalid = await api('PUT', '/educator/organization', center.asOwner, {
      ...body,
      name: '',
      logo_url: 'https://example.com/x.png',
    });
    expect(invalid.json()).toMatchObject({
      statusCode: 422,
      errors: { name: 'common.required_field', logo_url: 'organization.invalid_logo' },
    });
    const saved = await api('PUT', '/educator/organization', center.asOwner, {
      ...body,
      logo_url: `/api/media/${logo!.id}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({
      ...body,
      email: 'lienhe@binhminh.edu.vn',
      logo_url: `/api/media/${logo!.id}`,
      slug: profile.slug,
      status: 'approved',
    });
    await api('PUT', '/educator/organization', center.asOwner, {
      ...body,
      name: 'Trung tâm Anh ngữ Bình Minh',
    });
  });
});

describe('the dashboard', () => {
  it("counts the organization's students, classes, tests and this week's attempts, with the latest results", async () => {
    const db = harness.database.db;
    const org = await createOrganization(harness.app, { name: 'Trung tâm Sao Việt' });
    const outsider = await createOrganization(harness.app);
    const exam = await createExam(db);
    const tenant = { organizationId: org.id };
    const test: PublishedTest = await createPublishedTest(db, exam, {
      title: 'Kiểm tra giữa kỳ',
      authorId: org.owner.id,
      tenant,
    });
    await createPublishedTest(db, exam, { title: 'Đề nháp', authorId: org.owner.id, tenant, publish: false });
    await createPublishedTest(db, exam, {
      title: 'Đề của trung tâm khác',
      authorId: outsider.owner.id,
      tenant: { organizationId: outsider.id },
      publish: false,
    });
    const an = await createAccount(db, { fullName: 'Nguyễn Thị An' });
    const binh = await createAccount(db, { fullName: 'Lê Văn Bình' });
    const left = await createAccount(db, { fullName: 'Đã nghỉ' });
    const stranger = await createAccount(db, { fullName: 'Không thuộc trung tâm' });
    await db.insert(organizationStudents).values([
      { organizationId: org.id, userId: an.id, joinedVia: 'code' },
      { organizationId: org.id, userId: binh.id, joinedVia: 'import' },
      {
        organizationId: org.id,
        userId: left.id,
        joinedVia: 'code',
        status: 'removed',
        removedAt: new Date(),
      },
      { organizationId: outsider.id, userId: stranger.id, joinedVia: 'code' },
    ]);
    await db.insert(classes).values([
      { organizationId: org.id, name: 'IELTS 6.5 tối 2-4-6' },
      { organizationId: org.id, name: 'Lớp cũ', archivedAt: new Date() },
      { organizationId: outsider.id, name: 'Lớp của trung tâm khác' },
    ]);
    const now = Date.now();
    await insertAttempt(db, test, an.id, { startedAt: new Date(now - 60 * 60_000), score: 2, maxScore: 3 });
    await insertAttempt(db, test, binh.id, { startedAt: new Date(now - 30 * 60_000), score: 3, maxScore: 3 });
    await insertAttempt(db, test, binh.id, { startedAt: new Date(now - 5 * 60_000) }); // in progress
    await insertAttempt(db, test, an.id, {
      startedAt: new Date(now - 20 * 86_400_000),
      score: 1,
      maxScore: 3,
    });
    await insertAttempt(db, test, left.id, { startedAt: new Date(now - 10 * 60_000), score: 3, maxScore: 3 });
    await insertAttempt(db, test, stranger.id, {
      startedAt: new Date(now - 10 * 60_000),
      score: 3,
      maxScore: 3,
    });

    const response = await api('GET', '/educator/dashboard', org.asOwner);
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json().result;
    const thisWeek = [now - 60 * 60_000, now - 30 * 60_000, now - 5 * 60_000].filter(
      (t) => t >= weekStart(new Date(now)).getTime(),
    ).length;
    expect(dashboard).toMatchObject({
      organization: { id: org.id, name: 'Trung tâm Sao Việt', status: 'approved', suspended_at: null },
      students: 2,
      classes: 1,
      tests: 2,
      attempts_this_week: thisWeek,
      week_start: weekStart(new Date(now)).toISOString(),
    });
    expect(
      dashboard.latest_results.map((r: { student: { full_name: string }; score: number }) => [
        r.student.full_name,
        r.score,
      ]),
    ).toEqual([
      ['Lê Văn Bình', 3],
      ['Nguyễn Thị An', 2],
      ['Nguyễn Thị An', 1],
    ]);
    expect(dashboard.latest_results[0]).toMatchObject({
      test: { id: test.id, title: 'Kiểm tra giữa kỳ' },
      max_score: 3,
    });
    const reader = await createOrganizationStaff(harness.app, org.id, ['view_student']);
    expect(
      (await api('GET', '/educator/dashboard', reader.headers)).json().result.latest_results,
    ).toHaveLength(3);
  });

  it('starts the week on Monday 00:00 in Vietnam (UTC+7)', () => {
    // Sunday 2026-11-22 23:30 in Vietnam is still the week of Monday 2026-11-16.
    expect(weekStart(new Date('2026-11-22T16:30:00Z')).toISOString()).toBe('2026-11-15T17:00:00.000Z');
    // Monday 2026-11-23 00:30 in Vietnam starts a new week.
    expect(weekStart(new Date('2026-11-22T17:30:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });
});

describe('new organizations and the demo', () => {
  it('gives an application its owner and a join code', async () => {
    await harness.app.jobs.start(); // the application mails its owner through the job queue
    const email = uniqueEmail('chu.trung.tam');
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/public/organizations/register',
      payload: {
        organization: { name: `Trung tâm Hải Âu ${Date.now()}`, email: uniqueEmail('haiau') },
        owner: {
          full_name: 'Đặng Hải',
          email,
          password: 'Hai-au-2026!',
          password_confirmation: 'Hai-au-2026!',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    const [owner] = await harness.database.db.select().from(users).where(eq(users.email, email));
    const [organization] = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner!.organizationId!));
    expect(organization).toMatchObject({ ownerId: owner!.id, status: 'pending' });
    expect(organization!.joinCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
  });

  it("makes teacher@prepwise.vn the demo organization's owner", async () => {
    await seedDatabase(harness.database.db, {
      demo: true,
      steps: [demoAccountsStep, demoOrganizationOwnerStep],
      context: { storage: harness.app.storage },
    });
    const [teacher] = await harness.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'teacher@prepwise.vn'));
    const [demo] = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, 'prepwise-demo-center'));
    expect(demo).toMatchObject({ ownerId: teacher!.id, joinCode: 'PWDEMO26' });
    const asTeacher = await authHeader(harness.app, {
      id: teacher!.id,
      email: 'teacher@prepwise.vn',
      password: 'Demo@12345',
      roleId: null,
    });
    const info = (await api('GET', '/user/auth/info', asTeacher)).json().result;
    expect(info.permissions).toEqual([...ORGANIZATION_PERMISSIONS]);
  });
});

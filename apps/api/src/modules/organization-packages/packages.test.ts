import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { FREE_TIER_GRACE_DAYS, FREE_TIER_LIMITS } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount, uniqueEmail } from '../../../test/factories';
import { FAKE_HASH_SECRET, FAKE_TMN_CODE, type FakeVnpay, startFakeVnpay } from '../../../test/fake-vnpay';
import { createTestApp } from '../../../test/helpers';
import { multipartFile } from '../../../test/multipart';
import { organizationSubscriptions, organizations, roles } from '../../db/schema';
import { addMonths } from './packages.service';

type Headers = Record<string, string>;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let vnpay: FakeVnpay;
let asPackageAdmin: Headers;
let asRefunder: Headers;
let sequence = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

async function result(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) {
  const response = await api(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

interface Org {
  id: string;
  joinCode: string;
  owner: TestAccount;
  asOwner: Headers;
}

async function newOrganization(): Promise<Org> {
  const db = harness.app.db;
  const joinCode = randomUUID().slice(0, 8).toUpperCase();
  const [organization] = await db
    .insert(organizations)
    .values({
      name: `Trung tâm Sao Mai ${sequence++}`,
      slug: `sao-mai-${Date.now()}-${sequence}`,
      email: uniqueEmail('center'),
      status: 'approved',
      joinCode,
    })
    .returning({ id: organizations.id });
  const owner = await createAccount(db, { scope: 'educator', organizationId: organization!.id });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, organization!.id));
  return { id: organization!.id, joinCode, owner, asOwner: await authHeader(harness.app, owner) };
}

const packageBody = (overrides: Record<string, unknown> = {}) => ({
  name_vi: `Gói thử ${sequence++}`,
  name_en: `Trial package ${sequence}`,
  price_vnd: 500_000,
  period_months: 1,
  student_seats: 2,
  staff_accounts: 2,
  tests: 5,
  ai_credits: 10,
  is_active: true,
  ...overrides,
});

async function newPackage(overrides: Record<string, unknown> = {}) {
  return result('POST', '/admin/organization-packages', asPackageAdmin, packageBody(overrides));
}

async function buy(org: Org, packageId: string) {
  const checkout = await result('POST', '/educator/package/buy', org.asOwner, { package_id: packageId });
  const paid = await vnpay.pay(checkout.payment_url);
  expect(paid.answers[0]!.RspCode).toBe('00');
  return { order: checkout.order, returnQuery: paid.returnQuery };
}

async function join(org: Org) {
  const learner = await createAccount(harness.app.db, { fullName: 'Lê Minh Tâm' });
  return api('POST', '/user/organizations/join', await authHeader(harness.app, learner), {
    code: org.joinCode,
  });
}

beforeAll(async () => {
  vnpay = await startFakeVnpay();
  harness = await createTestApp({
    env: {
      VNPAY_TMN_CODE: FAKE_TMN_CODE,
      VNPAY_HASH_SECRET: FAKE_HASH_SECRET,
      VNPAY_URL: vnpay.paymentUrl,
      VNPAY_API_URL: vnpay.apiUrl,
    },
  });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  vnpay.ipnUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/api/public/payments/vnpay/ipn`;
  const db = harness.app.db;
  asPackageAdmin = await authHeader(
    harness.app,
    await createAccount(db, {
      scope: 'admin',
      permissions: ['view_package', 'create_package', 'update_package', 'delete_package'],
    }),
    'admin',
  );
  asRefunder = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_transaction', 'update_transaction'] }),
    'admin',
  );
});

afterAll(async () => {
  await harness?.close();
  await vnpay?.close();
});

describe('the package catalogue (admin)', () => {
  it('is created, read, edited and deleted with its permissions; errors name the field', async () => {
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.app.db, { scope: 'admin', permissions: ['view_package'] }),
      'admin',
    );
    expect((await api('POST', '/admin/organization-packages', viewer, packageBody())).statusCode).toBe(403);
    const invalid = await api('POST', '/admin/organization-packages', asPackageAdmin, {
      ...packageBody(),
      name_vi: ' ',
      period_months: 0,
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name_vi: 'common.required_field',
      period_months: 'common.invalid_field',
    });

    const created = await newPackage({ name_vi: 'Gói Mùa Hè', student_seats: 40 });
    expect(created).toMatchObject({ name_vi: 'Gói Mùa Hè', student_seats: 40, is_active: true });
    const listed = await result('GET', '/admin/organization-packages?search=M%C3%B9a%20H%C3%A8', viewer);
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([created.id]);
    const edited = await result('PUT', `/admin/organization-packages/${created.id}`, asPackageAdmin, {
      ...packageBody({ name_vi: 'Gói Mùa Thu', is_active: false }),
    });
    expect(edited).toMatchObject({ name_vi: 'Gói Mùa Thu', is_active: false });
    expect(
      (await api('DELETE', `/admin/organization-packages/${created.id}`, asPackageAdmin)).statusCode,
    ).toBe(200);
    expect((await api('GET', `/admin/organization-packages/${created.id}`, viewer)).statusCode).toBe(404);
  });

  it('a package that was bought is deactivated, not deleted (409 with its key)', async () => {
    const org = await newOrganization();
    const pkg = await newPackage();
    await buy(org, pkg.id);
    const removed = await api('DELETE', `/admin/organization-packages/${pkg.id}`, asPackageAdmin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().errors).toEqual({ id: 'packages.in_use' });
  });
});

describe('buying and renewing a package', () => {
  it('only the IPN starts the package, a replay does not add a period, and a renewal extends it', async () => {
    const org = await newOrganization();
    const pkg = await newPackage({ period_months: 3, student_seats: 120 });
    const before = await result('GET', '/educator/package', org.asOwner);
    expect(before).toMatchObject({ status: 'free', package: null, limits: FREE_TIER_LIMITS, is_owner: true });
    expect(before.catalogue.map((p: { id: string }) => p.id)).toContain(pkg.id);

    const checkout = await result('POST', '/educator/package/buy', org.asOwner, { package_id: pkg.id });
    expect(checkout.order).toMatchObject({
      kind: 'organization_package',
      status: 'pending',
      amount_vnd: 500_000,
    });
    expect(new URL(checkout.payment_url).searchParams.get('vnp_ReturnUrl')).toMatch(
      /\/organization\/package$/,
    );
    // Nothing changes before the IPN.
    expect((await result('GET', '/educator/package', org.asOwner)).status).toBe('free');
    const paid = await vnpay.pay(checkout.payment_url, { ipnTimes: 2 });
    // Two IPNs at the same moment: exactly one confirms the order, the other finds it confirmed
    // (which one arrives first is the network's choice).
    expect(paid.answers.map((a) => a.RspCode).sort()).toEqual(['00', '02']);

    const plan = await result('GET', '/educator/package', org.asOwner);
    expect(plan).toMatchObject({ status: 'active', package: { id: pkg.id }, limits: { student_seats: 120 } });
    const start = new Date(plan.period_start);
    const end = new Date(plan.period_end);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 3) % 12);
    const rows = await harness.app.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, org.id));
    expect(rows).toHaveLength(1);

    // The return page reads the order's real state (the signature checked), never fulfils.
    const returned = await result('GET', `/educator/payments/return?${paid.returnQuery}`, org.asOwner);
    expect(returned).toMatchObject({ signature_valid: true, order: { status: 'paid' } });

    await buy(org, pkg.id);
    const renewed = await result('GET', '/educator/package', org.asOwner);
    expect(renewed.period_start).toBe(plan.period_start);
    expect(new Date(renewed.period_end).getTime()).toBeGreaterThan(end.getTime());
    const orders = await result('GET', '/educator/transactions', org.asOwner);
    expect(orders.total).toBe(2);
    expect(orders.items[0]).toMatchObject({ status: 'paid', organization_package: { id: pkg.id } });
  });

  it("another organization's orders are a 404; staff who are not the owner cannot buy or read orders", async () => {
    const a = await newOrganization();
    const b = await newOrganization();
    const pkg = await newPackage();
    const { order } = await buy(a, pkg.id);
    expect((await api('GET', `/educator/transactions/${order.id}`, b.asOwner)).statusCode).toBe(404);
    expect((await result('GET', '/educator/transactions', b.asOwner)).items).toEqual([]);
    expect((await result('GET', `/educator/transactions/${order.id}`, a.asOwner)).id).toBe(order.id);
    // Organization orders are not the owner's own purchases.
    const [role] = await harness.app.db
      .insert(roles)
      .values({ name: `Trợ giảng ${sequence++}`, organizationId: a.id, permissions: ['view_student'] })
      .returning({ id: roles.id });
    const staff = await createAccount(harness.app.db, {
      scope: 'educator',
      organizationId: a.id,
      roleId: role!.id,
    });
    const asStaff = await authHeader(harness.app, staff);
    expect((await api('POST', '/educator/package/buy', asStaff, { package_id: pkg.id })).statusCode).toBe(
      403,
    );
    expect((await api('GET', '/educator/transactions', asStaff)).statusCode).toBe(403);
    expect((await result('GET', '/educator/package', asStaff)).is_owner).toBe(false);
    // The session says who owns the organization: the portal shows the orders to the owner alone.
    expect((await result('GET', '/user/auth/info', asStaff)).is_owner).toBe(false);
    expect((await result('GET', '/user/auth/info', a.asOwner)).is_owner).toBe(true);
    // An inactive package is not for sale.
    const retired = await newPackage({ is_active: false });
    const refused = await api('POST', '/educator/package/buy', a.asOwner, { package_id: retired.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ package_id: 'packages.unavailable' });
  });

  it('a refund ends the period it paid for', async () => {
    const org = await newOrganization();
    const pkg = await newPackage({ student_seats: 70 });
    const { order } = await buy(org, pkg.id);
    expect((await result('GET', '/educator/package', org.asOwner)).status).toBe('active');
    await result('POST', `/admin/transactions/${order.id}/refund`, asRefunder);
    expect(await result('GET', '/educator/package', org.asOwner)).toMatchObject({
      status: 'free',
      limits: FREE_TIER_LIMITS,
    });
  });
});

describe('limits', () => {
  it('the seat limit refuses the next student by code, invitation and roster import (before saving)', async () => {
    const org = await newOrganization();
    const pkg = await newPackage({ student_seats: 2 });
    await buy(org, pkg.id);
    expect((await join(org)).statusCode).toBe(200);
    expect((await join(org)).statusCode).toBe(200);
    const third = await join(org);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ key: 'CONFLICT', errors: { code: 'packages.seat_limit' } });
    const plan = await result('GET', '/educator/package', org.asOwner);
    expect(plan.usage.student_seats).toBe(2);

    const invited = await api('POST', '/educator/student-invitations', org.asOwner, {
      emails: [uniqueEmail('moi')],
      class_ids: [],
    });
    expect(invited.statusCode).toBe(409);
    expect(invited.json().errors).toEqual({ emails: 'packages.seat_limit' });

    const file = Buffer.from(`email,full_name\r\n${uniqueEmail('a')},Ngô Văn A\r\n`, 'utf8');
    const body = multipartFile('file', 'roster.csv', file, 'text/csv');
    const preview = await harness.app.inject({
      method: 'POST',
      url: '/api/educator/students/import/preview',
      headers: { ...org.asOwner, ...body.headers },
      payload: body.payload,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().result.rows[0].errors).toEqual({ email: 'packages.seat_limit' });
    const saved = await harness.app.inject({
      method: 'POST',
      url: '/api/educator/students/import',
      headers: { ...org.asOwner, ...body.headers },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors).toEqual({ 'rows.2.email': 'packages.seat_limit' });
  });

  it('the staff limit refuses the next staff account', async () => {
    const org = await newOrganization();
    const pkg = await newPackage({ staff_accounts: 2 });
    await buy(org, pkg.id);
    const [role] = await harness.app.db
      .insert(roles)
      .values({ name: `Giáo viên ${sequence++}`, organizationId: org.id, permissions: ['view_student'] })
      .returning({ id: roles.id });
    const staffBody = () => ({
      full_name: 'Võ Thị Hạnh',
      email: uniqueEmail('gv'),
      role_id: role!.id,
      password: 'Hoc-tieng-Anh-2026',
      password_confirmation: 'Hoc-tieng-Anh-2026',
    });
    const second = await api('POST', '/educator/staffs', org.asOwner, staffBody());
    expect(second.statusCode, second.body).toBe(200);
    const third = await api('POST', '/educator/staffs', org.asOwner, staffBody());
    expect(third.statusCode).toBe(409);
    expect(third.json().errors).toEqual({ email: 'packages.staff_limit' });

    // A disabled account frees its slot; enabling it again needs a slot, like a new account.
    const member = second.json().result;
    const edit = (status: 'active' | 'disabled') =>
      api('PUT', `/educator/staffs/${member.id}`, org.asOwner, {
        full_name: member.full_name,
        role_id: role!.id,
        status,
      });
    expect((await edit('disabled')).statusCode).toBe(200);
    const replacement = await api('POST', '/educator/staffs', org.asOwner, staffBody());
    expect(replacement.statusCode, replacement.body).toBe(200);
    const enabled = await edit('active');
    expect(enabled.statusCode).toBe(409);
    expect(enabled.json().errors).toEqual({ status: 'packages.staff_limit' });
    // Saving a still-disabled account (another field) is not a new slot.
    expect((await edit('disabled')).statusCode).toBe(200);
  });

  it('an ended package keeps its limits for the grace period, then the free tier applies', async () => {
    const org = await newOrganization();
    const pkg = await newPackage({ student_seats: 99 });
    await buy(org, pkg.id);
    const day = 86_400_000;
    const shift = async (endedDaysAgo: number) => {
      const ends = new Date(Date.now() - endedDaysAgo * day);
      await harness.app.db
        .update(organizationSubscriptions)
        .set({ startsAt: new Date(ends.getTime() - 30 * day), endsAt: ends })
        .where(eq(organizationSubscriptions.organizationId, org.id));
      return result('GET', '/educator/package', org.asOwner);
    };
    expect(await shift(FREE_TIER_GRACE_DAYS - 1)).toMatchObject({
      status: 'grace',
      limits: { student_seats: 99 },
    });
    expect(await shift(FREE_TIER_GRACE_DAYS + 1)).toMatchObject({
      status: 'free',
      package: null,
      limits: FREE_TIER_LIMITS,
    });
  });
});

describe('a period of whole months', () => {
  it('ends on the same day of the month, or the last day of a shorter month', () => {
    const at = (iso: string, months: number) => addMonths(new Date(iso), months).toISOString();
    expect(at('2026-11-29T01:50:00.000Z', 3)).toBe('2027-02-28T01:50:00.000Z');
    expect(at('2026-08-31T00:00:00.000Z', 1)).toBe('2026-09-30T00:00:00.000Z');
    expect(at('2027-11-30T12:00:00.000Z', 3)).toBe('2028-02-29T12:00:00.000Z');
    expect(at('2026-01-15T08:00:00.000Z', 12)).toBe('2027-01-15T08:00:00.000Z');
    expect(at('2026-12-31T23:59:00.000Z', 2)).toBe('2027-02-28T23:59:00.000Z');
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { organizationPackages, organizations, paymentOrders, roles } from '../../db/schema';

/*
 * The transactions list in the organization's portal (issue 27): the platform's screen (search,
 * filters, totals, CSV) on the organization's own orders, for its owner; another organization's orders
 * never appear, and refunds stay the platform's.
 */

type Headers = Record<string, string>;
let harness: Awaited<ReturnType<typeof createTestApp>>;
let sequence = 0;

const api = (method: 'GET' | 'POST', url: string, headers?: Headers) =>
  harness.app.inject({ method, url: `/api${url}`, headers });

async function result(url: string, headers: Headers) {
  const response = await api('GET', url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

async function newOrganization() {
  const db = harness.app.db;
  const [organization] = await db
    .insert(organizations)
    .values({
      name: `Trung tâm Giao dịch ${sequence++}`,
      slug: `giao-dich-${Date.now()}-${sequence}`,
      email: uniqueEmail('center'),
      status: 'approved',
      joinCode: randomUUID().slice(0, 8).toUpperCase(),
    })
    .returning({ id: organizations.id });
  const owner = await createAccount(db, { scope: 'educator', organizationId: organization!.id });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, organization!.id));
  return { id: organization!.id, owner, asOwner: await authHeader(harness.app, owner) };
}

/** An order of the organization's package, as the IPN leaves it. */
async function orderOf(
  org: Awaited<ReturnType<typeof newOrganization>>,
  values: { status: 'paid' | 'pending' | 'refunded'; amountVnd: number; day: string },
) {
  const [pkg] = await harness.app.db
    .insert(organizationPackages)
    .values({
      nameVi: `Gói giao dịch ${sequence}`,
      nameEn: `Transactions package ${sequence++}`,
      priceVnd: values.amountVnd,
      periodMonths: 1,
      studentSeats: 10,
      staffAccounts: 2,
      tests: 5,
      aiCredits: 5,
    })
    .returning({ id: organizationPackages.id, nameVi: organizationPackages.nameVi });
  const at = new Date(`${values.day}T10:00:00+07:00`);
  const [order] = await harness.app.db
    .insert(paymentOrders)
    .values({
      code: `PWTX${Date.now().toString(36).toUpperCase()}${sequence++}`,
      userId: org.owner.id,
      organizationId: org.id,
      kind: 'organization_package',
      organizationPackageId: pkg!.id,
      description: pkg!.nameVi,
      amountVnd: values.amountVnd,
      method: 'vnpay',
      status: values.status,
      paidAt: values.status === 'pending' ? null : at,
      refundedAt: values.status === 'refunded' ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return { ...order!, packageId: pkg!.id };
}

beforeAll(async () => {
  harness = await createTestApp();
});

afterAll(async () => {
  await harness?.close();
});

describe("an organization's transactions", () => {
  it('lists, filters, totals and exports its own orders only; the platform sees them too', async () => {
    const a = await newOrganization();
    const b = await newOrganization();
    const paid = await orderOf(a, { status: 'paid', amountVnd: 390_000, day: '2026-03-02' });
    const refunded = await orderOf(a, { status: 'refunded', amountVnd: 120_000, day: '2026-03-10' });
    const pending = await orderOf(a, { status: 'pending', amountVnd: 50_000, day: '2026-04-01' });
    const ofB = await orderOf(b, { status: 'paid', amountVnd: 990_000, day: '2026-03-05' });

    const all = await result('/educator/transactions', a.asOwner);
    expect(all.items.map((order: { id: string }) => order.id)).toEqual([pending.id, refunded.id, paid.id]);
    expect(all.totals).toEqual({ count: 3, paid_vnd: 390_000, refunded_vnd: 120_000 });
    expect(all.items[2]).toMatchObject({
      code: paid.code,
      status: 'paid',
      user: { id: a.owner.id, email: a.owner.email },
      organization_package: { id: paid.packageId },
    });

    // Search by code, status and dates, as on the platform's screen.
    const byCode = await result(`/educator/transactions?q=${encodeURIComponent(refunded.code)}`, a.asOwner);
    expect(byCode.items.map((order: { id: string }) => order.id)).toEqual([refunded.id]);
    const march = await result('/educator/transactions?from=2026-03-01&to=2026-03-31&status=paid', a.asOwner);
    expect(march.items.map((order: { id: string }) => order.id)).toEqual([paid.id]);
    expect(march.totals).toEqual({ count: 1, paid_vnd: 390_000, refunded_vnd: 0 });

    // Another organization's order never appears, even searched for by its code.
    const foreign = await result(`/educator/transactions?q=${encodeURIComponent(ofB.code)}`, a.asOwner);
    expect(foreign).toMatchObject({ items: [], total: 0, totals: { count: 0, paid_vnd: 0 } });
    expect(
      (await result('/educator/transactions', b.asOwner)).items.map((o: { id: string }) => o.id),
    ).toEqual([ofB.id]);
    expect((await api('GET', `/educator/transactions/${paid.id}`, b.asOwner)).statusCode).toBe(404);

    // The CSV holds the same rows: A's three, none of B's.
    const csv = await api('GET', '/educator/transactions/export', a.asOwner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(paid.code);
    expect(csv.body).toContain(pending.code);
    expect(csv.body).not.toContain(ofB.code);
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    const exportOfB = await api(
      'GET',
      `/educator/transactions/export?q=${encodeURIComponent(paid.code)}`,
      b.asOwner,
    );
    expect(exportOfB.statusCode).toBe(200);
    expect(exportOfB.body).not.toContain(paid.code);
    expect(exportOfB.body.trim().split('\r\n')).toHaveLength(1);

    // Invalid filters name the field.
    const invalid = await api('GET', '/educator/transactions?status=stolen&from=2026-02-31', a.asOwner);
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['status', 'from']));

    // The platform's list holds every organization's orders.
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.app.db, { scope: 'admin', permissions: ['view_transaction'] }),
      'admin',
    );
    const platform = await result(`/admin/transactions?q=${encodeURIComponent(ofB.code)}`, viewer);
    expect(platform.items).toEqual([
      expect.objectContaining({
        id: ofB.id,
        organization_package: expect.objectContaining({ id: ofB.packageId }),
      }),
    ]);
  });

  it('is the owner’s only; the portal refunds nothing', async () => {
    const a = await newOrganization();
    const order = await orderOf(a, { status: 'paid', amountVnd: 200_000, day: '2026-05-01' });
    const [role] = await harness.app.db
      .insert(roles)
      .values({ name: `Kế toán ${sequence++}`, organizationId: a.id, permissions: ['view_student'] })
      .returning({ id: roles.id });
    const staff = await createAccount(harness.app.db, {
      scope: 'educator',
      organizationId: a.id,
      roleId: role!.id,
    });
    const asStaff = await authHeader(harness.app, staff);
    expect((await api('GET', '/educator/transactions', asStaff)).statusCode).toBe(403);
    expect((await api('GET', '/educator/transactions/export', asStaff)).statusCode).toBe(403);
    expect((await api('GET', '/educator/transactions')).statusCode).toBe(401);
    // No refund route in the portal, and the platform's refuses an organization's token.
    expect((await api('POST', `/educator/transactions/${order.id}/refund`, a.asOwner)).statusCode).toBe(404);
    expect((await api('POST', `/admin/transactions/${order.id}/refund`, a.asOwner)).statusCode).toBe(403);
    const [still] = await harness.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(still!.status).toBe('paid');
  });
});

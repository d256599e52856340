import { expect } from 'vitest';
import { organizationPackages, paymentOrders } from '../../src/db/schema';
import { startPeriod } from '../../src/modules/organization-packages/packages.service';
import { defineCases, type IsolationWorld } from './world';

let sequence = 0;

async function aPackage(world: IsolationWorld) {
  const [row] = await world.db
    .insert(organizationPackages)
    .values({
      nameVi: `Gói cách ly ${sequence}`,
      nameEn: `Isolation package ${sequence++}`,
      priceVnd: 300_000,
      periodMonths: 1,
      studentSeats: 77,
      staffAccounts: 7,
      tests: 7,
      aiCredits: 7,
    })
    .returning({ id: organizationPackages.id });
  return row!.id;
}

/** Organization A's paid package order (as the IPN leaves it) and its period. */
async function orderOfA(world: IsolationWorld) {
  const packageId = await aPackage(world);
  const [order] = await world.db
    .insert(paymentOrders)
    .values({
      code: `PWISO${Date.now().toString(36).toUpperCase()}${sequence++}`,
      userId: world.orgA.owner.id,
      organizationId: world.orgA.id,
      kind: 'organization_package',
      organizationPackageId: packageId,
      description: 'Gói cách ly',
      amountVnd: 300_000,
      method: 'vnpay',
      status: 'paid',
      paidAt: new Date(),
    })
    .returning({ id: paymentOrders.id, code: paymentOrders.code });
  await startPeriod(world.db, {
    organizationId: world.orgA.id,
    packageId,
    orderId: order!.id,
    now: new Date(),
  });
  return order!;
}

/** The organization's package, its purchase and its orders (issue 16). */
export default defineCases([
  {
    method: 'GET',
    url: '/api/educator/package',
    setup: async (world) => {
      await orderOfA(world);
      return {};
    },
    leaks: (_world, _params, body) => {
      expect((body as { result: { status: string; package: unknown } }).result).toMatchObject({
        status: 'free',
        package: null,
      });
    },
  },
  {
    method: 'POST',
    url: '/api/educator/package/buy',
    setup: async (world) => ({ packageId: await aPackage(world) }),
    body: (_world, params) => ({ package_id: params.packageId }),
  },
  {
    method: 'GET',
    url: '/api/educator/payments/return',
    setup: async (world) => ({ code: (await orderOfA(world)).code }),
    leaks: (_world, _params, body) => {
      expect((body as { key: string }).key).toBe('NOT_FOUND');
    },
  },
  {
    method: 'GET',
    url: '/api/educator/transactions',
    setup: async (world) => {
      await orderOfA(world);
      return {};
    },
    leaks: (_world, _params, body) => {
      expect((body as { result: { items: unknown[] } }).result.items).toEqual([]);
    },
  },
  {
    // A CSV, not JSON: that B's export holds none of A's orders is asserted in payments' transactions.test.ts.
    method: 'GET',
    url: '/api/educator/transactions/export',
  },
  {
    method: 'GET',
    url: '/api/educator/transactions/:id',
    setup: async (world) => ({ id: (await orderOfA(world)).id }),
  },
]);

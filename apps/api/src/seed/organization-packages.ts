import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizationPackages, organizations } from '../db/schema';
import { createPackage, startPeriod } from '../modules/organization-packages/packages.service';
import type { SeedStep } from './step';

const PACKAGES = [
  {
    name_vi: 'Cơ bản',
    name_en: 'Basic',
    price_vnd: 990_000,
    period_months: 1,
    student_seats: 50,
    staff_accounts: 5,
    tests: 30,
    ai_credits: 200,
    is_active: true,
    sort_order: 1,
  },
  {
    name_vi: 'Tiêu chuẩn',
    name_en: 'Standard',
    price_vnd: 2_490_000,
    period_months: 3,
    student_seats: 150,
    staff_accounts: 15,
    tests: 100,
    ai_credits: 1_000,
    is_active: true,
    sort_order: 2,
  },
  {
    name_vi: 'Chuyên nghiệp',
    name_en: 'Professional',
    price_vnd: 8_990_000,
    period_months: 12,
    student_seats: 500,
    staff_accounts: 50,
    tests: 500,
    ai_credits: 5_000,
    is_active: true,
    sort_order: 3,
  },
];

/** The packages the platform sells to organizations (issue 16); the admin edits them afterwards. */
export const organizationPackagesStep: SeedStep = {
  name: 'organization-packages',
  version: '1',
  demo: false,
  async run(tx: Db) {
    const [existing] = await tx.select({ id: organizationPackages.id }).from(organizationPackages).limit(1);
    if (existing) return;
    for (const body of PACKAGES) await createPackage(tx, body);
  },
};

/** The demo organization holds the Standard package for its current period (granted, no order). */
export const demoOrganizationPackageStep: SeedStep = {
  name: 'demo-organization-package',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [center] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, 'prepwise-demo-center'));
    const [standard] = await tx
      .select({ id: organizationPackages.id })
      .from(organizationPackages)
      .where(eq(organizationPackages.nameEn, 'Standard'));
    if (!center || !standard) return;
    const now = new Date();
    await startPeriod(tx, {
      organizationId: center.id,
      packageId: standard.id,
      orderId: null,
      now: new Date(now.getTime() - 10 * 86_400_000),
    });
  },
};

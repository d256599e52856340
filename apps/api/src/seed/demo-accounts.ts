import type { Db } from '../db/client';
import { organizations, roles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { SeedStep } from './step';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { email: 'admin@prepwise.vn', what: 'super admin (is_admin), /admin' },
  {
    email: 'staff@prepwise.vn',
    what: 'staff with view_test, view_category and view_vocabulary only, /admin',
  },
  { email: 'teacher@prepwise.vn', what: 'educator of an approved demo organization, /organization' },
  { email: 'learner@prepwise.vn', what: 'learner, /' },
] as const;

export const demoAccountsStep: SeedStep = {
  name: 'demo-accounts',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const [viewer] = await tx
      .insert(roles)
      .values({
        name: 'Content viewer',
        description: 'Reads tests, categories and vocabulary; cannot change them',
        // view_vocabulary: every platform role reads the vocabulary, as migration 0037 gives existing ones.
        permissions: ['view_test', 'view_category', 'view_vocabulary'],
      })
      .returning({ id: roles.id });
    const [center] = await tx
      .insert(organizations)
      .values({
        name: 'Trung tâm Anh ngữ Prepwise Demo',
        slug: 'prepwise-demo-center',
        email: 'center@prepwise.vn',
        phone: '028 3822 0000',
        address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
        description: 'A demo language centre for trying the organization portal.',
        status: 'approved',
        reviewedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    const accounts: (typeof users.$inferInsert)[] = [
      { email: 'admin@prepwise.vn', fullName: 'Quản trị Prepwise', scope: 'admin', isAdmin: true },
      { email: 'staff@prepwise.vn', fullName: 'Nhân viên nội dung', scope: 'admin', roleId: viewer!.id },
      {
        email: 'teacher@prepwise.vn',
        fullName: 'Cô Lan Anh',
        scope: 'educator',
        organizationId: center?.id ?? null,
      },
      { email: 'learner@prepwise.vn', fullName: 'Nguyễn Minh Khoa', scope: 'user' },
    ];
    await tx
      .insert(users)
      .values(accounts.map((account) => ({ ...account, passwordHash, status: 'active' as const })))
      .onConflictDoNothing({ target: users.email });
  },
};

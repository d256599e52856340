import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { newJoinCode } from '../modules/organizations/organizations.service';
import { DEMO_PASSWORD } from './demo-accounts';
import type { SeedStep } from './step';

/**
 * The organizations an admin and a visitor see on first start: the demo centre listed publicly, a
 * second approved and listed centre, and one application waiting at /admin/organization-management/approve.
 */
export const partnerOrganizationsStep: SeedStep = {
  name: 'partner-organizations',
  version: '1',
  demo: true,
  async run(tx: Db) {
    await tx
      .update(organizations)
      .set({
        isListed: true,
        website: 'https://prepwise.vn',
        description:
          'Trung tâm Anh ngữ mẫu của Prepwise: lớp luyện thi IELTS và TOEIC buổi tối, đề thi thử hằng tháng và theo dõi tiến bộ của từng học viên.',
      })
      .where(eq(organizations.slug, 'prepwise-demo-center'));

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const centres = [
      {
        organization: {
          name: 'Trung tâm Anh ngữ Sao Việt',
          slug: 'sao-viet-english',
          email: 'lienhe@saoviet.edu.vn',
          phone: '024 3771 2468',
          address: '88 Trần Duy Hưng, Cầu Giấy, Hà Nội',
          website: 'https://saoviet.edu.vn',
          description:
            'Luyện thi TOEIC và tiếng Anh giao tiếp cho sinh viên và người đi làm tại Hà Nội, lớp nhỏ dưới 15 học viên.',
          status: 'approved' as const,
          isListed: true,
          reviewedAt: new Date(),
          joinCode: newJoinCode(),
        },
        owner: { email: 'owner@saoviet.edu.vn', fullName: 'Thầy Đặng Quốc Bảo', status: 'active' as const },
      },
      {
        organization: {
          name: 'Học viện Ngoại ngữ Ánh Dương',
          slug: 'hoc-vien-ngoai-ngu-anh-duong',
          email: 'tuyensinh@anhduong.edu.vn',
          phone: '0236 3812 555',
          address: '21 Bạch Đằng, Hải Châu, Đà Nẵng',
          description: 'Học viện mới mở, đăng ký để tổ chức thi thử IELTS cho học sinh THPT.',
          status: 'pending' as const,
          isListed: false,
        },
        owner: { email: 'owner@anhduong.edu.vn', fullName: 'Cô Lý Thị Hạnh', status: 'pending' as const },
      },
    ];
    for (const centre of centres) {
      const [organization] = await tx
        .insert(organizations)
        .values(centre.organization)
        .onConflictDoNothing()
        .returning({ id: organizations.id });
      if (!organization) continue;
      const [owner] = await tx
        .insert(users)
        .values({
          ...centre.owner,
          passwordHash,
          scope: 'educator',
          organizationId: organization.id,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (owner)
        await tx
          .update(organizations)
          .set({ ownerId: owner.id })
          .where(eq(organizations.id, organization.id));
    }
  },
};

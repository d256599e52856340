import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  classes,
  classStudents,
  organizationInvitations,
  organizationStudents,
  organizations,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { newOpaqueToken, sha256 } from '../lib/tokens';
import { DEMO_PASSWORD } from './demo-accounts';
import type { SeedStep } from './step';

const CLASSES = [
  { name: 'IELTS 6.5 – Sáng thứ 2-4-6', description: 'Luyện đề IELTS Academic, mục tiêu 6.5' },
  { name: 'TOEIC 650 – Tối thứ 3-5', description: 'Listening & Reading, mục tiêu 650+' },
  { name: 'Tiếng Anh giao tiếp B1', description: 'Lớp cuối tuần' },
];

/** 23 demo learners (the 24th is learner@prepwise.vn), spread over the three classes. */
const NAMES = [
  'Trần Bảo Ngọc',
  'Lê Gia Huy',
  'Phạm Khánh Linh',
  'Hoàng Đức Anh',
  'Võ Thảo Vy',
  'Đặng Quang Minh',
  'Bùi Thanh Hương',
  'Đỗ Nhật Nam',
  'Ngô Phương Thảo',
  'Dương Tuấn Kiệt',
  'Lý Mai Chi',
  'Huỳnh Thiên Phúc',
  'Phan Ngọc Hân',
  'Vũ Hải Đăng',
  'Trịnh Minh Thư',
  'Đinh Hoàng Long',
  'Mai Anh Thư',
  'Tạ Quốc Việt',
  'Lương Bích Ngân',
  'Châu Gia Bảo',
  'Tôn Nữ Diệu Linh',
  'Kiều Trung Hiếu',
  'La Thùy Dung',
];

const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .split(' ');

export const demoStudentsStep: SeedStep = {
  name: 'demo-students',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [center] = await tx
      .select({ id: organizations.id, joinCode: organizations.joinCode, ownerId: organizations.ownerId })
      .from(organizations)
      .where(eq(organizations.slug, 'prepwise-demo-center'));
    if (!center) return;
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'teacher@prepwise.vn'));
    if (!center.joinCode) {
      await tx.update(organizations).set({ joinCode: 'DEMO2026' }).where(eq(organizations.id, center.id));
    }
    await tx
      .insert(classes)
      .values(CLASSES.map((c) => ({ ...c, organizationId: center.id })))
      .onConflictDoNothing();
    const classRows = await tx
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(
        and(
          eq(classes.organizationId, center.id),
          inArray(
            classes.name,
            CLASSES.map((c) => c.name),
          ),
        ),
      );
    const classIds = CLASSES.map((c) => classRows.find((r) => r.name === c.name)!.id);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const emails = NAMES.map((name) => {
      const parts = slugOf(name);
      return `${parts.at(-1)}.${parts.slice(0, -1).join('')}@hocvien.prepwise.vn`;
    });
    await tx
      .insert(users)
      .values(
        NAMES.map((fullName, i) => ({ email: emails[i]!, fullName, passwordHash, scope: 'user' as const })),
      )
      .onConflictDoNothing({ target: users.email });
    const learners = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...emails, 'learner@prepwise.vn']));
    const ordered = [...emails, 'learner@prepwise.vn']
      .map((email) => learners.find((l) => l.email === email))
      .filter((l): l is { id: string; email: string } => Boolean(l));
    await tx
      .insert(organizationStudents)
      .values(
        ordered.map((learner, i) => ({
          organizationId: center.id,
          userId: learner.id,
          joinedVia: (i % 3 === 0 ? 'code' : i % 3 === 1 ? 'invitation' : 'import') as 'code',
          studentCode: `PW${String(i + 1).padStart(3, '0')}`,
          joinedAt: new Date(Date.now() - (ordered.length - i) * 86_400_000),
        })),
      )
      .onConflictDoNothing();
    // Eight per class; the demo learner is in two classes.
    const memberships = ordered.map((learner, i) => ({ classId: classIds[i % 3]!, userId: learner.id }));
    const demoLearner = ordered.at(-1);
    if (demoLearner) memberships.push({ classId: classIds[0]!, userId: demoLearner.id });
    await tx.insert(classStudents).values(memberships).onConflictDoNothing();

    // One pending invitation (its link was "mailed" earlier; only the hash is kept).
    await tx
      .insert(organizationInvitations)
      .values({
        organizationId: center.id,
        email: 'thanh.nguyenvan@example.vn',
        tokenHash: sha256(newOpaqueToken()),
        classIds: [classIds[1]!],
        invitedBy: center.ownerId ?? teacher?.id ?? null,
        expiresAt: new Date(Date.now() + 10 * 86_400_000),
      })
      .onConflictDoNothing();
  },
};

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { readLatestMail, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, label, saveScreenshot, waitForHydration } from '../support/page-helpers';

/**
 * The organization's whole first day, tried as new people would: a centre applies, the platform approves
 * and lists it, the owner builds a team (a role, a staff member), a class and a roster (an invitation and
 * 30 imported students); the invited student joins and finds the centre's public page; the staff member
 * sees only what the role allows; the owner of another organization sees none of it.
 */

// Many sign-ins (each an argon2 hash) across five browsers on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const stamp = Date.now().toString(36);
const dataDir = () => process.env.E2E_DATA_DIR as string;
const OWNER_PASSWORD = 'Hanh-trinh-Anh-ngu-26';
const STAFF_PASSWORD = 'Giao-vu-Hanh-trinh-26';
const STUDENT_PASSWORD = 'Hoc-vien-Hanh-trinh-26';

function rosterFile(lines: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'journey-'));
  const file = path.join(dir, 'danh-sach.csv');
  writeFileSync(file, `${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

async function newPage(browser: Browser, locale: 'vi' | 'en' = 'vi') {
  const context = await browser.newContext();
  if (locale === 'en') {
    await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  }
  return context.newPage();
}

function menu(page: Page) {
  return page.getByTestId('shell-menu-item');
}

test('a centre applies, is approved, builds its team and roster; each person sees only their own', async ({
  page,
  browser,
}) => {
  const problems = collectConsoleProblems(page);
  const centre = `Trung tâm Anh ngữ Hành Trình ${stamp}`;
  const ownerEmail = uniqueEmail('hanhtrinh');

  // 1. The centre applies.
  await page.goto('/register-organization');
  await page.getByLabel(label('Tên tổ chức')).fill(centre);
  await page.getByLabel(label('Email liên hệ')).fill(uniqueEmail('lienhe'));
  await page.getByLabel(label('Giới thiệu')).fill('Lớp TOEIC buổi tối cho người đi làm ở Cần Thơ.');
  await page.getByLabel(label('Họ và tên')).fill('Phạm Thu Hà');
  await page.getByLabel(label('Email')).fill(ownerEmail);
  await page.getByLabel(label('Mật khẩu')).fill(OWNER_PASSWORD);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Gửi hồ sơ đăng ký' }).click();
  await expect(page.getByTestId('organization-success')).toContainText(centre);

  // 2. The platform approves it and lists it publicly.
  const admin = await newPage(browser);
  const adminProblems = collectConsoleProblems(admin);
  await signInThroughForm(admin, DEMO.admin, DEMO_PASSWORD, { staff: true });
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/organization-management/approve');
  await admin.getByTestId('organization-table').getByRole('link', { name: centre, exact: true }).click();
  await expect(admin).toHaveURL(/\/approve\/[0-9a-f-]{36}\/detail$/);
  await expect(admin.getByTestId('organization-table')).toBeHidden();
  await expect(admin.getByTestId('organization-status')).toHaveText('Chờ duyệt');
  const approvedAt = Date.now() - 1000;
  await admin.getByRole('button', { name: 'Duyệt', exact: true }).click();
  // Approving is public (the owner is mailed, the centre is listed): it asks first.
  await admin.getByRole('dialog').getByRole('button', { name: 'Duyệt', exact: true }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  await expect.poll(() => readLatestMail(dataDir(), ownerEmail, approvedAt)).toContain('đã được duyệt');
  await admin.getByRole('link', { name: 'Sửa', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}\/edit$/);
  await admin.getByLabel('Hiện trên trang Tổ chức công khai').check();
  await saveScreenshot(admin, 'journey-admin-organization-edit');
  await admin.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}$/);
  await expect(admin.getByText('Hiện công khai')).toBeVisible();
  const slug = await admin.getByTestId('organization-slug').textContent();
  expect(slug).toMatch(/^trung-tam-anh-ngu-hanh-trinh-/);
  await admin.context().close();
  expect(adminProblems).toEqual([]);

  // 3. The owner signs in and creates a role that may only see students, and a staff member with it.
  await signInThroughForm(page, ownerEmail, OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByTestId('organization-name')).toHaveText(centre);
  const roleName = `Giáo vụ ${stamp}`;
  await page.goto('/organization/staffs/role/create');
  await page.getByLabel(label('Tên vai trò')).fill(roleName);
  await page.getByRole('checkbox', { name: 'Học viên: Xem' }).check();
  await expect(page.getByTestId('permission-count')).toHaveText('1 quyền');
  await page.getByRole('button', { name: 'Tạo vai trò' }).click();
  await expect(page.getByTestId('role-table')).toContainText(roleName);

  const staffEmail = uniqueEmail('giaovu');
  await page.goto('/organization/staffs/list/create');
  await page.getByLabel(label('Họ và tên')).fill('Võ Thanh Tâm');
  await page.getByLabel(label('Email')).fill(staffEmail);
  await page.getByRole('textbox', { name: 'Vai trò' }).click();
  await page.getByRole('option', { name: roleName }).click();
  await page.getByLabel(label('Mật khẩu ban đầu')).fill(STAFF_PASSWORD);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await expect(page).toHaveURL(/\/organization\/staffs\/list\/[0-9a-f-]+\/detail$/);

  // 4. A class, an invitation by e-mail, and 30 students imported into the class.
  const className = `TOEIC tối thứ Ba ${stamp}`;
  await page.goto('/organization/classes');
  await page.getByRole('button', { name: 'Tạo lớp' }).click();
  await page.getByLabel(label('Tên lớp')).fill(className);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByTestId('class-table')).toContainText(className);

  const invitee = uniqueEmail('duocmoi');
  await page.goto('/organization/students/invite');
  const invitedAt = Date.now() - 1000;
  await page.getByLabel(label('Email')).fill(invitee);
  await page.getByRole('button', { name: 'Gửi lời mời' }).click();
  await expect(page.getByTestId('invitation-table')).toContainText(invitee);
  const mail = await readLatestMail(dataDir(), invitee, invitedAt);
  expect(mail).toContain(centre);
  const link = mail.match(/https?:\/\/[^\s]+\/join\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the invitation mail carries a join link').toBeTruthy();

  const rows = Array.from(
    { length: 30 },
    (_, i) => `${uniqueEmail(`hanhtrinh${i}`)},Học viên Hành Trình ${i + 1},HT${i + 1},${className}`,
  );
  await page.goto('/organization/students/import');
  // Opened by address: the file input works once React has hydrated the page.
  await waitForHydration(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles(rosterFile(['email,full_name,student_code,class', ...rows]));
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('30 dòng hợp lệ, 0 dòng lỗi');
  await page.getByRole('button', { name: 'Nhập 30 học viên' }).click();
  await expect(page.getByTestId('import-done')).toContainText('30 tài khoản mới');
  await page.goto('/organization/classes');
  await expect(
    page.getByTestId('class-table').getByRole('row', { name: new RegExp(className) }),
  ).toContainText('30');
  await saveScreenshot(page, 'journey-owner-classes');
  expect(problems).toEqual([]);

  // 5. The invited student (in English) sets a password from the mail's link, joins, and finds the centre.
  const student = await newPage(browser, 'en');
  const studentProblems = collectConsoleProblems(student);
  await student.goto(new URL(link!).pathname);
  await expect(student.getByText(invitee).first()).toBeVisible();
  await student.getByLabel(label('Full name')).fill('Huỳnh Gia Bảo');
  await student.getByLabel(label('Password'), { exact: false }).first().fill(STUDENT_PASSWORD);
  await student.getByLabel(label('Repeat the password')).fill(STUDENT_PASSWORD);
  await student.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(student).toHaveURL(/\/profile$/);
  const mine = student.getByTestId('my-organizations');
  await mine.getByRole('link', { name: centre }).click();
  await expect(student).toHaveURL(new RegExp(`/organizations/${slug}$`));
  await expect(student.getByRole('heading', { level: 1 })).toHaveText(centre);
  await expect(student.getByText('Lớp TOEIC buổi tối cho người đi làm ở Cần Thơ.')).toBeVisible();
  await expect(student.getByTestId('organization-member')).toContainText(
    `You are already a student of ${centre}.`,
  );
  await expect(student.getByTestId('organization-join')).toHaveCount(0);
  await saveScreenshot(student, 'journey-student-organization-page-en');
  await student.context().close();
  expect(studentProblems).toEqual([]);

  // 6. The staff member sees the students, and nothing the role does not allow.
  const staff = await newPage(browser);
  const staffProblems = collectConsoleProblems(staff);
  await signInThroughForm(staff, staffEmail, STAFF_PASSWORD, { staff: true });
  await expect(staff).toHaveURL(/\/organization$/);
  await expect(menu(staff)).not.toContainText(['Nhân viên']);
  await expect(menu(staff)).not.toContainText(['Vai trò và quyền']);
  await staff.getByRole('link', { name: 'Học viên', exact: true }).first().click();
  await expect(staff).toHaveURL(/\/organization\/students$/);
  await staff.getByTestId('list-search').fill('Huỳnh Gia Bảo');
  await expect(staff).toHaveURL(/search=/);
  await expect(staff.getByTestId('student-table')).toContainText('Huỳnh Gia Bảo');
  // The searched list may still redraw under the first click: click until the student's page opens.
  await expect(async () => {
    await staff.getByRole('link', { name: 'Huỳnh Gia Bảo', exact: true }).click();
    await expect(staff).toHaveURL(/\/organization\/students\/[0-9a-f-]{36}$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const studentUrl = new URL(staff.url()).pathname;
  await expect(staff.getByRole('link', { name: 'Sửa học viên' })).toHaveCount(0);
  await saveScreenshot(staff, 'journey-staff-student-detail');
  await staff.goto('/organization/staffs/list');
  await expect(staff.getByTestId('forbidden-notice')).toContainText('Bạn chưa có quyền mở trang đó');
  expect((await staff.request.get('/api/educator/roles')).status()).toBe(403);
  await staff.context().close();
  expect(staffProblems).toEqual([]);

  // 7. The owner of another organization (in English) sees none of it.
  const other = await newPage(browser);
  const otherProblems = collectConsoleProblems(other);
  await signInThroughForm(other, 'owner@saoviet.edu.vn', DEMO_PASSWORD, { staff: true });
  await expect(other).toHaveURL(/\/organization$/);
  await other.context().addCookies([{ name: 'locale', value: 'en', url: new URL(other.url()).origin }]);
  await other.goto('/organization/students?search=Hu%E1%BB%B3nh%20Gia%20B%E1%BA%A3o');
  await expect(other.getByRole('heading', { name: 'Students' })).toBeVisible();
  await expect(other.getByTestId('empty-state')).toBeVisible();
  await other.goto('/organization/classes');
  await expect(other.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await expect(other.locator('main')).not.toContainText(className);
  await other.goto('/organization/staffs/list');
  await expect(other.getByTestId('staff-table')).toBeVisible();
  await expect(other.getByTestId('staff-table')).not.toContainText(staffEmail);
  const studentId = studentUrl.split('/').at(-1);
  expect((await other.request.get(`/api/educator/students/${studentId}`)).status()).toBe(404);
  await saveScreenshot(other, 'journey-other-owner-staff-en');
  await other.context().close();
  expect(otherProblems).toEqual([]);
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  readLatestMail,
  registerLearner,
  signInAs,
  signInThroughForm,
  uniqueEmail,
} from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import {
  collectConsoleProblems,
  label,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';
import { CENTER, MANUAL_TEST, newStudent } from './organization-helpers';

const dataDir = () => process.env.E2E_DATA_DIR as string;
const stamp = () => Date.now().toString(36);

function rosterFile(lines: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'roster-'));
  const file = path.join(dir, 'hoc-vien.csv');
  writeFileSync(file, `${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

test('the owner creates a class, invites a student who sets a password, imports 30 students, filters and removes one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  await signInThroughForm(page, DEMO.teacher, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/organization$/);

  // A class.
  const className = `Lớp E2E ${stamp()}`;
  await page.getByRole('link', { name: 'Lớp học', exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/classes$/);
  await page.getByRole('button', { name: 'Tạo lớp' }).click();
  await page.getByLabel(label('Tên lớp')).fill(className);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByTestId('class-table')).toContainText(className);
  await saveScreenshot(page, 'organization-classes');

  // An invitation by e-mail; the invitee opens the mail's link, sets a password and is signed in.
  const invitee = uniqueEmail('moi');
  await page.getByRole('link', { name: 'Mời & mã tham gia' }).click();
  await expect(page.getByTestId('join-code')).toHaveText(/\w{6,}/);
  const sentAt = Date.now() - 1000;
  await page.getByLabel(label('Email')).fill(invitee);
  await page.getByRole('button', { name: 'Gửi lời mời' }).click();
  await expect(page.getByTestId('invitation-table')).toContainText(invitee);
  await saveScreenshot(page, 'organization-invite');
  const mail = await readLatestMail(dataDir(), invitee, sentAt);
  expect(mail).toContain('mời bạn tham gia');
  const link = mail.match(/https?:\/\/[^\s]+\/join\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(new URL(link!).pathname);
  await expect(guestPage.getByText(invitee).first()).toBeVisible();
  await guestPage.getByLabel(label('Họ và tên')).fill('Lâm Khánh Vy');
  await guestPage.getByLabel(label('Mật khẩu'), { exact: false }).first().fill('Hoc-moi-ngay-2026');
  await guestPage.getByLabel(label('Nhập lại mật khẩu')).fill('Hoc-moi-ngay-2026');
  await saveScreenshot(guestPage, 'invitation-accept');
  await guestPage.getByRole('button', { name: 'Tạo tài khoản và tham gia' }).click();
  await expect(guestPage).toHaveURL(/\/profile$/);
  await expect(guestPage.getByTestId('my-organizations')).toContainText('Prepwise Demo');
  await saveScreenshot(guestPage, 'learner-profile-organizations');
  await guest.close();

  // 30 students from a CSV, into a class the import creates.
  const imported = `Lớp nhập ${stamp()}`;
  const rows = Array.from(
    { length: 30 },
    (_, i) => `${uniqueEmail(`nhap${i}`)},Học viên nhập ${i + 1},NH${i + 1},${imported}`,
  );
  await page.getByRole('link', { name: 'Nhập danh sách' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles(rosterFile(['email,full_name,student_code,class', ...rows]));
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('30 dòng hợp lệ, 0 dòng lỗi');
  await expect(page.getByTestId('import-preview')).toContainText('Dòng 2');
  await saveScreenshot(page, 'organization-import-preview');
  await page.getByRole('button', { name: 'Nhập 30 học viên' }).click();
  await expect(page.getByTestId('import-done')).toContainText('30 tài khoản mới');

  // The list filtered by the new class shows exactly those 30.
  await page.goto('/organization/students');
  await page.getByRole('textbox', { name: 'Lớp' }).click();
  await page.getByRole('option', { name: imported }).click();
  await expect(page).toHaveURL(/class=/);
  await expect(page.getByTestId('student-table')).toContainText('Học viên nhập 1');
  await expect(page.getByTestId('student-table')).not.toContainText('Lâm Khánh Vy');
  await saveScreenshot(page, 'organization-students-by-class');

  // One of them is removed: the history stays, the list of active students no longer shows them.
  await page.getByRole('link', { name: 'Học viên nhập 1', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Học viên nhập 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Sửa học viên' }).click();
  await page.getByText('Đã rời', { exact: true }).click();
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByRole('heading', { name: 'Học viên nhập 1' })).toBeVisible();
  await expect(page.getByText('Đã rời').first()).toBeVisible();
  await saveScreenshot(page, 'organization-student-removed');

  // The first class is archived, after a question (issue 29): "Hủy" keeps it, the confirm archives it.
  await page.goto('/organization/classes');
  const classRow = page.getByTestId('class-table').getByRole('row').filter({ hasText: className });
  await classRow.getByRole('button', { name: `Lưu trữ: ${className}` }).click();
  const archive = page.getByRole('dialog', { name: 'Lưu trữ lớp này?' });
  await expect(archive).toContainText('không thể giao bài mới cho lớp');
  await archive.getByRole('button', { name: 'Hủy' }).click();
  await expect(archive).toHaveCount(0);
  await expect(classRow).toBeVisible();
  await classRow.getByRole('button', { name: `Lưu trữ: ${className}` }).click();
  await archive.getByRole('button', { name: 'Lưu trữ', exact: true }).click();
  await expect(page.getByTestId('class-table')).not.toContainText(className);
  expect(problems).toEqual([]);
});

test('a learner joins with the code, lands in the default class and opens its test; the teacher sees them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const learner = uniqueEmail('ma');
  await registerLearner(request, learner, 'Tham-gia-bang-ma-9', 'Đoàn Hải Yến');
  const teacher = await (await page.context().browser()!.newContext()).newPage();
  const teacherProblems = collectConsoleProblems(teacher);
  await signInThroughForm(teacher, DEMO.teacher, DEMO_PASSWORD);
  await expect(teacher).toHaveURL(/\/organization$/);
  // A class of this test, given the centre's manual test open now (the class is empty until the join).
  const className = `Lớp mã ${stamp()}`;
  const created = await teacher.request.post('/api/educator/classes', { data: { name: className } });
  expect(created.status(), await created.text()).toBe(200);
  const classId = ((await created.json()) as { result: { id: string } }).result.id;
  const found = await teacher.request.get(`/api/educator/tests?search=${encodeURIComponent('B1 buổi tối')}`);
  const testId = (
    (await found.json()) as { result: { items: { id: string; slug: string }[] } }
  ).result.items.find((item) => item.slug === MANUAL_TEST.slug)!.id;
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
  const assigned = await teacher.request.post(`/api/educator/tests/${testId}/assignments`, {
    data: {
      opens_at: hours(-1),
      closes_at: hours(48),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [classId],
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The teacher makes it the class of code joiners.
  await teacher.goto('/organization/students/invite');
  const code = (await teacher.getByTestId('join-code').textContent())!.trim();
  await waitForHydration(teacher);
  await teacher.getByRole('textbox', { name: 'Học viên tham gia bằng mã sẽ vào' }).click();
  await teacher.getByRole('option', { name: className }).click();
  await expect(teacher.getByText(`Học viên mới tham gia bằng mã sẽ vào ${className}`)).toBeVisible();

  try {
    await signInThroughForm(page, learner, 'Tham-gia-bang-ma-9');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/join-organization');
    await page.getByLabel(label('Mã tham gia')).fill('SAI-MA-00');
    await page.getByRole('button', { name: 'Tham gia', exact: true }).click();
    await expect(page.getByText('Mã tham gia không đúng')).toBeVisible();
    await page.getByLabel(label('Mã tham gia')).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Tham gia', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Bạn đã tham gia');
  } finally {
    // Back to the waiting list: other specs' learners join the demo centre with the same code.
    const reset = await teacher.request.put('/api/educator/students-join-code/settings', {
      data: { default_class_id: null },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }
  await expect(page.getByTestId('joined-placement')).toHaveText(`Lớp của bạn: ${className}.`);
  await expect(page.getByTestId('my-organizations')).toContainText('Prepwise Demo');
  const openTests = page.getByTestId('open-tests');
  await expect(openTests.getByTestId('assigned-test')).toContainText(MANUAL_TEST.title);
  await saveScreenshot(page, 'learner-join-with-code');
  await openTests.getByRole('link', { name: 'Vào bài' }).click();
  await expect(page).toHaveURL(new RegExp(`/organizations/${CENTER}/test/${MANUAL_TEST.slug}$`));
  await expect(page.getByRole('heading', { name: MANUAL_TEST.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bắt đầu làm bài' })).toBeEnabled();

  // The teacher sees who joined with the code, in the class; one who joined with no default waits and
  // is assigned from the panel, which passes axe.
  const waiting = await newStudent(browser, baseURL!, 'vi', 'Hồ Thanh Tùng', 'cho');
  await teacher.reload();
  const panel = teacher.getByTestId('joiners-panel');
  await expect(panel.getByRole('row', { name: /Đoàn Hải Yến/ })).toContainText(className);
  await panel.getByText('Chờ xếp lớp', { exact: true }).first().click();
  await expect(panel.getByRole('row', { name: /Đoàn Hải Yến/ })).toHaveCount(0);
  await expect(panel.getByRole('row', { name: /Hồ Thanh Tùng/ })).toContainText('Chờ xếp lớp');
  await expectAccessible(teacher, { include: '[data-testid="joiners-panel"]' });
  await panel.getByRole('button', { name: 'Xếp lớp: Hồ Thanh Tùng' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Xếp lớp cho Hồ Thanh Tùng' });
  await dialog.getByRole('textbox', { name: 'Lớp' }).click();
  await teacher.getByRole('option', { name: className }).click();
  await saveScreenshot(teacher, 'organization-joiner-assign');
  await dialog.getByRole('button', { name: 'Xếp lớp' }).click();
  await expect(teacher.getByText(`Đã xếp Hồ Thanh Tùng vào ${className}`)).toBeVisible();
  await expect(panel.getByRole('row', { name: /Hồ Thanh Tùng/ })).toHaveCount(0);
  await waiting.context.close();
  await saveScreenshot(teacher, 'organization-joiners');
  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.reload();
  await expect(panel.getByRole('row', { name: /Hồ Thanh Tùng/ })).toContainText(className);
  await saveScreenshot(teacher, 'organization-joiners-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/join-organization');
  await expect(page.getByTestId('my-organizations')).toContainText(className);
  await saveScreenshot(page, 'learner-organizations-phone');
  await teacher.close();
  expect(teacherProblems).toEqual([]);
});

test('in English: the import preview names the rows with errors and imports nothing', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signInAs(page, 'teacher');
  await expect(page).toHaveURL(/\/organization$/);
  await page.goto('/organization/students/import');
  await expect(page.getByRole('heading', { name: 'Import a student roster' })).toBeVisible();
  const file = rosterFile([
    'email,full_name,student_code,class',
    `${uniqueEmail('en')},Good Row,EN1,`,
    'not-an-email,Bad Row,EN2,',
  ]);
  // Opened by address: the file input works once React has hydrated the page.
  await waitForHydration(page);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('1 valid rows, 1 rows with errors');
  await expect(page.getByTestId('import-preview')).toContainText('Row 3');
  await expect(page.getByRole('button', { name: 'Import 2 students' })).toBeDisabled();
  await saveScreenshot(page, 'organization-import-errors-en');
  // Nothing was imported: the good row is not a student either. (Searched, so that students other
  // tests add do not push the seeded ones off the first page.)
  await page.goto('/organization/students?search=Good%20Row');
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.goto('/organization/students?search=Khoa');
  await expect(page.getByTestId('student-table')).toContainText('Nguyễn Minh Khoa');
  await saveScreenshot(page, 'organization-students-en');
});

test('an invitation link that does not exist says so clearly, in both languages', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  const token = 'khong-co-loi-moi-nay-0000000000000000';
  await page.goto(`/join/${token}`);
  const invalid = page.getByTestId('invitation-invalid');
  await expect(invalid).toContainText('Lời mời không dùng được');
  await expect(invalid).toContainText('Không tìm thấy lời mời');
  await saveScreenshot(page, 'invitation-invalid');
  await page.goto(`/join/${token}?lang=en`);
  await expect(invalid).toContainText('This invitation cannot be used');
  await expect(invalid).toContainText('The invitation was not found');
  expect(unexpectedProblems(problems, [{ status: 404, path: `/api/public/invitations/${token}` }])).toEqual(
    [],
  );
});

import { fileURLToPath } from 'node:url';
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { readLatestMail, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

const dataDir = process.env.E2E_DATA_DIR ?? '';

// Journeys of several sign-ins (each an argon2 hash) across two browsers, on a shared machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'Trung-tam-Anh-ngu-1';

/** A centre applies at /register-organization, as a new visitor would. */
async function applyAsCentre(page: Page, name: string) {
  const ownerEmail = uniqueEmail('owner');
  await page.goto('/register-organization');
  await page.getByLabel(label('Tên tổ chức')).fill(name);
  await page.getByLabel(label('Email liên hệ')).fill(uniqueEmail('lienhe'));
  await page.getByLabel(label('Họ và tên')).fill('Trần Văn Minh');
  await page.getByLabel(label('Email')).fill(ownerEmail);
  await page.getByLabel(label('Mật khẩu')).fill(PASSWORD);
  await page.getByLabel(label('Nhập lại mật khẩu')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Gửi hồ sơ đăng ký' }).click();
  await expect(page.getByTestId('organization-success')).toBeVisible();
  return ownerEmail;
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, DEMO.admin, DEMO_PASSWORD, { staff: true });
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Opens the application of `name` from the review queue. */
async function openApplication(admin: Page, name: string) {
  await admin.goto('/admin/organization-management/approve');
  const table = admin.getByTestId('organization-table');
  await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  await table.getByRole('link', { name, exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/approve\/[0-9a-f-]{36}\/detail$/);
  // The queue's rows (each with its own status badge) are gone once the detail page has replaced them.
  await expect(table).toBeHidden();
  await expect(admin.getByTestId('organization-status')).toHaveText('Chờ duyệt');
}

test('a centre applies, the admin approves it, and its owner reaches the organization portal', async ({
  page,
  browser,
}) => {
  const problems = collectConsoleProblems(page);
  const name = `Trung tâm Anh ngữ Hải Đăng ${Date.now().toString(36)}`;
  const ownerEmail = await applyAsCentre(page, name);

  const admin = await adminPage(browser);
  await expect(admin.getByRole('link', { name: 'Duyệt hồ sơ' })).toBeVisible();
  await admin.getByRole('link', { name: 'Duyệt hồ sơ' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Hồ sơ chờ duyệt' })).toBeVisible();
  // The seeded application waits there too.
  await expect(admin.getByTestId('organization-table')).toContainText('Học viện Ngoại ngữ Ánh Dương');
  await saveScreenshot(admin, 'organizations-approve-queue');
  const startedAt = Date.now();
  await openApplication(admin, name);
  await saveScreenshot(admin, 'organizations-review');
  // Approving asks first (issue 29): the dialog names the centre and what follows.
  await admin.getByRole('button', { name: 'Duyệt', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: `Duyệt ${name}?` });
  await expect(approve).toContainText('chủ sở hữu nhận email thông báo');
  await expect(approve.getByRole('button', { name: 'Hủy' })).toBeFocused();
  await expectAccessible(admin, { include: '[role="dialog"]' });
  await admin.keyboard.press('Escape');
  await expect(approve).toHaveCount(0);
  await expect(admin.getByTestId('organization-status')).not.toHaveText('Đã duyệt');
  await admin.getByRole('button', { name: 'Duyệt', exact: true }).click();
  await approve.getByRole('button', { name: 'Duyệt', exact: true }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  await expect(admin.getByRole('button', { name: 'Tạm ngưng' })).toBeVisible();

  // The application's own mail may land after the approval started: wait for the approval's.
  await expect.poll(() => readLatestMail(dataDir, ownerEmail, startedAt - 1000)).toContain('đã được duyệt');
  const mail = await readLatestMail(dataDir, ownerEmail, startedAt - 1000);
  expect(mail).toContain(name);

  await signInThroughForm(page, ownerEmail, PASSWORD);
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByTestId('organization-name')).toHaveText(name);
  await saveScreenshot(page, 'organizations-owner-portal');
  // The owner's sign-in while the application waited was refused (403): the one failure provoked.
  expect(unexpectedProblems(problems, [{ status: 403, path: '/api/user/auth/login' }])).toEqual([]);
});

test('the admin rejects an application with a reason that the mail repeats', async ({ page, browser }) => {
  const name = `Trung tâm Ngoại ngữ Sông Hàn ${Date.now().toString(36)}`;
  const ownerEmail = await applyAsCentre(page, name);
  const admin = await adminPage(browser);
  const startedAt = Date.now();
  await openApplication(admin, name);

  await admin.getByRole('button', { name: 'Từ chối' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Từ chối hồ sơ' }).click();
  await expect(dialog.getByText('Vui lòng nhập lý do.')).toBeVisible();
  const reason = 'Chưa gửi giấy phép hoạt động giáo dục';
  await dialog.getByLabel(label('Lý do')).fill(reason);
  await saveScreenshot(admin, 'organizations-reject-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Từ chối hồ sơ' }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Bị từ chối');
  await expect(admin.getByText(reason)).toBeVisible();

  const mail = await readLatestMail(dataDir, ownerEmail, startedAt - 1000);
  expect(mail).toContain(reason);
  expect(mail).toContain('/register-organization');

  await signInThroughForm(page, ownerEmail, PASSWORD);
  await expect(page.getByTestId('form-error')).toHaveAttribute('data-error-key', 'ORGANIZATION_REJECTED');
});

test('the admin finds an organization, suspends it with a reason and reactivates it', async ({ browser }) => {
  const admin = await adminPage(browser);
  const problems = collectConsoleProblems(admin);
  await admin.getByRole('link', { name: 'Danh sách tổ chức' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list$/);
  const table = admin.getByTestId('organization-table');
  await expect(table).toContainText('Trung tâm Anh ngữ Sao Việt');
  await saveScreenshot(admin, 'organizations-list');

  await admin.getByTestId('list-search').fill('sao viet');
  await expect(admin).toHaveURL(/search=sao/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Trung tâm Anh ngữ Sao Việt', exact: true }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  await saveScreenshot(admin, 'organizations-detail');

  await admin.getByRole('tab', { name: 'Nhân sự' }).click();
  await expect(admin.getByTestId('staff-table')).toContainText('owner@saoviet.edu.vn');
  await admin.getByRole('tab', { name: 'Mức sử dụng' }).click();
  await expect(admin.getByTestId('figure')).toHaveCount(3);
  await admin.getByRole('tab', { name: 'Hồ sơ' }).click();

  await admin.getByRole('button', { name: 'Tạm ngưng' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel(label('Lý do')).fill('Chưa gia hạn hợp đồng');
  await dialog.getByRole('button', { name: 'Tạm ngưng tổ chức' }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Tạm ngưng');
  await expect(admin.getByText(/Chưa gia hạn hợp đồng/)).toBeVisible();
  await saveScreenshot(admin, 'organizations-suspended');

  const hidden = await admin.request.get('/api/public/organizations/sao-viet-english');
  expect(hidden.status()).toBe(404);

  await admin.getByRole('button', { name: 'Mở lại' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Mở lại' }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  expect((await admin.request.get('/api/public/organizations/sao-viet-english')).status()).toBe(200);
  expect(problems).toEqual([]);
});

test('the admin creates an organization with its owner, then a staff member of it', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/organization-management/list/create');
  const name = `Trường THPT Lê Quý Đôn ${Date.now().toString(36)}`;
  const ownerEmail = uniqueEmail('hieutruong');
  await admin.getByLabel(label('Tên tổ chức')).fill(name);
  await admin.getByLabel(label('Email liên hệ')).fill(uniqueEmail('truong'));
  await admin.getByLabel(label('Họ tên chủ sở hữu')).fill('Nguyễn Thị Mai');
  await admin.getByLabel(label('Email đăng nhập của chủ sở hữu')).fill(ownerEmail);
  await admin.getByLabel(label('Mật khẩu đầu tiên')).fill(PASSWORD);
  await admin.getByLabel(label('Nhập lại mật khẩu')).fill(PASSWORD);
  await saveScreenshot(admin, 'organizations-create');
  await admin.getByRole('button', { name: 'Tạo tổ chức' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}$/);
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  await expect(admin.getByText(ownerEmail)).toBeVisible();

  // A logo, uploaded on the edit page, is shown on the organization's public page.
  const problems = collectConsoleProblems(admin);
  await admin.getByRole('link', { name: 'Sửa', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}\/edit$/);
  const logoField = admin.getByTestId('organization-logo-field');
  await expect(logoField).toContainText('Chưa có logo');
  await logoField
    .locator('input[type=file]')
    .setInputFiles(fileURLToPath(new URL('../fixtures/tiny.png', import.meta.url)));
  await expect(admin.getByTestId('organization-logo')).toBeVisible();
  const slug = await admin.getByLabel(label('Địa chỉ trang')).inputValue();
  await saveScreenshot(admin, 'organizations-edit-logo');
  await admin.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}$/);
  expect(problems).toEqual([]);
  // A visitor (the staff session stays in the back office) sees it.
  const visitor = await browser.newPage();
  await visitor.goto(`/organizations/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const logo = visitor.locator('img[src^="/api/media/"]');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot(visitor, 'organizations-public-page-logo');
  await visitor.close();

  await admin.getByRole('tab', { name: 'Nhân sự' }).click();
  await expect(admin.getByTestId('staff-table')).toContainText(ownerEmail);
  await admin.getByRole('link', { name: 'Thêm nhân viên' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}\/staff\/create$/);
  await saveScreenshot(admin, 'organizations-staff-create');
});

for (const lang of ['vi', 'en'] as const) {
  test(`a visitor finds a listed organization and opens its page (${lang})`, async ({ page }) => {
    const problems = collectConsoleProblems(page);
    const query = lang === 'en' ? '?lang=en' : '';
    await page.goto(`/organizations${query}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'en' ? 'Centres and schools' : 'Trung tâm và trường học',
    );
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`/organizations${lang === 'en' ? '\\?lang=en' : ''}$`),
    );
    const cards = page.getByTestId('organization-card');
    await expect(cards.filter({ hasText: 'Trung tâm Anh ngữ Sao Việt' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Trung tâm Anh ngữ Prepwise Demo' })).toHaveCount(1);
    // Pending applications are not listed.
    await expect(cards.filter({ hasText: 'Học viện Ngoại ngữ Ánh Dương' })).toHaveCount(0);
    await saveScreenshot(page, `organizations-public-list-${lang}`);

    await page.getByRole('searchbox').fill('sao viet');
    await page.getByRole('button', { name: lang === 'en' ? 'Search' : 'Tìm', exact: true }).click();
    await expect(page).toHaveURL(/search=sao\+viet/);
    await expect(cards).toHaveCount(1);
    await cards.first().click();
    await expect(page).toHaveURL(/\/organizations\/sao-viet-english/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trung tâm Anh ngữ Sao Việt');
    await expect(
      page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Contact' : 'Liên hệ' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'lienhe@saoviet.edu.vn' })).toBeVisible();
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /TOEIC/);
    // Nothing private: no join code, no e-mail of a person.
    await expect(page.locator('body')).not.toContainText('owner@saoviet.edu.vn');
    await saveScreenshot(page, `organizations-public-page-${lang}`);

    // Joining: the page leads to the join form, and the portal's join link carries its code on.
    const join = page.getByTestId('organization-join');
    await expect(join.getByRole('link')).toHaveText(lang === 'en' ? 'Join with a code' : 'Tham gia bằng mã');
    await expect(join.getByRole('link')).toHaveAttribute('href', '/join-organization');
    await page.goto(`/organizations/sao-viet-english?code=SV2026${lang === 'en' ? '&lang=en' : ''}`);
    await expect(join).toContainText('SV2026');
    await expect(join.getByRole('link')).toHaveAttribute('href', '/join-organization?code=SV2026');

    expect(problems).toEqual([]);
    // A pending application has no public page: the browser reports exactly that one 404.
    const missing = await page.goto('/organizations/hoc-vien-ngoai-ngu-anh-duong');
    expect(missing?.status()).toBe(404);
    expect(
      unexpectedProblems(problems, [{ status: 404, path: '/organizations/hoc-vien-ngoai-ngu-anh-duong' }]),
    ).toEqual([]);
  });
}

test("the admin reads an organization's students and opens one of them", async ({ browser }) => {
  const admin = await adminPage(browser);
  const problems = collectConsoleProblems(admin);
  await admin.goto('/admin/organization-management/list?search=prepwise%20demo');
  const table = admin.getByTestId('organization-table');
  await table.getByRole('link', { name: 'Trung tâm Anh ngữ Prepwise Demo', exact: true }).click();
  await expect(admin.getByTestId('organization-status')).toHaveText('Đã duyệt');
  await admin.getByRole('tab', { name: 'Học viên' }).click();
  await expect(admin).toHaveURL(/\?tab=students$/);
  const students = admin.getByTestId('student-table');
  await admin.getByTestId('list-search').fill('Nguyễn Minh Khoa');
  await expect(students).toContainText('learner@prepwise.vn');
  await saveScreenshot(admin, 'organizations-detail-students');
  await students.getByRole('link', { name: 'Nguyễn Minh Khoa', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Nguyễn Minh Khoa' })).toBeVisible();
  await expect(admin.getByText('learner@prepwise.vn').first()).toBeVisible();
  await saveScreenshot(admin, 'organizations-student-detail');
  // The student's edit page, left without saving.
  await admin.getByRole('link', { name: 'Sửa học viên' }).click();
  await expect(admin).toHaveURL(
    /\/admin\/organization-management\/list\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/edit$/,
  );
  await expect(admin.getByRole('heading', { level: 1, name: 'Sửa học viên' })).toBeVisible();
  await expect(admin.getByText('Nguyễn Minh Khoa · learner@prepwise.vn')).toBeVisible();
  await expect(admin.getByRole('radio', { name: 'Đang học' })).toBeChecked();
  await expect(admin.getByLabel('Mã học viên')).toBeEditable();
  await saveScreenshot(admin, 'organizations-student-edit');
  await admin.getByRole('link', { name: 'Nguyễn Minh Khoa' }).click();
  await admin.getByRole('link', { name: 'Danh sách học viên' }).click();
  await expect(admin).toHaveURL(/\/admin\/organization-management\/list\/[0-9a-f-]{36}\?tab=students$/);
  await expect(students).toBeVisible();

  // A staff member's detail and edit pages, nested under the organization.
  await admin.getByRole('tab', { name: 'Nhân sự' }).click();
  await admin.getByTestId('staff-table').getByRole('link', { name: 'Cô Lan Anh', exact: true }).click();
  await expect(admin).toHaveURL(
    /\/admin\/organization-management\/list\/[0-9a-f-]{36}\/staff\/[0-9a-f-]{36}\/detail$/,
  );
  await expect(admin.getByRole('heading', { level: 1, name: 'Cô Lan Anh' })).toBeVisible();
  await expect(admin.getByText('teacher@prepwise.vn').first()).toBeVisible();
  await saveScreenshot(admin, 'organizations-staff-detail');
  await admin.getByRole('link', { name: 'Sửa', exact: true }).click();
  await expect(admin).toHaveURL(
    /\/admin\/organization-management\/list\/[0-9a-f-]{36}\/staff\/[0-9a-f-]{36}\/edit$/,
  );
  await expect(admin.getByRole('heading', { level: 1, name: 'Sửa: Cô Lan Anh' })).toBeVisible();
  await expect(admin.getByLabel(label('Họ và tên'))).toHaveValue('Cô Lan Anh');
  await saveScreenshot(admin, 'organizations-staff-edit');
  expect(problems).toEqual([]);
});

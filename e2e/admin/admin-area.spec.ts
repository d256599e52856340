import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot } from '../support/page-helpers';

test('the super admin sees the whole menu, the account and full access', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('account-role')).toHaveText('Quản trị viên cấp cao');
  await expect(page.getByText('Toàn quyền')).toBeVisible();
  const menu = page.getByTestId('shell-menu-item');
  await expect(menu).toHaveText([
    'Tổng quan',
    // Exam content authoring (issue 4).
    'Danh mục và kỳ thi',
    'Câu hỏi đơn',
    'Nhóm câu hỏi',
    // AI generation and its review queue (issue 18).
    'Tạo câu hỏi bằng AI',
    'Duyệt câu hỏi AI',
    'Đề thi',
    'Gói đề thi',
    'Cấp độ',
    'Dạng câu hỏi',
    'Quy đổi điểm',
    // The public website (issue 6), open to every back-office account.
    'Bài viết',
    'Chuyên mục blog',
    'Trang',
    'Chủ đề từ vựng',
    'Danh sách từ',
    // Learners and analytics (issue 15).
    'Học viên',
    'Thống kê',
    // The marking queue (issue 28).
    'Chấm bài',
    'Nhân viên',
    'Vai trò và quyền',
    // Organizations (issue 12).
    'Danh sách tổ chức',
    'Duyệt hồ sơ',
    'Giao dịch',
    'Gói cho tổ chức',
    'Hồ sơ cá nhân',
    'Đổi mật khẩu',
  ]);
  await expect(page).toHaveTitle('Tổng quan quản trị · Prepwise');
  await saveScreenshot(page, 'admin-home');

  await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Hồ sơ cá nhân' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByLabel(label('Họ và tên'))).toHaveValue('Quản trị Prepwise');
  await saveScreenshot(page, 'admin-profile');

  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Đổi mật khẩu' })
    .click();
  await expect(page).toHaveURL(/\/admin\/profile\/change-password$/);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Vui lòng nhập thông tin này.')).toHaveCount(3);
  await saveScreenshot(page, 'admin-change-password');
  expect(problems).toEqual([]);
});

test('staff sees only the menu items of its role and is sent away from a forbidden page', async ({
  page,
}) => {
  await signInAs(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('shell-menu-item')).toHaveText([
    'Tổng quan',
    'Danh mục và kỳ thi',
    'Đề thi',
    // Packs, the blog and pages need their own permissions (issue 13); the demo staff's role reads the
    // vocabulary (view_vocabulary, issue 26).
    'Chủ đề từ vựng',
    'Danh sách từ',
    'Hồ sơ cá nhân',
    'Đổi mật khẩu',
  ]);
  await expect(page.getByRole('link', { name: 'Nhân viên' })).toHaveCount(0);
  const summary = page.getByTestId('permission-summary');
  await expect(summary.locator('[data-permission]')).toHaveCount(3);
  await expect(summary).toContainText('Đề thi');
  await expect(summary).toContainText('Danh mục');
  await expect(summary).toContainText('Từ vựng');
  await saveScreenshot(page, 'admin-home-staff');

  // A page the role does not allow, opened by its address: back home, with a notice saying why.
  await page.goto('/admin/staffs/list');
  await expect(page).toHaveURL(/\/admin\?forbidden=%2Fadmin%2Fstaffs%2Flist$/);
  await expect(page.getByTestId('forbidden-notice')).toBeVisible();
  await page.goto('/admin/staffs/role/create');
  await expect(page).toHaveURL(/\/admin\?forbidden=%2Fadmin%2Fstaffs%2Frole%2Fcreate$/);
  await expect(page.getByTestId('forbidden-notice')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
});

test('an unknown admin path shows Page Not Found with the path', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const response = await page.goto('/admin/khong-co-trang-nay');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy trang');
  await expect(page.getByTestId('error-path')).toHaveText('/admin/khong-co-trang-nay');

  // Client-side navigation is guarded too: the home page link leads an admin back to /admin.
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('.data')) dataRequests.push(new URL(request.url()).pathname);
  });
  await page.getByRole('link', { name: 'Về trang chủ', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(dataRequests[0]).toBe('/_root.data');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the sidebar opens from the burger', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin$/);
    const navigation = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(navigation.getByRole('link', { name: 'Danh mục và kỳ thi' })).not.toBeInViewport();
    await saveScreenshot(page, 'admin-home-phone');
    await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
    await expect(navigation.getByRole('link', { name: 'Danh mục và kỳ thi' })).toBeInViewport();
    await saveScreenshot(page, 'admin-menu-phone');
    await navigation.getByRole('link', { name: 'Hồ sơ cá nhân' }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(navigation.getByRole('link', { name: 'Danh mục và kỳ thi' })).not.toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

import { expect, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, label, saveScreenshot } from '../support/page-helpers';

test('a teacher signs in and lands on the organization portal', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await signInThroughForm(page, DEMO.teacher, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByTestId('organization-status')).toHaveText('Đang hoạt động');
  const name = await page.getByTestId('organization-name').textContent();
  expect(name?.trim().length).toBeGreaterThan(0);
  // The demo teacher owns the demo organization: every item of the portal's menu.
  await expect(page.getByTestId('shell-menu-item')).toHaveText([
    'Tổng quan',
    'Học viên',
    'Lớp học',
    'Mời & mã tham gia',
    'Nhập danh sách',
    'Thống kê',
    'Chấm bài',
    'Danh mục và kỳ thi',
    'Cấp độ',
    'Dạng câu hỏi',
    'Quy đổi điểm',
    // The organization's own question bank and manual tests (issue 15).
    'Câu hỏi đơn',
    'Nhóm câu hỏi',
    'Tạo câu hỏi bằng AI',
    'Duyệt câu hỏi AI',
    'Đề thi thủ công',
    'Đề thi thông minh',
    'Nhân viên',
    'Vai trò và quyền',
    // The organization's package and its orders (issue 16): every member sees the package.
    'Gói và mức sử dụng',
    'Giao dịch',
    'Hồ sơ cá nhân',
  ]);
  await saveScreenshot(page, 'organization-home');

  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Hồ sơ cá nhân' })
    .click();
  await expect(page).toHaveURL(/\/organization\/profile$/);
  await expect(page.getByLabel(label('Email'))).toHaveValue(DEMO.teacher);
  await expect(page.getByRole('heading', { name: 'Mật khẩu', level: 2 })).toBeVisible();
  await saveScreenshot(page, 'organization-profile');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/organization$/);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/organization$/);
  expect(problems).toEqual([]);
});

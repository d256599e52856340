import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, label, saveScreenshot } from '../support/page-helpers';

const suffix = Date.now().toString(36).toUpperCase();

function menu(page: Page) {
  return page.getByRole('navigation', { name: /Điều hướng chính|Main navigation/ });
}

/** Opens a select and picks an option, again if the page still settling closed the dropdown. */
async function choose(page: Page, field: string, option: string | RegExp) {
  const input = page.getByRole('textbox', { name: field, exact: true });
  const item = page.getByRole('option', { name: option }).first();
  await expect(async () => {
    if (!(await item.isVisible())) await input.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the organization owner keeps levels and score conversions and reads the platform categories, in Vietnamese and English', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  await signInThroughForm(page, DEMO.teacher, DEMO_PASSWORD);
  // The portal's first load can take a while on a busy machine.
  await expect(page).toHaveURL(/\/organization$/, { timeout: 30_000 });

  // Levels: the admin's page, in the organization's scope.
  await menu(page).getByRole('link', { name: 'Cấp độ' }).click();
  await expect(page).toHaveURL(/\/organization\/level$/);
  await expect(page.getByTestId('level-table')).toBeVisible();
  await page.getByRole('link', { name: 'Thêm cấp độ' }).click();
  await expect(page).toHaveURL(/\/organization\/level\/create$/);

  // A "required" error goes away as soon as the field is filled, not at the next submit.
  await page.getByRole('button', { name: 'Thêm cấp độ' }).click();
  const code = page.getByLabel(label('Mã'));
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(`LOP${suffix}`);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(label('Tên')).fill(`Lớp nền tảng ${suffix}`);

  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await page.getByRole('link', { name: '← Cấp độ' }).click();
  const leave = page.getByRole('dialog', { name: 'Rời trang khi chưa lưu?' });
  await expect(leave).toBeVisible();
  await saveScreenshot(page, 'organization-level-unsaved', { fullPage: false });
  await leave.getByRole('button', { name: 'Ở lại để lưu' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/organization\/level\/create$/);
  await expect(code).toHaveValue(`LOP${suffix}`);

  await page.getByRole('button', { name: 'Thêm cấp độ' }).click();
  // The saved toast (shown for 4 s) covers no button or link of the page it lands on.
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Đã lưu' });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/organization\/level$/);
  await expect(page.getByTestId('level-table')).toBeVisible();
  const covered = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(document.querySelectorAll('button, a[href]'))
      .filter((control) => !element.contains(control))
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        return (
          rect.width > 0 &&
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top
        );
      })
      .map((control) => control.textContent || control.getAttribute('aria-label'));
  });
  expect(covered).toEqual([]);
  await expect(page.getByTestId('level-table')).toContainText(`Lớp nền tảng ${suffix}`);
  await saveScreenshot(page, 'organization-levels', { fullPage: false });

  // The platform's categories are listed read-only: no edit or delete on them.
  await menu(page).getByRole('link', { name: 'Danh mục và kỳ thi' }).click();
  await expect(page).toHaveURL(/\/organization\/category$/);
  const toeic = page.getByTestId('category-table').getByRole('row', { name: /TOEIC/ });
  await expect(toeic.getByTestId('platform-badge')).toHaveText('Của nền tảng');
  await expect(toeic.getByRole('link', { name: /^Sửa/ })).toHaveCount(0);
  await expect(toeic.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);
  await saveScreenshot(page, 'organization-categories');
  await toeic.getByRole('link', { name: 'TOEIC', exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/category\/[0-9a-f-]+$/);
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await expect(page.getByTestId('exam-card').first()).toContainText('TOEIC Listening & Reading');
  await expect(page.getByRole('link', { name: 'Sửa danh mục' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);
  await saveScreenshot(page, 'organization-category-detail');

  // The organization's own category gets an exam and a part from the portal (issue 29).
  await menu(page).getByRole('link', { name: 'Danh mục và kỳ thi' }).click();
  await expect(page).toHaveURL(/\/organization\/category$/);
  await page.getByRole('link', { name: 'Thêm danh mục' }).click();
  await page.getByLabel(label('Tên')).fill(`Ôn thi vào 10 ${suffix}`);
  await page.getByRole('button', { name: 'Tạo danh mục' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ôn thi vào 10 ${suffix}`);
  await expect(page.getByTestId('read-only-note')).toHaveCount(0);
  await page.getByRole('link', { name: 'Thêm kỳ thi' }).click();
  await expect(page).toHaveURL(/\/organization\/category\/[0-9a-f-]+\/create$/);
  await page.getByLabel(label('Tên')).fill(`Thi thử lớp 9 ${suffix}`);
  await page.getByRole('button', { name: 'Tạo kỳ thi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thi thử lớp 9 ${suffix}`);
  await page.getByRole('link', { name: 'Thêm phần thi' }).click();
  await expect(page).toHaveURL(/\/organization\/category\/[0-9a-f-]+\/[0-9a-f-]+\/create$/);
  await page.getByLabel(label('Tên')).fill(`Đọc hiểu ${suffix}`);
  await choose(page, 'Kỹ năng', 'Đọc');
  await page.getByLabel(label('Số câu hỏi')).fill('5');
  await page.getByLabel(label('Tên phần tính điểm mới')).fill('reading');
  await page.getByRole('button', { name: 'Tạo phần thi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thi thử lớp 9 ${suffix}`);
  await expect(page.getByRole('row', { name: new RegExp(`Đọc hiểu ${suffix}`) })).toBeVisible();
  await saveScreenshot(page, 'organization-own-exam');

  // In English.
  await page.locator('button[value="en"]:visible').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await menu(page).getByRole('link', { name: 'Categories and exams' }).click();
  await expect(
    page.getByTestId('category-table').getByRole('row', { name: /IELTS/ }).getByTestId('platform-badge'),
  ).toHaveText('Platform');

  // A score conversion of the platform's IELTS Reading (40 questions) for the organization.
  await menu(page).getByRole('link', { name: 'Score conversion' }).click();
  await expect(page).toHaveURL(/\/organization\/point-config$/);
  await page.getByRole('link', { name: 'Add conversion' }).click();
  // The list's own exam filter is also labelled "Exam" and stays on screen until the form has loaded.
  await expect(page).toHaveURL(/\/organization\/point-config\/create$/);
  await expect(page.getByTestId('point-config-form')).toBeVisible();
  await choose(page, 'Exam', /IELTS Academic Reading/);
  await page.getByLabel(label('Name')).fill(`Band ${suffix}`);
  await choose(page, 'Score section', 'reading');
  await expect(page.getByTestId('table-cover-hint')).toContainText('40');

  // "0 correct → 0" alone does not cover a 40-question section: refused, in English only.
  await page.getByRole('button', { name: 'Add conversion' }).click();
  await expect(page.getByTestId('table-error')).toHaveText(
    "The table must have a row for 0 correct answers and one for the section's number of questions, and none above it.",
  );
  await expect(page.getByTestId('point-config-form')).not.toContainText('Validation failed');
  await expect(page).toHaveURL(/\/organization\/point-config\/create$/);
  await saveScreenshot(page, 'organization-point-config-refused', { fullPage: false });

  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('textbox', { name: 'Correct answers 2' }).fill('40');
  await page.getByRole('textbox', { name: 'Score 2' }).fill('9');
  await expect(page.getByTestId('table-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add conversion' }).click();
  await expect(page).toHaveURL(/\/organization\/point-config$/);
  await expect(page.getByTestId('point-config-table')).toContainText(`Band ${suffix}`);
  await saveScreenshot(page, 'organization-point-configs');

  // The organization's level reads in English too, and the admin area stays closed.
  await menu(page).getByRole('link', { name: 'Levels' }).click();
  await expect(page.getByTestId('level-table')).toContainText(`LOP${suffix}`);
  await page.goto('/admin/level');
  await expect(page).toHaveURL(/\/organization$/);
  // The one refused save above is the browser's only complaint (its 422 answer).
  expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([]);
  expect(problems.filter((problem) => problem.includes('status of 422'))).toHaveLength(1);
});

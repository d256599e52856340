import { type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { registerLearner, signInAs, signInThroughForm, uniqueEmail } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot } from '../support/page-helpers';

/** Several pages in a row, each loading its data: allow for a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 15_000 });

async function useEnglish(context: BrowserContext, page: Page) {
  await context.addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('the admin finds a learner, reads their centres, attempts and result, then renames and disables them (signed out at once)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);

  // A learner of their own, signed in in another browser.
  const email = uniqueEmail('khoa');
  const password = 'Hoc-vien-bi-khoa-2026';
  await registerLearner(page.request, email, password, 'Lâm Tuệ Mẫn');
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signInThroughForm(learnerPage, email, password);
  await expect(learnerPage).toHaveURL(/\/$/);
  const info = () => learnerPage.evaluate(async () => (await fetch('/api/user/auth/info')).status);
  expect(await info()).toBe(200);

  await signInAs(page, 'admin');
  await page.getByRole('link', { name: 'Học viên', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/students$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Học viên' })).toBeVisible();

  // A demo student of the demo centre: found by name, with the centre, attempts and results.
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('Trần Bảo Ngọc');
  const table = page.getByTestId('learner-table');
  await expect(table.getByRole('link', { name: 'Trần Bảo Ngọc', exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await saveScreenshot(page, 'admin-students-vi');
  await table.getByRole('link', { name: 'Trần Bảo Ngọc', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trần Bảo Ngọc' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Trung tâm theo học' })).toContainText(
    'Trung tâm Anh ngữ Prepwise Demo',
  );
  const attempts = page.getByRole('table', { name: 'Lượt làm bài' });
  await expect(attempts.getByRole('row')).not.toHaveCount(1);
  await saveScreenshot(page, 'admin-student-detail-vi');
  await attempts
    .getByRole('link', { name: /Đề luyện|TOEIC|IELTS|Grammar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/students\/[0-9a-f-]{36}\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: /lượt làm đề này/ })).toBeVisible();
  await page.getByRole('link', { name: 'Xem kết quả' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kết quả bài làm của học viên' })).toBeVisible();
  await expect(page.getByTestId('review-question').first()).toBeVisible();
  await page.getByRole('link', { name: /Các lượt làm đề này của học viên/ }).click();
  await expect(page).toHaveURL(/\/admin\/students\/[0-9a-f-]{36}\/test\/[0-9a-f-]{36}$/);

  // The learner of this test: renamed and disabled. A blank name is refused on the field.
  await page.goto(`/admin/students?search=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Sửa học viên: Lâm Tuệ Mẫn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sửa học viên' })).toBeVisible();
  const name = page.getByLabel(label('Họ và tên'));
  await name.fill('');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText('Vui lòng nhập thông tin này.').first()).toBeVisible();
  await name.fill('Lâm Tuệ Mẫn (tạm khóa)');
  await page.getByText('Đã khóa', { exact: true }).click();
  await expect(page.getByText(/đăng xuất học viên khỏi mọi thiết bị/)).toBeVisible();
  await saveScreenshot(page, 'admin-student-edit-vi');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lâm Tuệ Mẫn (tạm khóa)' })).toBeVisible();
  await expect(page.getByText('Đã khóa', { exact: true }).first()).toBeVisible();
  // Their session ended at once: the API refuses them, and the site no longer shows them signed in.
  expect(await info()).toBe(401);
  await learnerContext.close();

  // In English: the list with its filters, and the platform's analytics with revenue.
  await page.goto('/admin/students?status=disabled');
  await useEnglish(page.context(), page);
  await expect(page.getByRole('heading', { level: 1, name: 'Learners' })).toBeVisible();
  await expect(
    page.getByTestId('learner-table').getByRole('link', { name: 'Lâm Tuệ Mẫn (tạm khóa)', exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('learner-table')).toContainText('Disabled');
  await saveScreenshot(page, 'admin-students-en');
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Revenue per day' })).toBeVisible();
  await expect(page.getByTestId('chart-revenue-chart').locator('svg.recharts-surface')).toBeVisible();
  await page.getByTestId('chart-active-organizations').getByText('Table', { exact: true }).click();
  await expect(page.getByTestId('chart-active-organizations-table')).toContainText(
    'Trung tâm Anh ngữ Prepwise Demo',
  );
  await expect(page.getByTestId('revenue-total')).toContainText('₫');
  await expect(page.getByRole('heading', { level: 2, name: 'Whole platform' })).toBeVisible();
  await saveScreenshot(page, 'admin-analytics-en');
  // Narrowed to one centre, the platform's own figures say they are not narrowed.
  await page.getByRole('textbox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: 'Trung tâm Anh ngữ Prepwise Demo' }).click();
  await expect(page).toHaveURL(/organization_id=/);
  await expect(page.getByTestId('platform-scope-note')).toHaveText(
    "The figures below are the whole platform's; they are not narrowed to the chosen centre.",
  );

  expect(problems).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot } from '../support/page-helpers';

/** The pending drafts' rows of the review list (the header row left out). */
const draftRows = (page: Page) => page.getByTestId('ai-draft-table').locator('tbody tr');

async function choosePart5(page: Page, partLabel: string) {
  await page.getByRole('textbox', { name: partLabel }).click();
  await page.getByRole('option', { name: 'Part 5 – Hoàn thành câu' }).click();
}

async function rejectOpenDraft(page: Page, button: string, reasonLabel: string, reason: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label(reasonLabel)).fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/question-bank\/ai\?job=/);
}

test('the admin generates ten part-5 questions offline, edits one, approves eight and rejects two', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/question-bank/generate');
  await expect(page.getByRole('heading', { name: 'Tạo câu hỏi', level: 1 })).toBeVisible();
  // Rendered once the page has hydrated and asked the API (slow on a busy machine).
  await expect(page.getByTestId('ai-usage')).toContainText('Đã tạo', { timeout: 30_000 });
  await saveScreenshot(page, 'ai-jobs-vi');

  await page.getByRole('main').getByRole('link', { name: 'Tạo câu hỏi', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/generate\/create$/);
  // No model is configured in this build: the built-in generator says it works offline.
  await expect(page.getByTestId('ai-offline-note')).toContainText('ngoại tuyến');
  await choosePart5(page, 'Phần thi');
  await expect(page.getByRole('textbox', { name: 'Dạng câu hỏi' })).toHaveValue('Dạng từ (điền chỗ trống)');
  await page.getByLabel(label('Số câu hỏi')).fill('10');
  await page.getByLabel(label('Chủ đề')).fill('kinh doanh');
  await saveScreenshot(page, 'ai-job-create-vi');
  await page.getByRole('button', { name: 'Bắt đầu tạo' }).click();

  // The job runs in the background; on a busy machine it takes a while.
  await expect(page).toHaveURL(/\/admin\/question-bank\/generate\/[0-9a-f-]+\/detail$/, { timeout: 30_000 });
  await expect(page.getByTestId('ai-progress')).toContainText('Đã viết 10/10 · 0 lỗi · 0 đang chờ', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('ai-job-status')).toHaveText('Hoàn tất');
  await expect(page.getByTestId('ai-job-items').locator('tbody tr')).toHaveCount(10);
  await saveScreenshot(page, 'ai-job-detail-vi');

  await page.getByRole('link', { name: 'Duyệt các bản nháp' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\?job=.+status=pending_review/);
  await expect(draftRows(page)).toHaveCount(10);
  await saveScreenshot(page, 'ai-review-list-vi');

  // One is opened, edited in the bank's editor and approved.
  await draftRows(page).first().getByRole('link', { name: 'Duyệt' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('ai-checks')).toContainText('Đúng một phương án đúng');
  await page.getByLabel(label('Ghi chú nguồn')).fill('Biên tập viên đã kiểm tra');
  await page.getByRole('button', { name: 'Lưu chỉnh sửa' }).click();
  await expect(page.getByTestId('saved-toast')).toBeVisible();
  await expect(page.getByText('Người sửa')).toBeVisible();
  await saveScreenshot(page, 'ai-review-edit-vi');
  await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\?job=/, { timeout: 30_000 });
  await expect(draftRows(page)).toHaveCount(9);

  // Seven more straight from the list.
  for (let left = 9; left > 2; left--) {
    await draftRows(page)
      .first()
      .getByRole('button', { name: /^Duyệt “/ })
      .click();
    await expect(draftRows(page)).toHaveCount(left - 1);
  }
  // The last two are rejected with a reason.
  for (const reason of ['Hai phương án đều hợp ngữ pháp', 'Câu quá dễ so với cấp độ B1']) {
    await draftRows(page).first().getByRole('link', { name: 'Duyệt' }).click();
    await rejectOpenDraft(page, 'Loại', 'Lý do', reason);
  }
  await expect(page.getByTestId('empty-state')).toBeVisible();

  await page.getByRole('textbox', { name: 'Trạng thái' }).click();
  await page.getByRole('option', { name: 'Đã loại' }).click();
  await expect(draftRows(page)).toHaveCount(2);
  await draftRows(page).first().getByRole('link').first().click();
  await expect(page.getByTestId('ai-reject-reason')).toContainText(/Hai phương án|Câu quá dễ/);
  await page.getByRole('link', { name: 'Mở đợt tạo câu hỏi' }).click();
  await expect(
    page.getByTestId('ai-job-items').getByTestId('ai-draft-status').filter({ hasText: 'Đã duyệt' }),
  ).toHaveCount(8);
  expect(problems).toEqual([]);
});

test('in English: a teacher generates in the organization, reviews, and sees the usage count rise', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signInAs(page, 'teacher');
  await page.goto('/organization/question-bank/generate');
  await expect(page.getByRole('heading', { name: 'Question generation', level: 1 })).toBeVisible();
  const usage = page.getByTestId('ai-usage');
  await expect(usage).toContainText('questions generated so far', { timeout: 30_000 });
  const before = Number((await usage.textContent())!.match(/\d+/)![0]);
  await saveScreenshot(page, 'ai-jobs-en');

  await page.getByRole('main').getByRole('link', { name: 'Generate questions', exact: true }).click();
  await expect(page.getByTestId('ai-offline-note')).toContainText('works offline');
  await choosePart5(page, 'Part');
  await page.getByRole('textbox', { name: 'Question kind' }).click();
  await page.getByRole('option', { name: 'Vocabulary in context' }).click();
  await page.getByLabel(label('Number of questions')).fill('3');
  await page.getByRole('textbox', { name: 'Language of explanations' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await saveScreenshot(page, 'ai-job-create-en');
  await page.getByRole('button', { name: 'Start generating' }).click();

  await expect(page).toHaveURL(/\/organization\/question-bank\/generate\/[0-9a-f-]+\/detail$/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('ai-progress')).toContainText('3 of 3 written · 0 failed · 0 waiting', {
    timeout: 30_000,
  });
  await saveScreenshot(page, 'ai-job-detail-en');
  await page.getByRole('link', { name: 'Review the drafts' }).click();
  await expect(draftRows(page)).toHaveCount(3);
  await saveScreenshot(page, 'ai-review-list-en');
  await draftRows(page)
    .first()
    .getByRole('button', { name: /^Approve “/ })
    .click();
  await expect(draftRows(page)).toHaveCount(2);
  await draftRows(page).first().getByRole('link', { name: 'Review' }).click();
  await expect(page.getByTestId('ai-checks')).toContainText('Checks before approval');
  await saveScreenshot(page, 'ai-review-edit-en');
  await rejectOpenDraft(page, 'Reject', 'Reason', 'Two options fit the sentence');
  await expect(draftRows(page)).toHaveCount(1);

  await page.goto('/organization/question-bank/generate');
  await expect(usage).toContainText(`${before + 3} questions generated so far`, { timeout: 30_000 });
  expect(problems).toEqual([]);
});

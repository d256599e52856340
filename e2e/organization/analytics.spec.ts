import { type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/** Several pages in a row, each loading its figures: allow for a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 15_000 });

async function useEnglish(context: BrowserContext, page: Page) {
  await context.addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** The chart card's drawing (an SVG from recharts) is on the page. */
async function expectChartDrawn(page: Page, testId: string) {
  await expect(page.getByTestId(`${testId}-chart`).locator('svg.recharts-surface').first()).toBeVisible();
}

test("the owner reads the centre's analytics as charts and as tables, filters by class, and opens a student's result", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'teacher');
  await page.getByRole('link', { name: 'Thống kê', exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thống kê' })).toBeVisible();

  // The seeded six weeks of practice: figures, and every chart drawn with a sentence saying what it shows.
  await expect(page.getByTestId('total-attempts')).toContainText(/Lượt làm bài\s*\d{2,}/);
  await expect(page.getByTestId('total-learners')).toContainText('24');
  for (const chart of [
    'chart-attempts',
    'chart-distribution',
    'chart-active',
    'chart-progress',
    'chart-parts',
    'chart-types',
  ]) {
    await expectChartDrawn(page, chart);
  }
  await expect(page.getByTestId('chart-attempts-summary')).toContainText(
    /lượt làm bài; nhiều nhất ngày \d\d\/\d\d/,
  );
  await expect(page.getByTestId('chart-parts-summary')).toContainText(
    /Yếu nhất: .+ \(\d+(\.\d)?% trả lời đúng\)/,
  );
  // The platform's figures are the admin's only.
  await expect(page.getByTestId('chart-revenue')).toHaveCount(0);
  await saveScreenshot(page, 'organization-analytics-vi');

  // The progress chart as a table: everyone and the three classes, week by week.
  const progress = page.getByTestId('chart-progress');
  await progress.getByText('Bảng', { exact: true }).click();
  const table = page.getByTestId('chart-progress-table');
  await expect(table.getByRole('columnheader', { name: 'Tất cả học viên' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'TOEIC 650 – Tối thứ 3-5' })).toBeVisible();
  // The header and the weeks (Monday to Sunday) the 56 days touch: 9, or 8 when the range ends on a Sunday.
  const dayOf = async (name: string) =>
    Date.parse(`${await page.getByLabel(name, { exact: true }).inputValue()}T00:00:00Z`);
  const monday = (time: number) => time - ((new Date(time).getUTCDay() + 6) % 7) * 86_400_000;
  const weeks = (monday(await dayOf('Đến ngày')) - monday(await dayOf('Từ ngày'))) / (7 * 86_400_000) + 1;
  expect([8, 9]).toContain(weeks);
  await expect(table.getByRole('row')).toHaveCount(1 + weeks);
  await expect(table.getByRole('cell', { name: /^\d+(\.\d)?%$/ }).first()).toBeVisible();
  await progress.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'organization-analytics-progress-table-vi', { fullPage: false });

  // Filtering by a class narrows every figure and keeps the filter in the address.
  await page.getByRole('textbox', { name: 'Lớp' }).click();
  await page.getByRole('option', { name: 'IELTS 6.5 – Sáng thứ 2-4-6' }).click();
  await expect(page).toHaveURL(/class_id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('total-learners')).toContainText(/Học viên làm bài\s*(8|9)\b/);
  await page.getByTestId('chart-progress').getByText('Bảng', { exact: true }).click();
  await expect(page.getByTestId('chart-progress-table').getByRole('columnheader')).toHaveText([
    'Tuần bắt đầu',
    'Tất cả học viên',
    'IELTS 6.5 – Sáng thứ 2-4-6',
  ]);

  // In English, the same page.
  await useEnglish(context, page);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Attempts per day' })).toBeVisible();
  await expectChartDrawn(page, 'chart-attempts');
  await page.getByTestId('chart-parts').getByText('Table', { exact: true }).click();
  await expect(page.getByTestId('chart-parts-table').getByRole('columnheader')).toHaveText([
    'Part',
    'Correct',
    'Graded answers',
    'Correct rate',
  ]);
  await saveScreenshot(page, 'organization-analytics-en');

  // A student's attempts of one test and a result, from the student page (the portal's scope).
  await page.goto('/organization/students?search=Ngọc');
  await page.getByRole('link', { name: 'Trần Bảo Ngọc', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trần Bảo Ngọc' })).toBeVisible();
  await page
    .getByRole('link', { name: /Đề luyện|TOEIC|IELTS|Grammar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/organization\/students\/[0-9a-f-]{36}\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: /attempts of this test/ })).toBeVisible();
  await page.getByRole('link', { name: 'View result' }).first().click();
  await expect(page).toHaveURL(
    /\/organization\/students\/[0-9a-f-]{36}\/test\/[0-9a-f-]{36}\/result\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: "Learner's result" })).toBeVisible();
  await expect(page.getByTestId('review-question').first()).toBeVisible();
  await saveScreenshot(page, 'organization-student-result-en');

  expect(problems).toEqual([]);
});

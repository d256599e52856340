import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerLearner, signInAs, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/**
 * Issue 15, smart tests: a teacher builds a test from a blueprint per part in the portal, publishes it and
 * assigns it; two students each get their own paper with the same spread; the teacher opens a student's
 * result from the test's results table. In English, the seeded smart test reads the same way.
 */

const CENTER = 'prepwise-demo-center';
const JOIN_CODE = 'PWDEMO26';
const SEEDED_SLUG = 'kiem-tra-nhanh-ngu-phap-de-tron';

type Paper = { sections: { items: { question: { id: string } }[] }[] };

/** A new learner who joined the demo centre with its code, signed in in a context of their own. */
async function newStudent(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'locale', value: 'vi', url: baseURL }]);
  const page = await context.newPage();
  const email = uniqueEmail('smart');
  await registerLearner(page.request, email, DEMO_PASSWORD, name);
  expect(
    (await page.request.post('/api/user/auth/login', { data: { email, password: DEMO_PASSWORD } })).status(),
  ).toBe(200);
  const joined = await page.request.post('/api/user/organizations/join', { data: { code: JOIN_CODE } });
  expect(joined.status(), await joined.text()).toBe(200);
  const info = await page.request.get('/api/user/auth/info');
  return { context, page, id: ((await info.json()) as { result: { id: string } }).result.id };
}

/** Sets the rows of a part's blueprint through the editor: [count, level code or null]. */
async function setBlueprint(page: Page, part: number, rows: [number, string | null][]) {
  const card = page.getByTestId('test-section').nth(part);
  await card.getByRole('button', { name: 'Sửa ma trận' }).click();
  const editor = card.getByTestId('blueprint-editor');
  for (const [index, [count, level]] of rows.entries()) {
    if (index > 0) await editor.getByRole('button', { name: 'Thêm dòng' }).click();
    const number = editor.getByLabel(`Dòng ${index + 1} · Số câu`);
    await number.fill(String(count));
    if (level) {
      await editor.getByRole('textbox', { name: 'Cấp độ' }).nth(index).click();
      await page.getByRole('option', { name: new RegExp(`^${level} ·`) }).click();
    }
  }
  await editor.getByRole('button', { name: 'Lưu ma trận' }).click();
  await expect(editor).toBeHidden();
  return card;
}

test('a teacher builds a smart test from a blueprint; two students get different papers with the same spread', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  await context.addCookies([{ name: 'locale', value: 'vi', url: baseURL! }]);
  const stamp = Date.now().toString(36);
  const title = `Đề trộn kiểm tra ${stamp}`;
  await signInAs(page, 'teacher');
  await page.goto('/organization/test/smart');
  await expect(page.getByRole('heading', { name: 'Đề thi thông minh', level: 1 })).toBeVisible();
  await expect(page.getByTestId('test-table')).toContainText(
    'Kiểm tra nhanh ngữ pháp – đề trộn cho từng học viên',
  );
  await page.getByRole('link', { name: 'Tạo đề thông minh' }).click();
  // The list's own exam filter is also labelled "Kỳ thi" and stays on screen until the form has loaded.
  await expect(page).toHaveURL(/\/organization\/test\/smart\/create$/);
  await expect(page.getByRole('heading', { name: 'Tạo đề thi thông minh', level: 1 })).toBeVisible();
  // The exams load after the form: open the list until the exam is there.
  const exam = page.getByRole('option', { name: /Grammar & Writing Check/ }).first();
  await expect(async () => {
    if (!(await exam.isVisible())) await page.getByRole('textbox', { name: 'Kỳ thi' }).click();
    await exam.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page
    .getByLabel(/^Tiêu đề/)
    .first()
    .fill(title);
  await page.getByRole('button', { name: 'Tạo đề thi' }).click();
  await expect(page).toHaveURL(/\/organization\/test\/smart\/[0-9a-f-]{36}\/detail$/, { timeout: 15_000 });
  const testId = page.url().split('/').at(-2)!;

  // Part 1: 4 B1, 3 B2 and 2 A2 questions; part 2: one writing task.
  const grammar = await setBlueprint(page, 0, [
    [4, 'B1'],
    [3, 'B2'],
    [2, 'A2'],
  ]);
  await expect(grammar.getByTestId('blueprint').getByRole('row')).toHaveCount(4);
  await expect(grammar.getByTestId('pool-check').first()).toHaveText(/^\d+ câu trong ngân hàng, cần 4$/);
  await expect(grammar.getByTestId('section-count')).toHaveText('9/9 câu');
  await setBlueprint(page, 1, [[1, null]]);
  await expect(page.getByTestId('distinct-papers')).toHaveText(/Ma trận này tạo được [\d.,]+ đề khác nhau\./);
  await saveScreenshot(page, 'organization-smart-test-blueprint-vi');
  await page.getByRole('button', { name: 'Xuất bản', exact: true }).click();
  await page.getByRole('button', { name: 'Xuất bản phiên bản 1' }).click();
  await expect(page.getByTestId('test-count')).toBeVisible();
  await expect(page.getByText('Đã xuất bản', { exact: true }).first()).toBeVisible();

  // Two new students of the centre, assigned through the API; each starts and gets their own paper.
  const first = await newStudent(browser, baseURL!, `Học viên A ${stamp}`);
  const second = await newStudent(browser, baseURL!, `Học viên B ${stamp}`);
  const assigned = await page.request.post(`/api/educator/tests/${testId}/assignments`, {
    data: {
      student_ids: [first.id, second.id],
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      answers_shown: 'immediately',
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const slug = (
    (await (await page.request.get(`/api/educator/tests/${testId}`)).json()) as { result: { slug: string } }
  ).result.slug;
  const papers: string[][] = [];
  for (const student of [first, second]) {
    await student.page.goto(`/organizations/${CENTER}/test/${slug}`);
    await student.page.getByTestId('start-assigned').click();
    await expect(student.page).toHaveURL(
      new RegExp(`/organizations/${CENTER}/test/${slug}/exam/[0-9a-f-]{36}$`),
    );
    await expect(student.page.getByTestId('save-status')).toBeVisible({ timeout: 20_000 });
    const attemptId = student.page.url().split('/').at(-1)!;
    const paper = (await (await student.page.request.get(`/api/user/attempts/${attemptId}`)).json()) as {
      result: Paper;
    };
    papers.push(paper.result.sections.flatMap((section) => section.items.map((item) => item.question.id)));
  }
  await saveScreenshot(second.page, 'organization-smart-test-runner-vi');
  expect(papers.map((ids) => ids.length)).toEqual([10, 10]);
  expect(new Set(papers[0]).size).toBe(10);
  expect(papers[0]!.slice().sort()).not.toEqual(papers[1]!.slice().sort());

  // The first student submits; the teacher opens the result from the test's results table.
  const student = first.page;
  await student.locator('[data-testid="exam-question"][data-current]').getByRole('radio').first().check();
  await expect(student.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', {
    timeout: 15_000,
  });
  await student.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  await student
    .getByRole('dialog', { name: 'Nộp bài thi?' })
    .getByRole('button', { name: 'Nộp bài ngay' })
    .click();
  await student.waitForURL(new RegExp(`/organizations/${CENTER}/test/${slug}/result/[0-9a-f-]{36}$`));
  await first.context.close();
  await second.context.close();

  await page.reload();
  const row = page
    .getByTestId('assignment-results')
    .getByRole('row')
    .filter({ hasText: `Học viên A ${stamp}` });
  const link = row.getByRole('link');
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`/organization/test/smart/${testId}/result/[0-9a-f-]{36}$`),
    {
      timeout: 20_000,
    },
  );
  await link.click();
  await expect(page.getByRole('heading', { name: 'Kết quả bài làm của học viên', level: 1 })).toBeVisible();
  await expect(page.getByTestId('score-total')).toBeVisible();
  // The nine drawn grammar questions are reviewed one by one (the writing task waits for the teacher).
  await expect(page.getByTestId('review-question').first()).toBeVisible();
  expect(await page.getByTestId('review-question').count()).toBeGreaterThanOrEqual(9);
  await saveScreenshot(page, 'organization-smart-test-result-vi');
  expect(problems).toEqual([]);
});

test('en: the seeded smart test shows its blueprint, the papers it allows and its students’ results', async ({
  page,
  context,
  baseURL,
}) => {
  const problems = collectConsoleProblems(page);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signInAs(page, 'teacher');
  const list = await page.request.get('/api/educator/tests?kind=smart&search=tr%E1%BB%99n');
  const seeded = (
    (await list.json()) as { result: { items: { id: string; slug: string }[] } }
  ).result.items.find((item) => item.slug === SEEDED_SLUG)!;
  await page.goto(`/organization/test/smart/${seeded.id}/detail`);
  await expect(page.getByText('Smart test', { exact: true })).toBeVisible();
  const grammar = page.getByTestId('test-section').first();
  await expect(grammar.getByTestId('blueprint').getByRole('row')).toHaveCount(4);
  await expect(grammar.getByTestId('pool-check').nth(1)).toHaveText(/^\d+ in the pool, 5 needed$/);
  await expect(page.getByTestId('distinct-papers')).toHaveText(
    /This blueprint allows [\d,]+ different papers\./,
  );
  // Item analysis reads every student's own paper, and says how.
  const analysis = page.getByTestId('item-analysis');
  await expect(analysis.getByRole('heading', { name: 'Item analysis' })).toBeVisible({ timeout: 15_000 });
  await expect(analysis.getByTestId('drawn-papers-note')).toContainText('their own paper');
  await expect(analysis.getByRole('columnheader', { name: 'Attempts' })).toBeVisible();
  const results = page.getByTestId('assignment-results');
  // Three seeded students: two submitted, one writing. The writer's 30 minutes run out during a long run
  // and the deadline job submits the paper, so each badge is compared with the server's status now.
  const label: Record<string, string> = {
    not_started: 'Not started',
    in_progress: 'In progress',
    submitted: 'Submitted',
    to_grade: 'To grade',
    graded: 'Graded',
  };
  const assignments = await page.request.get(`/api/educator/tests/${seeded.id}/assignments`);
  const [assignment] = ((await assignments.json()) as { result: { id: string }[] }).result;
  await expect(async () => {
    const response = await page.request.get(
      `/api/educator/tests/${seeded.id}/assignments/${assignment!.id}/results`,
    );
    const rows = ((await response.json()) as { result: { rows: { status: string }[] } }).result.rows;
    expect(rows.filter((row) => row.status !== 'not_started')).toHaveLength(3);
    const shown = await results.getByTestId('result-status').allTextContents();
    expect(shown.map((text) => text.trim()).sort()).toEqual(rows.map((row) => label[row.status]).sort());
  }).toPass({ timeout: 15_000 });
  await saveScreenshot(page, 'organization-smart-test-detail-en');
  // A submitted student's row links to their result (the export buttons are links too).
  await results
    .getByRole('row')
    .filter({ has: page.getByTestId('result-status').filter({ hasText: /^(To grade|Graded|Submitted)$/ }) })
    .first()
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/organization\/test\/smart\/[0-9a-f-]{36}\/result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: "Learner's result", level: 1 })).toBeVisible();
  await expect(page.getByTestId('score-total')).toBeVisible();
  expect(problems).toEqual([]);
});

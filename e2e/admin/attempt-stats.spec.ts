import { expect, test } from '@playwright/test';
import { answerAndSubmit, IELTS, startPassageOnePractice } from '../learner/practice-helpers';
import { registerLearner, signInAs, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { saveScreenshot } from '../support/page-helpers';

test("an admin sees attempt statistics on the test and opens the learner's result; staff without view_student cannot", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // A learner submits a practice attempt.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = uniqueEmail('stats');
  await registerLearner(request, email, DEMO_PASSWORD, 'Trần Thị Thống Kê');
  await signInThroughForm(learner, email, DEMO_PASSWORD);
  await expect(learner).toHaveURL(/\/$/);
  const attemptId = await startPassageOnePractice(learner);
  await answerAndSubmit(learner, attemptId);
  await learnerContext.close();

  // The admin opens the test detail: the Attempts block lists the attempt.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const testId = await page.evaluate(async (slug) => {
    const response = await fetch(`/api/admin/tests?search=${encodeURIComponent('IELTS Academic Reading')}`, {
      credentials: 'include',
    });
    const body = await response.json();
    return body.result.items.find((item: { slug: string; id: string }) => item.slug === slug)?.id as string;
  }, IELTS.slug);
  expect(testId).toBeTruthy();
  await page.goto(`/admin/test/${testId}/detail`);
  const stats = page.getByTestId('attempt-stats');
  await expect(stats.getByRole('heading', { name: 'Lượt làm bài' })).toBeVisible();
  await expect(stats.getByTestId('part-rates')).toContainText('Passage 1');
  const link = stats.getByRole('link', { name: 'Trần Thị Thống Kê' }).first();
  await expect(link).toBeVisible();
  await stats.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-test-attempt-stats', { fullPage: false });
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/students/[0-9a-f-]{36}/test/${testId}/result/${attemptId}$`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kết quả bài làm của học viên');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('count-wrong')).toContainText('1');
  await expect(page.getByTestId('review-question')).toHaveCount(13);
  await saveScreenshot(page, 'admin-student-result', { fullPage: false });
  const resultPath = new URL(page.url()).pathname;
  await adminContext.close();

  // Staff with view_test only: the page guard sends them back, the API refuses.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, 'staff');
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.goto(resultPath);
  await expect(staff).toHaveURL(/\/admin\?forbidden=/);
  await expect(staff.getByTestId('forbidden-notice')).toBeVisible();
  const userId = resultPath.split('/')[3];
  const status = await staff.evaluate(
    async ([user, attempt]) =>
      (await fetch(`/api/admin/students/${user}/attempts/${attempt}/result`, { credentials: 'include' }))
        .status,
    [userId, attemptId] as const,
  );
  expect(status).toBe(403);
  // The statistics name learners (issue 26): the test detail opens (view_test) without them, and the
  // API refuses them too.
  await staff.goto(`/admin/test/${testId}/detail`);
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(staff.getByTestId('attempt-stats')).toHaveCount(0);
  const statsStatus = await staff.evaluate(
    async (test) => (await fetch(`/api/admin/tests/${test}/stats`, { credentials: 'include' })).status,
    testId,
  );
  expect(statsStatus).toBe(403);
  await staffContext.close();
});

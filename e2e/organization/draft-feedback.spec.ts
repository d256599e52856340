import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { classWithStudent, newStudent, submitManualEssay } from './organization-helpers';

/**
 * Issue 28, draft feedback before the teacher: a student of the demo centre submits an essay with known
 * mistakes; within a minute the offline job stores a machine draft. The teacher opens the essay from the
 * marking queue and sees the draft labelled as the machine's, its measures, and the spelling and grammar
 * issues listed and marked in the essay (by underline shape, not colour alone); no band is invented.
 */

test('the marking screen shows the machine draft with its issues in the essay', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  const stamp = Date.now().toString(36);
  const studentName = `Học viên bản nháp ${stamp}`;
  const student = await newStudent(browser, baseURL!, 'vi', studentName, 'draft');

  await signInAs(page, 'teacher');
  const { classId, testId } = await classWithStudent(page, `Lớp bản nháp ${stamp}`, student.id);
  const text =
    'My favourite place is the old libary near the river. I go there on Saturdays because it is is quiet.';
  const { attemptId, essayId } = await submitManualEssay(page, student.page, { classId, testId, text });
  await student.context.close();

  // The draft job runs every minute.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/educator/marking/${attemptId}/${essayId}`);
        return ((await response.json()) as { result: { draft: unknown } }).result.draft !== null;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(true);

  await page.goto('/organization/marking');
  const row = page.getByTestId('marking-list').getByRole('row').filter({ hasText: studentName });
  await row.getByRole('button', { name: 'Chấm' }).click();
  const drawer = page.getByRole('dialog');
  const draft = drawer.getByTestId('marking-draft');
  await expect(draft).toContainText('Bản nháp của máy');
  await expect(draft).toContainText('Chỉ có nhận xét đo được, không có band.');
  await expect(draft).toContainText('điểm của giáo viên mới là điểm chính thức');
  const issues = draft.getByTestId('marking-draft-issues');
  await expect(issues).toContainText('Chính tả và ngữ pháp (2)');
  await expect(issues).toContainText('“libary”');
  await expect(issues).toContainText('“library”');
  await expect(issues).toContainText('“is is”');
  // Marked in the essay, whose text is unchanged.
  const essay = drawer.getByTestId('marking-essay');
  await expect(essay).toHaveText(text);
  await expect(essay.locator('mark[data-issue="spelling"]')).toHaveText('libary');
  await expect(essay.locator('mark[data-issue="grammar"]')).toHaveText('is is');
  await expect(essay.locator('mark[data-issue="spelling"]')).toHaveCSS('text-decoration-style', 'wavy');
  await expect(essay.locator('mark[data-issue="grammar"]')).toHaveCSS('text-decoration-style', 'double');

  await expectAccessible(page, { include: '[role="dialog"]' });
  await saveScreenshot(page, 'organization-marking-draft-vi', { fullPage: false });
  expect(problems).toEqual([]);
});

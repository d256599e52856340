import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { classWithStudent, newStudent, submitManualEssay } from './organization-helpers';

/**
 * Issue 28, the marking queue: a student of the demo centre submits the manual test with an essay; the
 * teacher finds it in /organization/marking under "to mark", opens it beside the mark form, sees the
 * overall score computed live, adds a comment on a selected passage, saves, and finds it under "marked".
 * The agreement figures of machine drafts are on the page; the page passes axe.
 */

test('a teacher marks an essay from the marking queue', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  const stamp = Date.now().toString(36);
  const studentName = `Học viên hàng chờ ${stamp}`;
  const student = await newStudent(browser, baseURL!, 'vi', studentName, 'queue');

  await signInAs(page, 'teacher');
  const { classId, testId } = await classWithStudent(page, `Lớp hàng chờ ${stamp}`, student.id);
  const text =
    'My favourite place is the old library near the river. I go there on Saturdays because it is quiet.';
  const { attemptId, essayId } = await submitManualEssay(page, student.page, { classId, testId, text });
  await student.context.close();

  await page.goto('/organization/marking');
  await expect(page.getByRole('heading', { name: 'Hàng chờ chấm bài' })).toBeVisible();
  await expect(page.getByTestId('marking-agreement')).toContainText('Kappa có trọng số');
  const row = page.getByTestId('marking-list').getByRole('row').filter({ hasText: studentName });
  await expect(row).toContainText('Chờ chấm');
  await expectAccessible(page);
  await saveScreenshot(page, 'organization-marking-queue-vi');

  await row.getByRole('button', { name: 'Chấm' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('marking-essay')).toHaveText(text);
  const form = drawer.getByTestId('mark-form');
  await form.getByLabel('Hoàn thành yêu cầu đề bài').fill('7');
  await form.getByLabel('Mạch lạc và liên kết').fill('6,5');
  await form.getByLabel('Vốn từ vựng').fill('6');
  await expect(form.getByTestId('essay-mark-summary')).toHaveText(
    'Điểm tổng hiện khi đã chấm đủ các tiêu chí.',
  );
  await form.getByLabel('Ngữ pháp').fill('6,5');
  await expect(form.getByTestId('essay-mark-summary')).toHaveText('Trung bình: 6.5/10');

  // A comment anchored to a passage: select "old library" in the essay.
  await drawer.getByTestId('marking-essay').evaluate((element, passage) => {
    const node = element.firstChild!;
    const start = node.textContent!.indexOf(passage);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + passage.length);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, 'old library');
  await drawer.getByLabel('Nhận xét về “old library”').fill('Good detail.');
  await drawer.getByRole('button', { name: 'Thêm nhận xét' }).click();
  await expect(drawer).toContainText('“old library” — Good detail.');
  await saveScreenshot(page, 'organization-marking-form-vi', { fullPage: false });
  await form.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByText('Đã lưu điểm bài viết.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // The status filter lives in the address: the marked list.
  await page.goto('/organization/marking?status=marked');
  const marked = page.getByTestId('marking-list').getByRole('row').filter({ hasText: studentName });
  await expect(marked).toContainText('6.5');
  const saved = await page.request.get(`/api/educator/marking/${attemptId}/${essayId}`);
  expect(
    ((await saved.json()) as { result: { final: { comments: unknown[] } } }).result.final.comments,
  ).toEqual([
    { start: text.indexOf('old library'), end: text.indexOf('old library') + 11, text: 'Good detail.' },
  ]);
  expect(problems).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { CENTER, classWithStudent, MANUAL_TEST, newStudent, submitManualEssay } from './organization-helpers';

/**
 * Issue 15, marking: a student of the demo centre submits the manual test with an essay (answers shown
 * after the close time); the teacher finds the row "to grade", marks the essay on four criteria with a
 * comment in the review, sees the row graded, and releases the results; the student then reads the
 * review with the teacher's mark and comment, in Vietnamese and in English.
 */

test('a teacher marks a student’s essay with criteria and a comment, releases the results, and the student reads them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  const stamp = Date.now().toString(36);
  const studentName = `Học viên viết ${stamp}`;
  const student = await newStudent(browser, baseURL!, 'vi', studentName, 'essay');

  // The teacher assigns the seeded manual test to a class of the student, answers after the close time.
  await signInAs(page, 'teacher');
  const className = `Lớp chấm bài ${stamp}`;
  const { classId, testId } = await classWithStudent(page, className, student.id);
  // The student takes it (the runner has its own specs): only the essay is answered.
  const learner = student.page;
  const { attemptId } = await submitManualEssay(page, learner, {
    classId,
    testId,
    text: 'Dear Ms Lan, I am sorry I missed last Thursday because I had a fever. Could you tell me which exercises I should do for homework? Thank you very much.',
  });

  // The teacher's results table: the submission waits for marking; its link opens the result.
  await page.goto(`/organization/test/manual/${testId}/detail`);
  const ours = page.getByTestId('assignment').filter({ hasText: className });
  // Other assignments of the seeded test may be newer (their table shows first): open ours.
  await ours.getByRole('button', { name: /^Kết quả/ }).click();
  const row = ours.getByRole('row').filter({ hasText: studentName });
  await expect(row.getByTestId('result-status')).toHaveText('Chờ chấm');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/organization/test/manual/${testId}/result/${attemptId}$`));

  // Marking in the review (the essay is question 10, in part 2): four criteria and a comment; the mean is
  // shown before saving.
  await expect(page.getByTestId('pending-note')).toBeVisible();
  await page.getByTestId('review-palette').locator('[data-number="10"]').click();
  const form = page.getByTestId('essay-mark-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('your-essay')).toContainText('I had a fever');
  await form.getByLabel('Hoàn thành yêu cầu đề bài').fill('7');
  await form.getByLabel('Mạch lạc và liên kết').fill('6,5');
  await form.getByLabel('Vốn từ vựng').fill('6');
  await form.getByLabel('Ngữ pháp').fill('6,5');
  await expect(form.getByTestId('essay-mark-summary')).toHaveText('Trung bình: 6.5/10');
  await form
    .getByLabel('Nhận xét cho học viên')
    .fill('Thư đúng yêu cầu; hãy thêm lời chào kết thư trang trọng hơn.');
  await saveScreenshot(page, 'organization-essay-marking-vi', { fullPage: false });
  await form.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByText('Đã lưu điểm bài viết.')).toBeVisible();
  await expect(page.getByTestId('essay-mark-form').getByTestId('essay-mark-summary')).toContainText(
    'Đã chấm: 6.5/10',
  );
  await expect(page.getByTestId('pending-note')).toHaveCount(0);

  // Back on the test: the row is graded; the teacher releases the results before the close time.
  await page.goto(`/organization/test/manual/${testId}/detail`);
  const card = page.getByTestId('assignment').filter({ hasText: className });
  await card.getByRole('button', { name: /^Kết quả/ }).click();
  await expect(
    card.getByRole('row').filter({ hasText: studentName }).getByTestId('result-status'),
  ).toHaveText('Đã chấm');
  await card.getByRole('button', { name: 'Công bố kết quả ngay' }).click();
  // Releasing asks first (issue 29).
  const release = page.getByRole('dialog', { name: 'Công bố kết quả ngay?' });
  await expect(release).toContainText('Không thể thu hồi việc này.');
  await expectAccessible(page, { include: '[role="dialog"]' });
  await release.getByRole('button', { name: 'Công bố kết quả', exact: true }).click();
  await expect(card.getByTestId('results-released')).toContainText('Đã công bố kết quả');
  await expect(card.getByRole('button', { name: 'Công bố kết quả ngay' })).toHaveCount(0);
  await saveScreenshot(page, 'organization-results-released-vi');

  // The student reads the review with the mark and the comment, then in English.
  const learnerProblems = collectConsoleProblems(learner);
  await learner.goto(`/organizations/${CENTER}/test/${MANUAL_TEST.slug}/result/${attemptId}?part=2`);
  const mark = learner.getByTestId('teacher-mark');
  await expect(mark).toContainText('Giáo viên chấm: 6.5/10');
  await expect(mark).toContainText('Mạch lạc và liên kết');
  await expect(mark.getByTestId('teacher-comment')).toHaveText(
    'Thư đúng yêu cầu; hãy thêm lời chào kết thư trang trọng hơn.',
  );
  await mark.scrollIntoViewIfNeeded();
  await saveScreenshot(learner, 'learner-essay-mark-vi', { fullPage: false });
  await learner.getByRole('button', { name: 'English' }).click();
  await expect(mark).toContainText('Teacher’s mark: 6.5/10');
  await expect(mark).toContainText('Coherence and cohesion');
  await saveScreenshot(learner, 'learner-essay-mark-en', { fullPage: false });
  await student.context.close();
  expect(problems).toEqual([]);
  expect(learnerProblems).toEqual([]);
});

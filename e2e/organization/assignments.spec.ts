import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { CENTER, classWithStudent, MANUAL_TEST, newStudent } from './organization-helpers';

/**
 * Issue 15, assignments: a teacher assigns the demo centre's manual test to a class of its own from the
 * test's detail page; a new student of that class finds it on the centre's page, takes it in the exam
 * runner and reads the result; the teacher sees the student's row in the results table. In Vietnamese and
 * in English, each with a class and a student of its own. Issue 29: the assignment asks for an access
 * code the student types (a wrong one first), and in English allows one device at a time: the student
 * leaves the device from the runner and takes the attempt back.
 */

const TEST_SLUG = MANUAL_TEST.slug;

const TEXT = {
  vi: {
    section: 'Giao bài',
    assign: 'Giao bài kiểm tra',
    classes: 'Lớp',
    immediately: 'Hiện đáp án ngay sau khi nộp',
    submitAssign: 'Giao bài',
    assigned: 'Bài kiểm tra được giao',
    open: 'Vào bài',
    start: 'Bắt đầu làm bài',
    submit: 'Nộp bài',
    dialog: 'Nộp bài thi?',
    confirm: 'Nộp bài ngay',
    total: 'Tổng điểm',
    graded: 'Đã chấm',
    notStarted: 'Chưa làm',
    openState: 'Đang mở',
    leftPage: 'Rời khỏi trang 1 lần',
    timelineOf: 'Dòng thời gian làm bài của',
    evidence: 'không phải kết luận',
    focusLost: 'Rời khỏi trang',
    analyse: 'Phân tích',
    notEnough: 'Cần ít nhất 5 học viên đã nộp bài để ước lượng (hiện có 1).',
    accessCode: 'Mã vào thi',
    codeShown: 'Mã vào thi:',
    wrongCode: 'Mã vào thi không đúng.',
  },
  en: {
    section: 'Assignments',
    assign: 'Assign test',
    classes: 'Classes',
    immediately: 'Answers shown right after submitting',
    submitAssign: 'Assign',
    assigned: 'Assigned tests',
    open: 'Open test',
    start: 'Start the test',
    submit: 'Submit',
    dialog: 'Submit your test?',
    confirm: 'Submit now',
    total: 'Total score',
    graded: 'Graded',
    notStarted: 'Not started',
    openState: 'Open',
    leftPage: 'Left the page 1×',
    timelineOf: 'Integrity timeline of',
    evidence: 'not a verdict',
    focusLost: 'Left the page',
    analyse: 'Analyse',
    notEnough: 'At least 5 submitted students are needed for an estimate (1 so far).',
    accessCode: 'Access code',
    codeShown: 'Access code:',
    wrongCode: 'The access code is not right.',
    singleDevice: 'One device at a time',
    leave: 'Leave this device',
    left: 'You left this device',
    takeBack: 'Continue on this device',
  },
} as const;

for (const locale of ['vi', 'en'] as const) {
  test(`${locale}: a teacher assigns a test to a class; the student takes it; the teacher sees the result`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[locale];
    // Learners read the test's English title in English mode.
    const TEST_TITLE = locale === 'en' ? MANUAL_TEST.titleEn : MANUAL_TEST.title;
    const stamp = `${Date.now().toString(36)}${locale}`;
    const className = `Lớp giao bài ${stamp}`;
    const studentName = `Học viên ${stamp}`;
    const problems = collectConsoleProblems(page);
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const student = await newStudent(browser, baseURL!, locale, studentName, 'assign');

    // The teacher assigns the test to the class from its detail page.
    await signInAs(page, 'teacher');
    const { testId } = await classWithStudent(page, className, student.id);
    await page.goto(`/organization/test/manual/${testId}/detail`);
    const section = page.getByRole('region', { name: text.section });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: text.assign }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.classes, { exact: true }).click();
    await page.getByRole('option', { name: new RegExp(className) }).click();
    // In Vietnamese the default policy (answers after the close time), in English answers at once.
    if (locale === 'en') await dialog.getByText(text.immediately).click();
    // Issue 29: an access code, and in English one device at a time.
    const accessCode = `M-${stamp}`;
    await dialog.getByLabel(text.accessCode).fill(accessCode);
    if (locale === 'en') await dialog.getByRole('switch', { name: TEXT.en.singleDevice }).check();
    await dialog.getByRole('button', { name: text.submitAssign, exact: true }).click();
    await expect(dialog).toBeHidden();
    const card = section.getByTestId('assignment').filter({ hasText: className });
    await expect(card).toContainText(text.openState);
    await expect(card.getByTestId('assignment-rules')).toContainText(`${text.codeShown} ${accessCode}`);
    const row = card.getByRole('row').filter({ hasText: studentName });
    await expect(row.getByTestId('result-status')).toHaveText(text.notStarted);
    await saveScreenshot(page, `organization-assignment-created-${locale}`);

    // The student finds it on their profile and on the centre's page, takes it in the exam runner and
    // reads the result.
    const learner = student.page;
    await learner.goto('/profile');
    await expect(
      learner.getByTestId('assigned-tests').getByTestId('assigned-test').filter({ hasText: TEST_TITLE }),
    ).toContainText(text.openState);
    await learner.goto(`/organizations/${CENTER}`);
    const assigned = learner.getByTestId('assigned-tests');
    await expect(assigned.getByRole('heading', { name: text.assigned })).toBeVisible();
    const entry = assigned.getByTestId('assigned-test').filter({ hasText: TEST_TITLE });
    await saveScreenshot(learner, `organization-assignment-student-${locale}`);
    await entry.getByRole('link', { name: text.open }).click();
    await expect(learner).toHaveURL(new RegExp(`/organizations/${CENTER}/test/${TEST_SLUG}$`));
    // The code is asked (never shown): a wrong one is refused on its field, the right one starts.
    await expect(learner.getByText(accessCode)).toHaveCount(0);
    const codeInput = learner.getByLabel(text.accessCode);
    await codeInput.fill('WRONG-CODE');
    await learner.getByTestId('start-assigned').click();
    await expect(learner.getByText(text.wrongCode)).toBeVisible();
    await saveScreenshot(learner, `organization-assignment-code-${locale}`);
    await codeInput.fill(accessCode);
    await learner.getByTestId('start-assigned').click();
    await expect(learner).toHaveURL(
      new RegExp(`/organizations/${CENTER}/test/${TEST_SLUG}/exam/[0-9a-f-]{36}$`),
    );
    await expect(learner.getByTestId('save-status')).toBeVisible({ timeout: 20_000 });
    await learner.locator('[data-testid="exam-question"][data-current]').getByRole('radio').first().check();
    await expect(learner.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', {
      timeout: 15_000,
    });
    // Issue 29: the student leaves the tab and comes back; the runner journals it with the answers.
    await learner.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    if (locale === 'en') {
      // One device at a time: leaving signs this device out (answers saved first); it takes it back.
      await learner.getByRole('button', { name: TEXT.en.leave }).first().click();
      await learner.getByTestId('leave-device-confirm').click();
      await expect(learner.getByTestId('exam-blocked')).toContainText(TEXT.en.left);
      await saveScreenshot(learner, 'organization-assignment-left-device-en');
      await learner.getByRole('button', { name: TEXT.en.takeBack }).click();
      await expect(learner.getByTestId('save-status')).toBeVisible({ timeout: 20_000 });
      await expect(
        learner.locator('[data-testid="exam-question"][data-current]').getByRole('radio').first(),
      ).toBeChecked();
    }
    await learner.getByRole('button', { name: text.submit, exact: true }).click();
    await learner
      .getByRole('dialog', { name: text.dialog })
      .getByRole('button', { name: text.confirm })
      .click();
    await learner.waitForURL(new RegExp(`/organizations/${CENTER}/test/${TEST_SLUG}/result/[0-9a-f-]{36}$`));
    await expect(learner.getByTestId('score-total')).toContainText(text.total);
    if (locale === 'en') {
      // "Immediately": the review is released at once.
      await expect(learner.getByTestId('review-question').first()).toBeVisible();
      await expect(learner.getByTestId('review-withheld')).toHaveCount(0);
    } else {
      // "After the close time": the score now, the review withheld until the window closes.
      await expect(learner.getByTestId('review-withheld')).toContainText('Đáp án và giải thích sẽ hiện sau');
      await expect(learner.getByTestId('review-question')).toHaveCount(0);
    }
    await saveScreenshot(learner, `organization-assignment-result-${locale}`);
    if (locale === 'vi') {
      // Issue 29: the mistake (the first option is wrong) waits for the release outside the notebook.
      await learner.goto('/mistakes');
      await expect(learner.getByTestId('notebook-awaiting-release')).toContainText('chưa công bố kết quả');
      await expect(learner.getByTestId('notebook-item')).toHaveCount(0);
      await saveScreenshot(learner, 'organization-assignment-notebook-awaiting-vi');
    }
    await student.context.close();

    // The teacher's table shows the submission (polled while the window is open; a reload is quicker).
    await page.reload();
    const graded = page
      .getByTestId('assignment')
      .filter({ hasText: className })
      .getByRole('row')
      .filter({ hasText: studentName });
    await expect(graded.getByTestId('result-status')).toHaveText(text.graded, { timeout: 20_000 });
    await expect(graded.getByRole('link')).toHaveAttribute(
      'href',
      new RegExp(`/organization/test/manual/${testId}/result/[0-9a-f-]{36}$`),
    );
    await saveScreenshot(page, `organization-assignment-results-${locale}`);
    // The integrity timeline: counted in the row, listed with its neutral explanation when opened.
    await expect(graded.getByTestId('integrity-summary')).toHaveText(text.leftPage);
    await graded.getByRole('button', { name: `${text.timelineOf} ${studentName}` }).click();
    const timeline = page.getByTestId('integrity-timeline');
    await expect(timeline).toContainText(text.evidence);
    await expect(timeline.getByTestId('integrity-event').first()).toHaveAttribute('data-kind', 'focus_lost');
    await expect(timeline.getByTestId('integrity-event').first()).toContainText(text.focusLost);
    await expect(timeline.getByTestId('integrity-event')).toHaveCount(2);
    await saveScreenshot(page, `organization-assignment-integrity-${locale}`);
    await page.keyboard.press('Escape');
    await expect(timeline).toBeHidden();
    // The similarity index waits for five submitted students.
    const similarity = page.getByTestId('similarity-panel');
    await similarity.getByRole('button', { name: text.analyse, exact: true }).click();
    await expect(similarity.getByTestId('similarity-result')).toHaveText(text.notEnough);
    if (locale === 'vi') {
      // Per-attempt shuffling (issue 29) is switched on from the form; the order itself is the API's (shuffling.test.ts).
      await card.getByRole('button', { name: 'Sửa', exact: true }).click();
      const edit = page.getByRole('dialog');
      await edit.getByRole('switch', { name: 'Xáo trộn câu hỏi' }).check();
      await edit.getByRole('switch', { name: 'Xáo trộn phương án' }).check();
      await expectAccessible(page, { include: '[role="dialog"]' });
      await saveScreenshot(page, 'organization-assignment-shuffle-vi');
      await edit.getByRole('button', { name: 'Lưu thay đổi', exact: true }).click();
      await expect(edit).toBeHidden();
      await expect(card.getByTestId('assignment-rules')).toContainText(
        'Câu hỏi xáo trộn · Phương án xáo trộn',
      );
    } else {
      // Cancelling asks first; "Keep it" changes nothing, confirming cancels (attempts and results are kept).
      await card.getByRole('button', { name: 'Cancel assignment', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Cancel this assignment?' });
      await expect(ask).toContainText('Attempts already made and their results are kept.');
      await ask.getByRole('button', { name: 'Keep it', exact: true }).click();
      await expect(ask).toBeHidden();
      await expect(card).toContainText(text.openState);
      await card.getByRole('button', { name: 'Cancel assignment', exact: true }).click();
      await ask.getByRole('button', { name: 'Cancel assignment', exact: true }).click();
      await expect(ask).toBeHidden();
      await expect(card).toContainText('Cancelled');
      await expect(graded.getByTestId('result-status')).toHaveText(text.graded);
    }
    expect(problems).toEqual([]);
  });
}

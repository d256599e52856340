import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

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
  await expect(page).toHaveURL(/\/question-bank\/ai\?job=/, { timeout: 30_000 });
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
  await draftRows(page).first().getByRole('link', { name: 'Xem xét' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('ai-checks')).toContainText('Đúng một phương án đúng');
  await page.getByLabel(label('Ghi chú nguồn')).fill('Biên tập viên đã kiểm tra');
  await page.getByRole('button', { name: 'Lưu chỉnh sửa' }).click();
  // The job form's own 'saved' notice may still be up (Mantine pauses its timer under the pointer): the newest is this save's.
  await expect(page.getByTestId('saved-toast').last()).toBeVisible();
  await expect(page.getByText('Người sửa')).toBeVisible();
  await saveScreenshot(page, 'ai-review-edit-vi');
  await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\?job=/, { timeout: 30_000 });
  await expect(draftRows(page)).toHaveCount(9);

  // Five more straight from the list …
  for (let left = 9; left > 4; left--) {
    await draftRows(page)
      .first()
      .getByRole('button', { name: /^Duyệt “/ })
      .click();
    await expect(draftRows(page)).toHaveCount(left - 1);
  }
  // … and two together: selected, then approved after a confirmation naming the count.
  await draftRows(page).nth(0).getByRole('checkbox').check();
  await draftRows(page).nth(1).getByRole('checkbox').check();
  await page.getByTestId('bulk-actions').getByRole('button', { name: 'Duyệt 2 câu' }).click();
  const bulkDialog = page.getByRole('dialog');
  await expect(bulkDialog).toContainText('Duyệt 2 câu hỏi đã chọn?');
  await bulkDialog.getByRole('button', { name: 'Duyệt 2 câu' }).click();
  await expect(draftRows(page)).toHaveCount(2);
  // The last two are rejected with a reason.
  for (const reason of ['Hai phương án đều hợp ngữ pháp', 'Câu quá dễ so với cấp độ B1']) {
    await draftRows(page).first().getByRole('link', { name: 'Xem xét' }).click();
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
  // The package page counts the AI credits used this period: "used / allowed".
  const credits = page.getByTestId('usage-ai_credits');
  const creditsUsed = async () => {
    await page.goto('/organization/package');
    await expect(credits).toContainText('AI generation credits', { timeout: 30_000 });
    return Number((await credits.textContent())!.match(/(\d+) \/ \d+/)![1]);
  };
  const creditsBefore = await creditsUsed();
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
  // The three items asked for are three AI credits of the organization's package.
  expect(await creditsUsed()).toBe(creditsBefore + 3);
  await saveScreenshot(page, 'ai-credits-used-en');
  expect(problems).toEqual([]);
});

test('one question at a time: the admin generates, approves and asks for another; a teacher rejects one in English', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/question-bank/generate');
  await page.getByRole('main').getByRole('link', { name: 'Tạo một câu hỏi' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/single\/ai$/);
  await expect(page.getByRole('heading', { name: 'Tạo một câu hỏi', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ai-offline-note')).toContainText('ngoại tuyến');
  // One question: no count to choose.
  await expect(page.getByLabel(label('Số câu hỏi'))).toHaveCount(0);
  await choosePart5(page, 'Phần thi');
  await page.getByRole('button', { name: 'Tạo câu hỏi' }).click();

  await expect(page).toHaveURL(/\/admin\/question-bank\/single\/ai\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const first = page.url();
  // Written in the background and shown here with its checks and the bank's editor.
  await expect(page.getByTestId('ai-checks')).toContainText('Đúng một phương án đúng', { timeout: 30_000 });
  await expect(page.getByTestId('ai-draft-form')).toBeVisible();
  await saveScreenshot(page, 'ai-single-vi');
  await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
  // Approved where it stands: the question is in the bank, and the page offers the next one.
  await expect(page.getByTestId('ai-draft-status')).toHaveText('Đã duyệt');
  await expect(page.getByRole('link', { name: 'Mở câu hỏi trong ngân hàng' })).toBeVisible();
  await page.getByRole('button', { name: 'Tạo câu khác' }).click();
  await expect(page).not.toHaveURL(first, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/question-bank\/single\/ai\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('ai-draft-form')).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);

  // A teacher, in English, in the organization's scope.
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  const teacher = await context.newPage();
  const teacherProblems = collectConsoleProblems(teacher);
  await signInAs(teacher, 'teacher');
  await teacher.goto('/organization/question-bank/single/ai');
  await expect(teacher.getByRole('heading', { name: 'Generate one question', level: 1 })).toBeVisible();
  await choosePart5(teacher, 'Part');
  await teacher.getByRole('button', { name: 'Generate the question' }).click();
  await expect(teacher).toHaveURL(/\/organization\/question-bank\/single\/ai\/[0-9a-f-]{36}$/, {
    timeout: 30_000,
  });
  await expect(teacher.getByTestId('ai-checks')).toContainText('Checks before approval', { timeout: 30_000 });
  await saveScreenshot(teacher, 'ai-single-en');
  await teacher.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByLabel(label('Reason')).fill('Too easy for the class');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(teacher.getByTestId('ai-draft-status')).toHaveText('Rejected');
  await expect(teacher.getByTestId('ai-reject-reason')).toContainText('Too easy for the class');
  expect(teacherProblems).toEqual([]);
  await context.close();
});

const PASSAGE = [
  'Green Office Week starts on Monday at the Da Nang branch.',
  'Every team will try to reduce the paper it prints by half, and the building manager will switch off the lights on empty floors after seven in the evening.',
  'Last year a similar week helped the Hue office become more efficient, and its electricity bill fell by twelve percent.',
].join('\n\n');

test('a reading group: questions about the author’s text, one rejected, the rest approved as one group (vi), and the form in English', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/question-bank/generate');
  await page.getByRole('main').getByRole('link', { name: 'Tạo nhóm câu hỏi đọc hoặc nghe' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/group\/ai$/);
  await page.getByRole('textbox', { name: 'Phần thi' }).click();
  await page.getByRole('option', { name: 'Part 7 – Đọc hiểu' }).click();
  await expect(page.getByRole('textbox', { name: 'Dạng câu hỏi' })).toHaveValue('Đọc hiểu (về đoạn văn)');
  // A reading group needs its text: the server says so by the field.
  await page.getByRole('button', { name: 'Tạo các câu hỏi' }).click();
  await expect(page.getByText('Hãy nhập đoạn văn mà các câu hỏi dựa vào.')).toBeVisible();
  await page.getByLabel(label('Đoạn văn')).fill(PASSAGE);
  await page.getByLabel(label('Số câu hỏi')).fill('3');
  await page.getByRole('button', { name: 'Tạo các câu hỏi' }).click();

  await expect(page).toHaveURL(/\/admin\/question-bank\/group\/ai\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId('ai-group-passage')).toContainText('Green Office Week starts on Monday');
  const items = page.getByTestId('ai-group-question');
  await expect(items).toHaveCount(3, { timeout: 30_000 });
  await expect(items.getByTestId('ai-draft-status').filter({ hasText: 'Chờ duyệt' })).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(items.first()).toContainText(/closest in meaning|stated in the passage/);
  await saveScreenshot(page, 'ai-group-vi');

  // The second is opened in the bank's editor and rejected; the review comes back to the queue.
  const groupUrl = page.url();
  await items.nth(1).getByRole('link', { name: 'Xem xét' }).click();
  await rejectOpenDraft(page, 'Loại', 'Lý do', 'Trùng ý với câu 1');
  await page.goto(groupUrl);
  await expect(items.nth(1).getByTestId('ai-draft-status')).toHaveText('Đã loại', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Duyệt thành một nhóm' }).click();
  await expect(page.getByText('Hãy đặt tên cho nhóm.')).toBeVisible();
  await page.getByLabel(label('Tên nhóm')).fill('Tuần lễ văn phòng xanh');
  await page.getByRole('button', { name: 'Duyệt thành một nhóm' }).click();
  await expect(page.getByTestId('ai-group-approved')).toContainText('Nhóm đã có trong ngân hàng câu hỏi');
  await page.getByRole('link', { name: 'Mở nhóm trong ngân hàng' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/group\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Tiêu đề' }).first()).toHaveValue('Tuần lễ văn phòng xanh', {
    timeout: 30_000,
  });
  // The job sent without a passage was refused on purpose (422 naming the field); nothing else failed.
  expect(unexpectedProblems(problems, [{ status: 422, path: '/api/admin/ai/jobs' }])).toEqual([]);

  // English: the organization's form for the same thing.
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  const teacher = await context.newPage();
  await signInAs(teacher, 'teacher');
  await teacher.goto('/organization/question-bank/group/ai');
  await expect(
    teacher.getByRole('heading', { name: 'Generate a reading or listening group', level: 1 }),
  ).toBeVisible();
  await expect(teacher.getByLabel(label('Passage'))).toBeVisible();
  await saveScreenshot(teacher, 'ai-group-create-en');
  await context.close();
});

test('a listening group (vi): the built-in generator writes a conversation or talk and its questions; one edited, all approved as one group whose transcript is the script', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/question-bank/group/ai');
  await expect(page.getByRole('heading', { name: 'Tạo nhóm câu hỏi đọc hoặc nghe', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ai-offline-note')).toContainText('ngoại tuyến', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Phần thi' }).click();
  await page.getByRole('option', { name: 'Part 3 – Hội thoại ngắn' }).click();
  await page.getByRole('textbox', { name: 'Dạng câu hỏi' }).click();
  await page
    .getByRole('option', { name: 'Kịch bản nghe (hội thoại hoặc bài nói, như TOEIC Part 3–4)' })
    .click();
  // The generator writes the script: no text to give, a note says what happens instead.
  await expect(page.getByTestId('ai-listening-note')).toContainText('Bộ tạo viết một đoạn hội thoại');
  await expect(page.getByLabel(label('Đoạn văn'))).toHaveCount(0);
  await page.getByLabel(label('Số câu hỏi')).fill('3');
  await page.getByLabel(label('Chủ đề')).fill('du lịch');
  await saveScreenshot(page, 'ai-listening-create-vi');
  await page.getByRole('button', { name: 'Tạo các câu hỏi' }).click();

  await expect(page).toHaveURL(/\/admin\/question-bank\/group\/ai\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const lines = page.getByTestId('ai-script-line');
  await expect(lines.first()).toBeVisible({ timeout: 30_000 });
  expect(await lines.count()).toBeGreaterThanOrEqual(5);
  // Speakers labelled: a travel conversation (a woman and a man) or a guide's talk.
  await expect(lines.first()).toContainText(/^(Woman|Man|Speaker):/);
  const firstLine = (await lines.first().textContent())!.replace(/^(Woman|Man|Speaker):\s*/, '');
  // Spoken by the offline synthesizer: the reviewer can listen before approving.
  const audio = page.getByTestId('ai-script-audio');
  await expect(audio).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const audioUrl = (await audio.getAttribute('src'))!;
  const spoken = await page.request.get(audioUrl);
  expect(spoken.status()).toBe(200);
  expect(spoken.headers()['content-type']).toBe('audio/wav');
  const items = page.getByTestId('ai-group-question');
  await expect(items.getByTestId('ai-draft-status').filter({ hasText: 'Chờ duyệt' })).toHaveCount(3, {
    timeout: 30_000,
  });
  // Each question has its key marked among four options.
  for (const n of [0, 1, 2]) await expect(items.nth(n).getByText('Đáp án', { exact: true })).toHaveCount(1);
  await saveScreenshot(page, 'ai-listening-result-vi');

  // The first is opened in the bank's editor, edited and saved; it stays waiting for the group.
  const groupUrl = page.url();
  await items.first().getByRole('link', { name: 'Xem xét' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/ai\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('ai-checks')).toContainText('Đúng một phương án đúng', { timeout: 30_000 });
  await page.getByLabel(label('Ghi chú nguồn')).fill('Đã nghe lại kịch bản');
  await page.getByRole('button', { name: 'Lưu chỉnh sửa' }).click();
  // The job form's own 'saved' notice may still be up (Mantine pauses its timer under the pointer): the newest is this save's.
  await expect(page.getByTestId('saved-toast').last()).toBeVisible();
  await page.goto(groupUrl);

  await page.getByLabel(label('Tên nhóm')).fill('Hội thoại du lịch');
  await page.getByRole('button', { name: 'Duyệt thành một nhóm' }).click();
  await expect(page.getByTestId('ai-group-approved')).toContainText('Nhóm đã có trong ngân hàng câu hỏi', {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Mở nhóm trong ngân hàng' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/group\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Tiêu đề' }).first()).toHaveValue('Hội thoại du lịch', {
    timeout: 30_000,
  });
  // The script is the group's transcript, its spoken version the group's audio.
  await expect(page.getByRole('main')).toContainText(firstLine.trim());
  // (The editor's media field and its learner preview both play it.)
  await expect(page.getByRole('main').locator(`audio[src="${audioUrl}"]`).first()).toBeAttached();
  await saveScreenshot(page, 'ai-listening-group-vi');
  expect(problems).toEqual([]);
});

test('collocations offline, and an approved question put into a test through the test’s bank picker', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/question-bank/generate/create');
  await expect(page.getByTestId('ai-offline-note')).toContainText('ngoại tuyến', { timeout: 30_000 });
  await choosePart5(page, 'Phần thi');
  await page.getByRole('textbox', { name: 'Dạng câu hỏi' }).click();
  await page.getByRole('option', { name: 'Kết hợp từ (từ nào đi với từ đã cho)' }).click();
  await page.getByLabel(label('Số câu hỏi')).fill('2');
  // A published vocabulary topic can be the word list.
  await expect(page.getByRole('textbox', { name: 'Chủ đề từ vựng (danh sách từ)' })).toBeVisible();
  await saveScreenshot(page, 'ai-collocation-create-vi');
  await page.getByRole('button', { name: 'Bắt đầu tạo' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/generate\/[0-9a-f-]+\/detail$/, { timeout: 30_000 });
  await expect(page.getByTestId('ai-progress')).toContainText('Đã viết 2/2 · 0 lỗi', { timeout: 30_000 });
  await expect(page.getByTestId('ai-job-items')).toContainText('_______');
  await saveScreenshot(page, 'ai-collocation-detail-vi');

  // The first is approved from the review list: it joins the bank.
  await page.getByRole('link', { name: 'Duyệt các bản nháp' }).click();
  await expect(draftRows(page)).toHaveCount(2);
  const approve = draftRows(page)
    .first()
    .getByRole('button', { name: /^Duyệt “/ });
  const named = (await approve.getAttribute('aria-label'))!;
  // "Duyệt “The committee will _______ a final …”": the longest stretch of the stem's words between the
  // gap and the label's quotes (six words at most) finds it in the bank.
  const stemStart = named
    .slice('Duyệt “'.length)
    .split(/_{3,}|[”…]/)
    .map((part) => part.trim().split(/\s+/).slice(0, 6).join(' '))
    .sort((a, b) => b.length - a.length)[0]!;
  expect(stemStart.length).toBeGreaterThan(5);
  await approve.click();
  await expect(draftRows(page)).toHaveCount(1);

  // A new test on TOEIC Listening & Reading; its Part 5 takes the approved question from the bank.
  await page.goto('/admin/test/create');
  const exam = page.getByRole('textbox', { name: 'Kỳ thi', exact: true });
  const toeic = page.getByRole('option', { name: /TOEIC Listening & Reading/ }).first();
  await expect(async () => {
    if (!(await toeic.isVisible())) await exam.click();
    await toeic.click({ timeout: 2_000 });
    await expect(exam).toHaveValue(/TOEIC Listening & Reading/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // The exam's duration fills the required duration field.
  await expect(page.getByLabel(label('Thời gian làm bài (phút)'))).not.toHaveValue('');
  await page.getByLabel(label('Tiêu đề')).fill(`Đề có câu hỏi AI ${Date.now()}`);
  await page.getByRole('button', { name: 'Tạo đề thi' }).click();
  await expect(page).toHaveURL(/\/admin\/test\/[0-9a-f-]+\/detail$/, { timeout: 30_000 });
  const part5 = page.getByTestId('test-section').filter({ hasText: 'Part 5' });
  await part5.getByRole('button', { name: 'Thêm từ ngân hàng' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel(label('Tìm kiếm')).fill(stemStart);
  await picker.getByText(stemStart, { exact: false }).first().click();
  await expect(picker.getByTestId('picker-picked')).toHaveText('Đã chọn 1 mục (1 câu)');
  await saveScreenshot(page, 'ai-approved-in-picker-vi', { fullPage: false });
  await picker.getByRole('button', { name: 'Thêm 1 mục đã chọn' }).click();
  await expect(part5.getByTestId('section-count')).toHaveText('1/30 câu');
  await expect(part5).toContainText(stemStart);
  await saveScreenshot(page, 'ai-approved-in-test-vi');
  expect(problems).toEqual([]);
});

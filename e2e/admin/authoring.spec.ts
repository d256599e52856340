import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { label, saveScreenshot, toggleColorScheme } from '../support/page-helpers';

const suffix = Date.now().toString(36);
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const SINGLE_TYPE = 'Trắc nghiệm một đáp án (Chọn một đáp án)';

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Điều hướng chính' });
}

/**
 * Opens a select and picks an option, again if a page still settling (a lazily loaded editor taking the
 * focus, a list refreshing) closed the dropdown before the pick landed.
 */
async function choose(page: Page, field: string, option: string | RegExp) {
  const input = page.getByRole('textbox', { name: field, exact: true });
  const item = page.getByRole('option', { name: option }).first();
  await expect(async () => {
    if (!(await item.isVisible())) await input.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Follows a link, again if a navigation still settling swallowed the first click. */
async function follow(page: Page, name: string, url: RegExp) {
  // Clicked again only if nothing happened: a second click while the route still loads (slow on a busy CI
  // machine) would cancel that navigation and start it over.
  await expect(async () => {
    if (!url.test(page.url())) await page.getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(url, { timeout: 10_000 });
  }).toPass({ timeout: 30_000 });
}

/** Types into the CKEditor field called `name` inside `scope` (it loads lazily, on the client only). */
async function typeRich(scope: Page | Locator, page: Page, name: string, text: string) {
  const editor = scope.getByRole('textbox', { name, exact: true });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.type(text);
}

/** Fills the options A–D of the question editor inside `scope` and marks `correct`. */
async function fillChoices(scope: ReturnType<Page['locator']>, texts: string[], correct: string) {
  const options = scope.getByTestId('options-editor').getByRole('textbox');
  for (const [index, text] of texts.entries()) await options.nth(index).fill(text);
  await scope.getByTestId('answer-editor').getByRole('radio', { name: correct, exact: true }).check();
}

test('an admin builds a category, exam, parts, questions with media and publishes a test', async ({
  page,
}) => {
  test.setTimeout(120_000); // a long journey; CI gives it three times that (test.slow)
  test.slow(Boolean(process.env.CI), 'typing a whole test on the shared CI machine');
  const category = `VSTEP thử ${suffix}`;
  const exam = `VSTEP mini ${suffix}`;
  const reading = `Đọc hiểu ${suffix}`;
  const listening = `Nghe hiểu ${suffix}`;
  const title = `Đề luyện VSTEP ${suffix}`;

  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);

  // Category → exam → two parts.
  await menu(page).getByRole('link', { name: 'Danh mục và kỳ thi' }).click();
  await expect(page.getByTestId('category-table')).toContainText('TOEIC');
  await saveScreenshot(page, 'authoring-category-list');
  await follow(page, 'Thêm danh mục', /\/create$/);
  await page.getByRole('button', { name: 'Tạo danh mục' }).click();
  await expect(page.getByText('Vui lòng nhập thông tin này.')).toBeVisible();
  await page.getByLabel(label('Tên')).fill(category);
  await page.getByLabel(label('Mô tả')).fill('Kỳ thi đánh giá năng lực tiếng Anh 6 bậc.');
  await page.getByRole('button', { name: 'Tạo danh mục' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);
  await expect(page.getByTestId('empty-state')).toBeVisible();

  await follow(page, 'Thêm kỳ thi', /\/create$/);
  await page.getByLabel(label('Tên')).fill(exam);
  await page.getByLabel(label('Thời gian làm bài (phút)')).fill('30');
  await page.getByRole('button', { name: 'Tạo kỳ thi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exam);

  const parts: [string, string, string, string][] = [
    [reading, 'Đọc', '1', 'reading'],
    [listening, 'Nghe', '2', 'listening'],
  ];
  for (const [name, skill, count, section] of parts) {
    await follow(page, 'Thêm phần thi', /\/create$/);
    await page.getByLabel(label('Tên')).fill(name);
    await choose(page, 'Kỹ năng', skill);
    await page.getByLabel(label('Số câu hỏi')).fill(count);
    // The scoring section is picked from the exam's sections; a new one is asked for explicitly.
    if (name === listening) await choose(page, 'Phần tính điểm', 'Phần tính điểm mới');
    await page.getByLabel(label('Tên phần tính điểm mới')).fill(section);
    await choose(page, 'Dạng câu hỏi được dùng', SINGLE_TYPE);
    await page.keyboard.press('Escape');
    if (name === listening) {
      await choose(page, 'Âm thanh', 'Phát một lần');
      await saveScreenshot(page, 'authoring-part-form');
    }
    await page.getByRole('button', { name: 'Tạo phần thi' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(exam);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('link', { name: '← Danh mục', exact: true }).click();
  await expect(page.getByTestId('exam-card')).toContainText(listening);
  await saveScreenshot(page, 'authoring-category-detail');

  // A single question with a picture.
  await menu(page).getByRole('link', { name: 'Câu hỏi đơn' }).click();
  await expect(page.getByTestId('question-table')).toBeVisible();
  await saveScreenshot(page, 'authoring-question-list');
  // The list sorts by creation date through the API (newest first by default).
  const oldestFirst = page.waitForRequest(/\/api\/admin\/questions\?.*sort=oldest/);
  await page
    .getByTestId('question-table')
    // A sortable header is a button (mantine-datatable gives it role="button").
    .getByRole('button', { name: /Ngày tạo/ })
    .click();
  await oldestFirst;
  await expect(page).toHaveURL(/sort=created_at%3Aasc/);
  await follow(page, 'Thêm câu hỏi', /\/create$/);
  await choose(page, 'Phần thi', reading);
  await choose(page, 'Dạng câu hỏi', SINGLE_TYPE);
  // The stem is rich text: a bold phrase survives the editor, the save and the preview.
  await typeRich(page, page, 'Câu hỏi', 'What does the sign ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('in the picture');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' ask visitors to do?');
  // The editor's toolbar speaks Vietnamese in the Vietnamese interface (CKEditor's own translation).
  const toolbar = page.locator('.ck-toolbar').first();
  await expect(toolbar.getByRole('button', { name: /^Đậm/ })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: /^Nghiêng/ })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: /^(Bold|Italic)/ })).toHaveCount(0);
  const form = page.locator('form');
  await fillChoices(form, ['Keep the door closed', 'Buy a ticket', 'Wait outside', 'Turn off phones'], 'A');
  await typeRich(page, page, 'Giải thích (tiếng Việt)', 'Biển báo yêu cầu đóng cửa.');
  await expect(page.getByTestId('question-preview').locator('strong')).toHaveText('in the picture');
  await page.getByTestId('media-image').locator('input[type=file]').setInputFiles(fixture('tiny.png'));
  await expect(page.getByTestId('media-image').getByRole('img')).toBeVisible();
  await expect(page.getByTestId('question-preview')).toContainText('Keep the door closed');
  await saveScreenshot(page, 'authoring-question-create');
  await page.getByRole('button', { name: 'Thêm câu hỏi' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/single$/);
  await expect(page.getByTestId('question-table')).toContainText('What does the sign in the picture');
  await page
    .getByTestId('question-table')
    .getByRole('row', { name: /What does the sign in the picture/ })
    .getByRole('link', { name: 'Sửa' })
    .click();
  await expect(page.getByTestId('question-preview').locator('strong')).toHaveText('in the picture');
  await expect(page.getByRole('textbox', { name: 'Giải thích (tiếng Việt)', exact: true })).toHaveText(
    'Biển báo yêu cầu đóng cửa.',
    { timeout: 20_000 },
  );

  // A group with audio and two questions.
  await menu(page).getByRole('link', { name: 'Nhóm câu hỏi' }).click();
  await follow(page, 'Thêm nhóm', /\/create$/);
  await choose(page, 'Phần thi', listening);
  await page.getByLabel(label('Tiêu đề')).fill(`Cuộc hội thoại ở quầy lễ tân ${suffix}`);
  await typeRich(page, page, 'Lời thoại', 'W: Good morning. M: I have a reservation under Lee.');
  await page
    .getByTestId('media-audio')
    .first()
    .locator('input[type=file]')
    .setInputFiles(fixture('short-clip.mp3'));
  await expect(page.getByTestId('audio-player').first()).toBeVisible();
  await page.getByRole('button', { name: 'Thêm câu hỏi' }).click();
  const subs = page.getByTestId('sub-question');
  await expect(subs).toHaveCount(2);
  const stems = ['Where is the conversation taking place?', 'What name is the reservation under?'];
  const choices = [
    ['At a hotel', 'At a bank', 'At a school', 'At a park'],
    ['Lee', 'Park', 'Nguyen', 'Tran'],
  ];
  for (const index of [0, 1]) {
    const sub = subs.nth(index);
    await sub.getByRole('textbox', { name: 'Dạng câu hỏi', exact: true }).click();
    await page.getByRole('option', { name: SINGLE_TYPE }).click();
    await typeRich(sub, page, 'Câu hỏi', stems[index] ?? '');
    await fillChoices(sub, choices[index] ?? [], 'A');
  }
  // The first sub-question carries its own tag and picture.
  await subs.nth(0).getByRole('textbox', { name: 'Thẻ', exact: true }).fill(`reception-${suffix}`);
  await page.keyboard.press('Enter');
  await subs.nth(0).getByTestId('media-image').locator('input[type=file]').setInputFiles(fixture('tiny.png'));
  await expect(subs.nth(0).getByTestId('media-image').getByRole('img')).toBeVisible();
  await saveScreenshot(page, 'authoring-group-create');
  await page.getByRole('button', { name: 'Thêm nhóm' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/group$/);
  await expect(page.getByTestId('group-table')).toContainText(`Cuộc hội thoại ở quầy lễ tân ${suffix}`);
  await page
    .getByTestId('group-table')
    .getByRole('row', { name: new RegExp(`quầy lễ tân ${suffix}`) })
    .getByRole('link', { name: 'Sửa' })
    .click();
  await expect(subs).toHaveCount(2, { timeout: 15_000 }); // the group's page loads its questions after it opens
  await expect(subs.nth(0)).toContainText(`reception-${suffix}`);
  await expect(subs.nth(0).getByTestId('media-image').getByRole('img')).toBeVisible();
  await expect(subs.nth(1).getByTestId('media-image').getByRole('img')).toHaveCount(0);

  // A test on the exam: publishing an empty test is refused with the reason, then both parts are filled.
  await menu(page).getByRole('link', { name: 'Đề thi', exact: true }).click();
  await follow(page, 'Thêm đề thi', /\/create$/);
  await choose(page, 'Kỳ thi', new RegExp(exam));
  await choose(page, 'Cấp độ', /^B1 ·/);
  await page.getByLabel(label('Tiêu đề')).fill(title);
  await typeRich(page, page, 'Mô tả', 'Đề luyện ngắn cho phần đọc và nghe.');
  await typeRich(page, page, 'Mô tả (tiếng Anh)', 'A short reading and listening practice test.');
  await page.getByRole('button', { name: 'Tạo đề thi' }).click();
  await expect(page).toHaveURL(/\/admin\/test\/[0-9a-f-]+\/detail$/);
  await expect(page.getByTestId('test-section')).toHaveCount(2);
  // Publishing asks first and says what it does; cancelling leaves the test a draft.
  await page.getByRole('button', { name: 'Xuất bản', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Xuất bản đề thi?' });
  await expect(confirm.getByTestId('publish-explanation')).toContainText('phiên bản 1');
  await expect(confirm.getByTestId('publish-explanation')).toContainText('được đóng băng');
  await saveScreenshot(page, 'authoring-publish-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Hủy' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('status-badge')).toHaveText('Bản nháp');
  await page.getByRole('button', { name: 'Xuất bản', exact: true }).click();
  await confirm.getByRole('button', { name: 'Xuất bản phiên bản 1' }).click();
  await expect(page.getByTestId('form-error')).toContainText(
    'Chưa thể xuất bản: các phần thi dưới đây còn thiếu câu hỏi.',
  );
  // Each part and what it lacks, once (issue 29).
  await expect(page.getByTestId('refusal-item')).toHaveCount(2);
  await expect(page.getByTestId('refusal-item').first()).toContainText('0/1 câu');

  const sections = page.getByTestId('test-section');
  await sections.nth(0).getByRole('button', { name: 'Thêm từ ngân hàng' }).click();
  const picker = page.getByRole('dialog');
  // The picker says how many questions the part still needs, and clicking a row's text ticks it.
  await expect(picker.getByTestId('picker-slots')).toContainText('Phần thi còn trống 1 câu');
  await picker.getByText('What does the sign in the picture ask visitors to do?').click();
  await expect(picker.getByRole('checkbox', { name: /What does the sign/ })).toBeChecked();
  await expect(picker.getByTestId('picker-picked')).toHaveText('Đã chọn 1 mục (1 câu)');
  await saveScreenshot(page, 'authoring-bank-picker', { fullPage: false });
  await picker.getByRole('button', { name: 'Thêm 1 mục đã chọn' }).click();
  await expect(sections.nth(0).getByTestId('section-count')).toHaveText('1/1 câu');
  // Removing a question from the test asks first (issue 29); "cancel" keeps it.
  await sections.nth(0).getByRole('button', { name: 'Bỏ mục 1' }).click();
  const removal = page.getByRole('dialog', { name: 'Bỏ câu hỏi này khỏi đề thi?' });
  await expect(removal).toContainText('Câu hỏi vẫn còn trong ngân hàng câu hỏi.');
  await removal.getByRole('button', { name: 'Hủy' }).click();
  await expect(removal).toBeHidden();
  await expect(sections.nth(0).getByTestId('section-count')).toHaveText('1/1 câu');

  await sections.nth(1).getByRole('button', { name: 'Thêm từ ngân hàng' }).click();
  await page.getByRole('dialog').getByText('Nhóm câu hỏi', { exact: true }).click();
  await expect(page.getByRole('dialog').getByTestId('picker-slots')).toContainText(
    'Phần thi còn trống 2 câu',
  );
  await page.getByRole('dialog').getByText(`Cuộc hội thoại ở quầy lễ tân ${suffix}`).click();
  await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByRole('dialog').getByTestId('picker-picked')).toHaveText('Đã chọn 1 mục (2 câu)');
  await page.getByRole('dialog').getByRole('button', { name: 'Thêm 1 mục đã chọn' }).click();
  await expect(sections.nth(1).getByTestId('section-count')).toHaveText('2/2 câu');
  await page.getByRole('button', { name: 'Xuất bản', exact: true }).click();
  await confirm.getByRole('button', { name: 'Xuất bản phiên bản 1' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Đã xuất bản');
  await expect(page.getByTestId('versions')).toContainText('Phiên bản 1');
  await saveScreenshot(page, 'authoring-test-detail');
  // Unpublishing asks first and says what it does; "cancel" leaves the test published.
  await page.getByRole('button', { name: 'Ngừng xuất bản', exact: true }).click();
  const unpublish = page.getByRole('dialog', { name: 'Ngừng xuất bản đề thi này?' });
  await expect(unpublish).toContainText('Các lượt đã làm vẫn được giữ.');
  await unpublish.getByRole('button', { name: 'Hủy' }).click();
  await expect(unpublish).toBeHidden();
  await expect(page.getByTestId('status-badge')).toHaveText('Đã xuất bản');

  await page.getByRole('link', { name: 'Đề thi', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/test$/);
  const row = page.getByTestId('test-table').getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Đã xuất bản');
  await saveScreenshot(page, 'authoring-test-list');
  await row.getByRole('link', { name: 'Sửa' }).click();
  await expect(page.getByRole('textbox', { name: 'Cấp độ', exact: true })).toHaveValue(/^B1 ·/);
  await expect(page.getByRole('textbox', { name: 'Mô tả', exact: true })).toHaveText(
    'Đề luyện ngắn cho phần đọc và nghe.',
    { timeout: 20_000 },
  );
  await expect(page.getByRole('textbox', { name: 'Mô tả (tiếng Anh)', exact: true })).toHaveText(
    'A short reading and listening practice test.',
  );

  // A part that questions and the test use cannot be deleted: the dialog gives the reason in Vietnamese.
  await menu(page).getByRole('link', { name: 'Danh mục và kỳ thi' }).click();
  await page.getByRole('link', { name: category, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);
  await page.getByRole('button', { name: `Xóa ${reading}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(dialog.getByTestId('form-error')).toContainText(
    'Phần thi đang chứa câu hỏi hoặc được dùng trong đề; hãy chuyển hoặc xóa chúng trước.',
  );
  await saveScreenshot(page, 'authoring-part-delete-refused', { fullPage: false });
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByRole('row', { name: new RegExp(reading) })).toBeVisible();

  // The other authoring screens open with real data.
  for (const [path, name] of [
    ['/admin/level', 'authoring-levels'],
    ['/admin/question-type', 'authoring-question-types'],
    ['/admin/point-config', 'authoring-point-configs'],
    ['/admin/question-bank/import', 'authoring-import'],
    ['/admin/pack-exam/create', 'authoring-pack-create'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await saveScreenshot(page, name);
  }
  await page.goto('/admin/point-config');
  await page.getByRole('link', { name: /TOEIC/ }).first().click();
  await expect(page.getByTestId('conversion-table')).toBeVisible();
  await saveScreenshot(page, 'authoring-point-config-edit', { fullPage: false });
});

test('staff with view_test and view_category can look but not create', async ({ page }) => {
  await signInAs(page, 'staff');
  await expect(page).toHaveURL(/\/admin$/);
  const nav = menu(page);
  await expect(nav.getByRole('link', { name: 'Danh mục và kỳ thi' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Đề thi', exact: true })).toBeVisible();
  for (const hidden of ['Câu hỏi đơn', 'Nhóm câu hỏi', 'Cấp độ', 'Dạng câu hỏi', 'Quy đổi điểm']) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  }

  await nav.getByRole('link', { name: 'Danh mục và kỳ thi' }).click();
  await expect(page.getByTestId('category-table')).toContainText('TOEIC');
  await expect(page.getByRole('link', { name: 'Thêm danh mục' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Đề thi', exact: true }).click();
  await expect(page.getByTestId('test-table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Thêm đề thi' })).toHaveCount(0);
  await saveScreenshot(page, 'authoring-staff-test-list');

  await page.goto('/admin/test/create');
  await expect(page).toHaveURL(/\/admin\?forbidden=%2Fadmin%2Ftest%2Fcreate$/);
  await expect(page.getByTestId('forbidden-notice')).toBeVisible();
});

test('the authoring lists fit a phone without sideways scrolling of the page', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  for (const [path, table, name] of [
    ['/admin/category', 'category-table', 'phone-category-list'],
    ['/admin/question-bank/single', 'question-table', 'phone-question-list'],
    ['/admin/question-bank/group', 'group-table', 'phone-group-list'],
    ['/admin/test', 'test-table', 'phone-test-list'],
    ['/admin/level', 'level-table', 'phone-level-list'],
    ['/admin/question-type', 'question-type-table', 'phone-question-type-list'],
    ['/admin/blog', 'posts-table', 'phone-blog-post-list'],
    ['/admin/pages', 'pages-table', 'phone-page-list'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(table)).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      viewport: window.innerWidth,
    }));
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.viewport);
    // The row actions stay within the screen's width.
    const edit = page.getByTestId(table).getByRole('link', { name: /^Sửa/ }).first();
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport();
    const box = await edit.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(widths.viewport);
    await saveScreenshot(page, name);
  }
});

test('the rich-text editor takes the dark theme: toolbar, editing area and text', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/pages/create');
  const editable = page.getByRole('textbox', { name: 'Nội dung', exact: true });
  await expect(editable).toBeVisible({ timeout: 20_000 });
  const toolbar = page.locator('.ck-toolbar').first();
  /** The perceived lightness (0–255) of an element's computed colour property. */
  const lightness = (locator: Locator, property: 'backgroundColor' | 'color') =>
    locator.evaluate((element, name) => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(element)[name].match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return 0.299 * r + 0.587 * g + 0.114 * b;
    }, property);
  expect(await lightness(toolbar, 'backgroundColor')).toBeGreaterThan(200);

  expect(await toggleColorScheme(page)).toBe('dark');
  await expect.poll(() => lightness(toolbar, 'backgroundColor')).toBeLessThan(80);
  expect(await lightness(editable, 'backgroundColor')).toBeLessThan(80);
  await editable.click();
  await page.keyboard.type('Chữ trên nền tối vẫn đọc được.');
  // The text stays readable on the dark editing area.
  expect(await lightness(editable.locator('p').first(), 'color')).toBeGreaterThan(170);
  await expect(toolbar.getByRole('button', { name: /^Đậm/ })).toBeVisible();
  await saveScreenshot(page, 'editor-dark', { fullPage: false });
});

test('public pages never download the rich-text editor', async ({ page }) => {
  const editorFiles: string[] = [];
  page.on('request', (request) => {
    if (/ckeditor/i.test(request.url())) editorFiles.push(request.url());
  });
  for (const path of ['/', '/blog', '/grammar']) {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    expect(await response?.text(), path).not.toMatch(/ckeditor/i);
  }
  expect(editorFiles).toEqual([]);
});

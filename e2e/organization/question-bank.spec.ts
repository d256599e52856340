import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import {
  collectConsoleProblems,
  label,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';

/**
 * The organization's own question bank and manual tests (issue 15): a teacher of the demo centre
 * writes a question, builds a manual test from the centre's bank, publishes it and finds it in the list.
 */

/** The lists and editors load on the client after each navigation: allow a busy machine some time. */
const expect = baseExpect.configure({ timeout: 15_000 });

const suffix = Date.now().toString(36);
const GRAMMAR_PART = 'Part 1 – Grammar & sentence building';
const WRITING_PART = 'Part 2 – Writing';
const SINGLE_TYPE = /^Trắc nghiệm một đáp án/;
const SEEDED_TEST = 'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối';
/** Five of the seeded single questions, and the seeded cloze group and writing task. */
const SEEDED_SINGLES = [
  'If it ___ tomorrow',
  'The students ___ their projects',
  'This is the café ___ we met',
  'The new library ___ by the city council',
  'There is ___ milk left',
];
const SEEDED_GROUP = 'An email to a new classmate';
const SEEDED_ESSAY = 'Write an email (80–100 words) to your teacher';

const TEXT = {
  vi: {
    singleMenu: 'Câu hỏi đơn',
    groupMenu: 'Nhóm câu hỏi',
    testMenu: 'Đề thi thủ công',
    addQuestion: 'Thêm câu hỏi',
    addGroup: 'Thêm nhóm',
    part: 'Phần thi',
    type: 'Dạng câu hỏi',
    stem: 'Câu hỏi',
    edit: 'Sửa',
    addTest: 'Thêm đề thi',
    exam: 'Kỳ thi',
    title: 'Tiêu đề',
    access: 'Quyền truy cập',
    createTest: 'Tạo đề thi',
    fromBank: 'Thêm từ ngân hàng',
    groupsTab: 'Nhóm câu hỏi',
    addSelected: (n: number) => `Thêm ${n} mục đã chọn`,
    picked: (n: number, q: number) => `Đã chọn ${n} mục (${q} câu)`,
    count: (n: number, r: number) => `${n}/${r} câu`,
    publish: 'Xuất bản',
    publishTitle: 'Xuất bản đề thi?',
    publishConfirm: 'Xuất bản phiên bản 1',
    published: 'Đã xuất bản',
    version: 'Phiên bản 1',
    emptyPart: (part: string) => `${part}: chưa có câu hỏi nào`,
    importButton: 'Nhập từ tệp',
    csvTemplate: 'Mẫu CSV',
    preview: 'Xem trước',
    importAll: 'Nhập tất cả',
  },
  en: {
    singleMenu: 'Single questions',
    groupMenu: 'Question groups',
    testMenu: 'Manual tests',
    addQuestion: 'Add question',
    addGroup: 'Add group',
    part: 'Part',
    type: 'Question type',
    stem: 'Question',
    edit: 'Edit',
    addTest: 'Add test',
    exam: 'Exam',
    title: 'Title',
    access: 'Access',
    createTest: 'Create the test',
    fromBank: 'Add from bank',
    groupsTab: 'Groups',
    addSelected: (n: number) => `Add ${n} selected`,
    picked: (n: number, q: number) => `${n} item${n === 1 ? '' : 's'} selected (${q} questions)`,
    count: (n: number, r: number) => `${n}/${r} questions`,
    publish: 'Publish',
    publishTitle: 'Publish this test?',
    publishConfirm: 'Publish version 1',
    published: 'Published',
    version: 'Version 1',
    emptyPart: (part: string) => `${part}: no questions yet`,
    importButton: 'Import',
    csvTemplate: 'CSV template',
    preview: 'Preview',
    importAll: 'Import all',
  },
} as const;
type Language = keyof typeof TEXT;

function menu(page: Page) {
  return page.getByRole('navigation', { name: /Điều hướng chính|Main navigation/ });
}

/** Opens a select and picks an option, again if the page still settling closed the dropdown. */
async function choose(page: Page, field: string, option: string | RegExp) {
  const input = page.getByRole('textbox', { name: field, exact: true });
  const item = page.getByRole('option', { name: option }).first();
  await expect(async () => {
    if (!(await item.isVisible())) await input.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Follows a menu link, again if a navigation still settling swallowed the first click. */
async function open(page: Page, name: string, url: RegExp) {
  await expect(async () => {
    await menu(page).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Publishes the open test (version 1) through its confirmation dialog. */
async function publish(page: Page, text: (typeof TEXT)[Language]) {
  await page.getByRole('button', { name: text.publish, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: text.publishTitle });
  await confirm.getByRole('button', { name: text.publishConfirm }).click();
}

/** Types into the CKEditor field called `name` (it loads lazily, on the client only). */
async function typeRich(page: Page, name: string, text: string) {
  const editor = page.getByRole('textbox', { name, exact: true });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.type(text);
}

/** Ticks the picker's rows showing each text. */
async function pick(picker: Locator, texts: string[]) {
  for (const text of texts) {
    await picker.getByText(text).first().click();
    await expect(picker.getByRole('checkbox', { name: new RegExp(escapeRegExp(text)) })).toBeChecked();
  }
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function journey(page: Page, language: Language) {
  const text = TEXT[language];
  const stem = `${language === 'vi' ? 'Câu' : 'Question'} ${suffix}: We ___ our homework before the lesson starts.`;
  const testTitle = `${language === 'vi' ? 'Kiểm tra nhanh' : 'Quick check'} ${suffix}`;
  const shot = (name: string) => saveScreenshot(page, `organization-bank-${name}-${language}`);

  // The centre's own bank: its seeded questions, none of the platform's.
  await open(page, text.singleMenu, /\/organization\/question-bank\/single$/);
  const questions = page.getByTestId('question-table');
  // Only the centre's own parts: none of the platform's TOEIC or IELTS questions.
  // The list's first load can take a while on a busy machine (right after a language switch too).
  await expect(questions).toContainText(GRAMMAR_PART, { timeout: 20_000 });
  // The platform's own seeded TOEIC question is not in the centre's bank, even when searched for.
  await page.goto('/organization/question-bank/single?search=identification%20badges');
  await expect(page.getByTestId('empty-state')).toBeVisible({ timeout: 20_000 });
  // A seeded question, found by the list's search (kept in the address).
  await page.goto('/organization/question-bank/single?search=in%20Hue');
  await expect(questions).toContainText('My brother ___ in Hue');
  await expect(questions.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: text.importButton, exact: true })).toBeVisible();
  await shot('single-list');

  // The teacher writes a question.
  await page.getByRole('link', { name: text.addQuestion, exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/question-bank\/single\/create$/);
  await choose(page, text.part, GRAMMAR_PART);
  await choose(page, text.type, SINGLE_TYPE);
  await typeRich(page, text.stem, stem);
  const options = page.getByTestId('options-editor').getByRole('textbox');
  for (const [index, option] of ['finish', 'finishes', 'will have finished', 'finished'].entries())
    await options.nth(index).fill(option);
  await page.getByTestId('answer-editor').getByRole('radio', { name: 'A', exact: true }).check();
  await expect(page.getByTestId('question-preview')).toContainText('will have finished');
  await shot('single-create');
  await page.getByRole('button', { name: text.addQuestion, exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/question-bank\/single$/);
  const row = questions.getByRole('row', { name: new RegExp(escapeRegExp(stem)) });
  await expect(row).toContainText(stem);
  await row.getByRole('link', { name: text.edit }).click();
  await expect(page).toHaveURL(/\/organization\/question-bank\/single\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('question-preview')).toContainText(stem);
  await shot('single-edit');

  // Groups: the seeded cloze, its edit page and the create page.
  await open(page, text.groupMenu, /\/organization\/question-bank\/group$/);
  const groups = page.getByTestId('group-table');
  await expect(groups).toContainText(SEEDED_GROUP);
  await shot('group-list');
  await groups
    .getByRole('row', { name: new RegExp(SEEDED_GROUP) })
    .getByRole('link', { name: text.edit })
    .click();
  await expect(page).toHaveURL(/\/organization\/question-bank\/group\/[0-9a-f-]+\/edit$/);
  await expect(page.getByTestId('sub-question')).toHaveCount(3, { timeout: 30_000 });
  await shot('group-edit');
  await page.goto('/organization/question-bank/group/create');
  await expect(page.getByRole('button', { name: text.addGroup, exact: true })).toBeVisible();
  await shot('group-create');

  // Manual tests: the seeded one is published; a new one is built from the bank.
  await open(page, text.testMenu, /\/organization\/test\/manual$/);
  const tests = page.getByTestId('test-table');
  await expect(tests.getByRole('row', { name: new RegExp(SEEDED_TEST) })).toContainText(text.published);
  await page.getByRole('link', { name: text.addTest, exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/test\/manual\/create$/);
  // Packs are the platform's: an organization's test has no access choice.
  await expect(page.getByRole('textbox', { name: text.access, exact: true })).toHaveCount(0);
  await choose(page, text.exam, /Grammar & Writing Check/);
  await page.getByLabel(label(text.title)).fill(testTitle);
  await shot('test-create');
  await page.getByRole('button', { name: text.createTest }).click();
  await expect(page).toHaveURL(/\/organization\/test\/manual\/[0-9a-f-]+\/detail$/);
  const sections = page.getByTestId('test-section');
  await expect(sections).toHaveCount(2);

  // An empty test cannot be published: the refusal names each part and what it lacks, once (issue 29).
  await expect(page.getByTestId('mini-badge')).toBeVisible();
  await publish(page, text);
  const refusal = page.getByTestId('refusal-item');
  await expect(refusal).toHaveCount(2);
  await expect(refusal.nth(0)).toHaveText(text.emptyPart(GRAMMAR_PART));
  await expect(refusal.nth(1)).toHaveText(text.emptyPart(WRITING_PART));
  await shot('test-publish-refused');

  // Part 1: the seeded cloze (3 questions), the new question and five seeded ones = 9.
  await sections.nth(0).getByRole('button', { name: text.fromBank }).click();
  let picker = page.getByRole('dialog');
  await picker.getByText(text.groupsTab, { exact: true }).click();
  await picker.getByText(SEEDED_GROUP).click();
  await expect(picker.getByTestId('picker-picked')).toHaveText(text.picked(1, 3));
  await picker.getByRole('button', { name: text.addSelected(1) }).click();
  await expect(sections.nth(0).getByTestId('section-count')).toHaveText(text.count(3, 9));
  await sections.nth(0).getByRole('button', { name: text.fromBank }).click();
  picker = page.getByRole('dialog');
  await pick(picker, [stem, ...SEEDED_SINGLES]);
  await expect(picker.getByTestId('picker-picked')).toHaveText(text.picked(6, 6));
  await saveScreenshot(page, `organization-bank-picker-${language}`, { fullPage: false });
  await picker.getByRole('button', { name: text.addSelected(6) }).click();
  await expect(sections.nth(0).getByTestId('section-count')).toHaveText(text.count(9, 9));

  // A centre may publish a mini test: Part 1 only (its empty Part 2 is left out).
  await publish(page, text);
  await expect(page.getByTestId('status-badge')).toHaveText(text.published);
  await expect(page.getByTestId('refusal-item')).toHaveCount(0);
  await expect(page.getByTestId('mini-badge')).toBeVisible();
  await expect(page.getByTestId('versions')).toContainText(text.version);

  // Part 2: a seeded writing task makes the test whole again (no longer a mini test).
  await sections.nth(1).getByRole('button', { name: text.fromBank }).click();
  picker = page.getByRole('dialog');
  await pick(picker, [SEEDED_ESSAY]);
  await picker.getByRole('button', { name: text.addSelected(1) }).click();
  await expect(sections.nth(1).getByTestId('section-count')).toHaveText(text.count(1, 1));
  await expect(page.getByTestId('mini-badge')).toHaveCount(0);
  // An organization's test shows no pack and no platform statistics.
  await expect(page.getByTestId('attempt-stats')).toHaveCount(0);
  // Its item analysis is the organization's (no attempts yet: the section says so, no request fails).
  await expect(page.getByTestId('item-analysis')).toBeVisible();
  await shot('test-detail');

  // The list shows it published; its edit page opens.
  await open(page, text.testMenu, /\/organization\/test\/manual$/);
  const created = tests.getByRole('row', { name: new RegExp(testTitle) });
  await expect(created).toContainText(text.published);
  await shot('test-list');
  await created.getByRole('link', { name: text.edit }).click();
  await expect(page).toHaveURL(/\/organization\/test\/manual\/[0-9a-f-]+\/edit$/);
  await expect(page.getByLabel(label(text.title))).toHaveValue(testTitle);
  await shot('test-edit');

  // The import page of the centre's bank: its template downloads, a CSV lands in the centre's bank.
  await page.goto('/organization/question-bank/import');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text.csvTemplate }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('prepwise-import-template.csv');
  const header = (await readFile(await template.path())).toString('utf8').replace(/^\uFEFF/, '');
  expect(header).toMatch(/^group,passage,type,stem,A,B/);
  const imported = `Imported ${language} ${suffix}: The lesson ___ at seven o'clock.`;
  const csv = `${header.split(/\r?\n/)[0]}\n,,single_choice,"${imported}",starts,start,starting,to start,,,,,,A,,,B1,imported`;
  await choose(page, text.part, GRAMMAR_PART);
  await waitForHydration(page);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: text.preview, exact: true }).click();
  await expect(page.getByTestId('import-preview')).toContainText(imported);
  await shot('import');
  await page.getByRole('button', { name: text.importAll, exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/question-bank\/single$/);
  await expect(questions).toContainText(imported);
}

for (const language of ['vi', 'en'] as const) {
  test(`a teacher writes a question, builds a manual test from the centre's bank and publishes it (${language})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const problems = collectConsoleProblems(page);
    await signInThroughForm(page, DEMO.teacher, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/organization$/, { timeout: 30_000 });
    if (language === 'en') {
      await page.locator('button[value="en"]:visible').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await journey(page, language);
    // The empty test's publish is refused on purpose (422).
    expect(
      unexpectedProblems(problems, [{ status: 422, path: /^\/api\/educator\/tests\/[0-9a-f-]+\/publish$/ }]),
    ).toEqual([]);
  });
}

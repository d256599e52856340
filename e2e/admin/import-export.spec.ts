import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signInAs } from '../support/accounts';
import { saveScreenshot, waitForHydration } from '../support/page-helpers';

const suffix = Date.now().toString(36);
const PART = /Part 5 – Hoàn thành câu/;
const HEADER =
  'group,passage,type,stem,A,B,C,D,E,F,G,H,items,answer,explanation_vi,explanation_en,level,tags';

/** A CSV row in the template's column order (options A–D only). */
function row(stem: string, options: string[], answer: string, level = 'B1') {
  const cells = ['', '', 'single_choice', stem, ...options, '', '', '', '', '', answer];
  cells.push('Giải thích ngắn.', 'A short explanation.', level, `import-${suffix}`);
  return cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}

const good = [
  HEADER,
  row(`The report must be submitted ______ Friday (${suffix}).`, ['by', 'until', 'since', 'among'], 'A'),
  row(
    `Ms. Tran asked ______ the invoices be checked twice (${suffix}).`,
    ['that', 'what', 'whom', 'who'],
    'A',
  ),
].join('\n');

const malformed = [
  HEADER,
  row(`A row that is fine (${suffix}).`, ['one', 'two', 'three', 'four'], 'B'),
  row(`A row whose answer is not an option (${suffix}).`, ['one', 'two', 'three', 'four'], 'Z'),
  row(`A row with an unknown level (${suffix}).`, ['one', 'two', 'three', 'four'], 'C', 'Z9'),
].join('\n');

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

async function choosePart(page: Page) {
  await page.getByRole('textbox', { name: 'Phần thi', exact: true }).click();
  await page.getByRole('option', { name: PART }).first().click();
}

async function upload(page: Page, name: string, content: string) {
  await waitForHydration(page);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

test('an admin imports questions from CSV after a refused preview, then exports them as XLSX and Moodle XML', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/question-bank/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nhập câu hỏi từ tệp');

  // The templates download and hold the columns the importer reads.
  const csvTemplate = await download(page, () => page.getByRole('link', { name: 'Mẫu CSV' }).click());
  expect(csvTemplate.name).toBe('prepwise-import-template.csv');
  expect(csvTemplate.bytes.toString('utf8').replace(/^\uFEFF/, '')).toMatch(/^group,passage,type,stem,A,B/);
  const xlsxTemplate = await download(page, () =>
    page.getByRole('link', { name: 'Mẫu Excel (.xlsx)' }).click(),
  );
  expect(xlsxTemplate.bytes.subarray(0, 2).toString()).toBe('PK');
  const sheets = unzipSync(new Uint8Array(xlsxTemplate.bytes));
  expect(Object.keys(sheets)).toContain('xl/workbook.xml');

  // A malformed file: the preview names the bad rows and nothing can be saved.
  await choosePart(page);
  await upload(page, 'bad.csv', malformed);
  await page.getByRole('button', { name: 'Xem trước' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Cần sửa lỗi trước');
  const badRows = preview.getByTestId('import-row-error');
  await expect(badRows).toHaveCount(2);
  await expect(preview.getByRole('row', { name: /answer is not an option/ })).toHaveAttribute(
    'data-invalid',
    'true',
  );
  await expect(preview.getByRole('row', { name: /A row that is fine/ })).toHaveAttribute(
    'data-invalid',
    'false',
  );
  // Each bad row gives its reason in Vietnamese, with the server's detail naming the line.
  await expect(preview.getByTestId('import-row-reason')).toHaveText([
    'Đáp án nhắc tới phương án hoặc mục không tồn tại.',
    'Cấp độ không xác định.',
  ]);
  await expect(preview).toContainText('level "Z9" does not exist');
  // One wording for where an item is: "Dòng 4" in the location column, never the server's "line 4".
  await expect(preview).not.toContainText(/\b(line|row) \d/);
  await expect(
    preview
      .getByRole('row', { name: /unknown level/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('Dòng 4');
  await expect(preview.getByRole('button', { name: 'Nhập tất cả' })).toBeDisabled();
  await saveScreenshot(page, 'import-preview-errors');
  const none = await page.request.get(`/api/admin/questions?search=${suffix}`);
  expect((await none.json()).result.total).toBe(0);

  // A good file previews clean and saves; the questions are in the bank.
  await upload(page, 'good.csv', good);
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(preview).toContainText('Sẵn sàng nhập');
  await expect(preview).toContainText('2 mục: 2 câu hỏi, 0 nhóm');
  await page.getByRole('button', { name: 'Nhập tất cả' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/single$/);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(suffix);
  const table = page.getByTestId('question-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('The report must be submitted');
  await expect(table).toContainText('Ms. Tran asked');

  // Export the selection.
  await page.getByRole('checkbox', { name: 'Chọn tất cả trên trang này' }).check();
  await expect(page.getByTestId('bulk-actions')).toContainText('Đã chọn 2');
  const exportButton = page.getByRole('button', { name: 'Xuất mục đã chọn (2)' });
  await exportButton.click();
  const xlsx = await download(page, () => page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click());
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const files = unzipSync(new Uint8Array(xlsx.bytes));
  const text = Object.entries(files)
    .filter(([name]) => name.startsWith('xl/') && name.endsWith('.xml'))
    .map(([, bytes]) => new TextDecoder().decode(bytes))
    .join('\n');
  expect(text).toContain('The report must be submitted');
  expect(text).toContain('Ms. Tran asked');

  await exportButton.click();
  const moodle = await download(page, () => page.getByRole('menuitem', { name: 'Moodle XML' }).click());
  expect(moodle.name).toMatch(/\.xml$/);
  const xml = moodle.bytes.toString('utf8');
  expect(xml).toMatch(/^(\uFEFF)?<\?xml/);
  expect(xml).toContain('<quiz>');
  expect(xml.match(/<question type="multichoice">/g)).toHaveLength(2);
  expect(xml).toContain('Ms. Tran asked');
});

test('an admin imports the valid questions of a GIFT file and sees why the others are left out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = `gift-${suffix}`;
  const gift = [
    '// [id:prepwise-e2e]',
    `::Fine:: The meeting was moved ______ Monday (${tag}). {=to ~at ~in}`,
    '',
    `::Half:: Which word is a verb (${tag})? {=run ~%50%running ~table}`,
    '',
    `::Numbers:: Pi to two decimals (${tag})? {#3.14:0.01}`,
    '',
  ].join('\n');
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/question-bank/import');
  await choosePart(page);
  await upload(page, 'mixed.gift', gift);
  // The answer syntax of each format is explained on the screen, in the reader's language.
  const syntax = page.getByTestId('import-syntax');
  await expect(syntax.getByText(/\{T\} hoặc \{F\} cho đúng\/sai/)).toBeHidden();
  await syntax.getByRole('button', { name: 'Cách ghi đáp án của từng định dạng' }).click();
  await expect(syntax.getByText(/\{T\} hoặc \{F\} cho đúng\/sai/)).toBeVisible();
  await page.getByRole('button', { name: 'Xem trước' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Cần sửa lỗi trước');
  // Each refused item says why, in Vietnamese; the options and key of the valid one are shown as stored.
  await expect(preview.getByTestId('import-row-reason')).toHaveText([
    'Có đáp án chỉ được một phần điểm, Prepwise không lưu được điều này: câu hỏi không được nhập.',
    'Không lưu được đáp án số có sai số cho phép (±): câu hỏi không được nhập.',
  ]);
  await expect(preview).toContainText('the answer "running" is worth 50%');
  await expect(preview.getByRole('row', { name: /moved/ }).getByTestId('import-row-answer')).toContainText(
    'A. to · B. at · C. in',
  );
  // What the valid item loses is flagged on its row.
  await expect(preview.getByTestId('import-row-warning')).toHaveText([
    'Mã câu hỏi trong tệp không được giữ lại.',
  ]);
  await expect(preview.getByRole('button', { name: 'Nhập tất cả' })).toBeDisabled();
  await saveScreenshot(page, 'import-preview-refused-items');
  await preview.getByRole('button', { name: 'Nhập các mục hợp lệ (1)' }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank\/single$/);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(tag);
  const table = page.getByTestId('question-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('The meeting was moved');
  await expect(table).not.toContainText('Which word is a verb');
});

import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems } from '../support/page-helpers';

const HEADER = 'headword,part_of_speech,ipa,meaning_vi,definition_en,example_en,example_vi,level,tags,topics';

test('an admin imports words from a CSV after a preview that names each row error, in both languages', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const unique = Date.now().toString(36);
  const good = `sunscreen-${unique}`;
  await signInAs(page, 'admin');
  const problems = collectConsoleProblems(page);
  await page.goto('/admin/vocabulary/list', { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Nhập từ tệp' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nhập từ vựng từ tệp' })).toBeVisible();

  const file = (rows: string[]) => ({
    name: 'words.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...rows].join('\n'), 'utf8'),
  });
  const input = page.locator('input[type=file]');
  await input.setInputFiles(
    file([
      `${good},noun,,kem chống nắng,a cream that protects skin from the sun,,,B1,,toeic-travel`,
      `parasol-${unique},noun,,,a light umbrella,,,Q7,,no-such-topic`,
    ]),
  );
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('1 dòng hợp lệ, 1 dòng có lỗi');
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Thêm mới');
  await expect(preview).toContainText('meaning_vi: Vui lòng nhập thông tin này.');
  await expect(preview).toContainText('topics: Có chủ đề không tồn tại.');
  await expect(page.getByRole('button', { name: 'Nhập 2 dòng' })).toBeDisabled();

  await input.setInputFiles(
    file([`${good},noun,,kem chống nắng,a cream that protects skin from the sun,,,B1,,toeic-travel`]),
  );
  await page.getByRole('button', { name: 'Xem trước' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('1 dòng hợp lệ, 0 dòng có lỗi');
  await page.getByRole('button', { name: 'Nhập 1 dòng' }).click();
  await expect(page.getByTestId('import-done')).toContainText('Đã thêm 1 từ mới và cập nhật 0 từ.');
  expect(problems).toEqual([]);

  // The word is in the list and in the travel topic's public page.
  await page.goto(`/admin/vocabulary/list?search=${good}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('row', { name: new RegExp(good) })).toContainText(
    'TOEIC: Du lịch và công tác',
    {
      timeout: 15_000,
    },
  );
  // A visitor (the staff session stays in the back office) finds it on the topic's public page.
  const visitor = await browser.newPage();
  await visitor.goto('/vocabulary/toeic-travel', { waitUntil: 'networkidle' });
  await expect(visitor.getByText(good, { exact: true })).toBeVisible();
  await visitor.close();

  await page.goto('/admin/vocabulary/list/import?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Import words from a file' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a template (CSV)' })).toHaveAttribute(
    'href',
    '/api/admin/vocabulary-words/export.csv',
  );
});

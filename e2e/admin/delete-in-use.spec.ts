import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/** Asks to delete `name` from its list row and confirms; the refusal keeps the dialog open. */
async function deleteRefused(page: Page, name: string, reason: string) {
  await page.getByRole('button', { name: `Xóa ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(dialog.getByTestId('form-error')).toHaveText(reason);
  return dialog;
}

test('a point configuration a test is scored by, and a pack that holds tests, are not deleted: the admin reads why', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);

  // The seeded TOEIC practice test is scored by the seeded TOEIC reading conversion.
  await page.goto('/admin/point-config');
  const config = 'TOEIC Reading (ước tính)';
  const configDialog = await deleteRefused(
    page,
    config,
    'Một số đề thi đang được chấm theo cấu hình điểm này; hãy sửa cấu hình thay vì xóa, hoặc xóa các đề đó trước.',
  );
  await saveScreenshot(page, 'admin-point-config-delete-refused');
  await configDialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(configDialog).toBeHidden();
  await expect(page.getByTestId('point-config-table')).toContainText(config);

  // A pack holding the seeded TOEIC test.
  const found = await page.request.get('/api/admin/tests?search=TOEIC');
  expect(found.ok()).toBe(true);
  const toeic = (await found.json()).result.items[0] as { id: string };
  const packName = `Gói TOEIC ${Date.now()}`;
  const created = await page.request.post('/api/admin/packs', {
    data: { name: packName, price_vnd: 99_000, validity_days: 30, test_ids: [toeic.id] },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto(`/admin/pack-exam?search=${encodeURIComponent(packName)}`);
  const packDialog = await deleteRefused(
    page,
    packName,
    'Gói đề vẫn còn đề thi; hãy gỡ các đề khỏi gói trước khi xóa.',
  );
  await saveScreenshot(page, 'admin-pack-delete-refused');
  await packDialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByTestId('pack-table')).toContainText(packName);
  // The refused deletes answer 409, which the browser logs; nothing else went wrong.
  expect(problems.filter((problem) => !problem.includes('status of 409'))).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { signInAs, uniqueEmail } from '../support/accounts';
import {
  collectConsoleProblems,
  label,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';

test('vi: the owner buys a package through the simulator, sees it active with its usage, and meets its seat limit', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'teacher');
  // A package of exactly as many seats as the demo organization uses now, made by the admin.
  const seats = (await (await page.request.get('/api/educator/package')).json()).result.usage.student_seats;
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'admin');
  const name = `Gói vừa đủ ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/admin/organization-packages', {
    data: {
      name_vi: name,
      name_en: `Just enough ${Date.now().toString(36)}`,
      price_vnd: 390_000,
      period_months: 1,
      student_seats: seats,
      staff_accounts: 20,
      tests: 100,
      ai_credits: 100,
      is_active: true,
      sort_order: 99,
    },
  });
  expect(created.status()).toBe(200);
  const packageId = (await created.json()).result.id as string;
  let orderId: string | undefined;
  try {
    await page.goto('/organization/package');
    await expect(page.getByTestId('current-package')).toContainText('Tiêu chuẩn');
    await expect(page.getByTestId('package-status')).toHaveText('Đang hoạt động');
    await page.getByRole('button', { name: `Mua gói ${name} qua VNPay` }).click();

    await expect(page).toHaveURL(/\/payment-simulator\?.*vnp_Amount=39000000/, { timeout: 20_000 });
    // Before hydration the simulator's button does nothing (seen under load).
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await expect(page).toHaveURL(/\/organization\/package\?.*vnp_SecureHash=/, { timeout: 20_000 });
    await expect(page.getByTestId('package-payment-result')).toContainText('Thanh toán thành công');
    await expect(page.getByTestId('current-package')).toContainText(name);
    await expect(page.getByTestId('package-status')).toHaveText('Đang hoạt động');
    await expect(page.getByTestId('usage-student_seats')).toContainText(`${seats} / ${seats}`);
    await saveScreenshot(page, 'organization-package-vi');

    // The order is on /organization/transactions.
    await page.goto('/organization/transactions');
    const table = page.getByTestId('transaction-table');
    await expect(table).toContainText(`Gói tổ chức: ${name}`);
    const orders = (await (await page.request.get('/api/educator/transactions')).json()).result.items;
    const order = orders.find((item: { description: string }) => item.description === name);
    orderId = order?.id;
    // The platform's screen on the organization's own orders: search, filters, totals and CSV; the
    // refund is the platform's, never offered here.
    await page.goto(`/organization/transactions?search=${order.code}&status=paid`);
    await expect(page.getByRole('heading', { level: 1, name: 'Giao dịch của tổ chức' })).toBeVisible();
    await expect(page.getByTestId('transaction-totals')).toHaveText(
      '1 đơn · đã thu 390.000 ₫ · đã hoàn 0 ₫',
      {
        timeout: 20_000,
      },
    );
    await expect(table.getByRole('row').filter({ hasText: order.code })).toContainText(
      `Gói tổ chức: ${name}`,
    );
    await expect(page.getByRole('button', { name: /Hoàn tiền/ })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Xuất CSV' }).click();
    expect((await download).suggestedFilename()).toBe('prepwise-transactions.csv');
    await saveScreenshot(page, 'organization-transactions-vi', { fullPage: false });

    // Every seat is taken: the next invitation is refused with the translated reason.
    await page.goto('/organization/students/invite');
    await page.getByLabel(label('Email')).fill(uniqueEmail('qua-gioi-han'));
    await page.getByRole('button', { name: 'Gửi lời mời' }).click();
    await expect(page.getByTestId('form-error')).toContainText('Gói của tổ chức đã hết chỗ cho học viên');
    await saveScreenshot(page, 'organization-seat-limit-vi', { fullPage: false });
    // The refusal leads to the package page, where a bigger package is on sale.
    await page.getByTestId('upgrade-package-link').click();
    // The address typed but not sent would be lost: leaving asks first.
    const unsaved = page.getByRole('dialog', { name: 'Rời trang khi chưa lưu?' });
    await unsaved.getByRole('button', { name: 'Rời trang, bỏ thay đổi' }).click();
    await expect(page).toHaveURL(/\/organization\/package$/);
    await expect(page.getByTestId('current-package')).toContainText(name);
    expect(
      unexpectedProblems(problems, [{ status: 409, path: '/api/educator/student-invitations' }]),
    ).toEqual([]);
  } finally {
    // Other specs add students to the demo organization: its Standard package comes back.
    if (orderId) {
      expect((await admin.request.post(`/api/admin/transactions/${orderId}/refund`)).status()).toBe(200);
    }
    await admin.request.put(`/api/admin/organization-packages/${packageId}`, {
      data: {
        name_vi: name,
        name_en: 'Just enough (retired)',
        price_vnd: 390_000,
        period_months: 1,
        student_seats: seats,
        staff_accounts: 20,
        tests: 100,
        ai_credits: 100,
        is_active: false,
        sort_order: 99,
      },
    });
    await admin.context().close();
  }
});

test('en: the package page reads in English, with the usage of every limit', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'teacher');
  await page.context().addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.goto('/organization/package');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package and usage');
  await expect(page.getByTestId('package-status')).toHaveText('Active');
  const usage = (await (await page.request.get('/api/educator/package')).json()).result.usage;
  await expect(page.getByTestId('usage-student_seats')).toContainText(String(usage.student_seats));
  await expect(page.getByTestId('usage-ai_credits')).toContainText(String(usage.ai_credits));
  // The owner sees the orders in the menu.
  await expect(page.getByTestId('shell-menu-item').filter({ hasText: 'Transactions' })).toHaveCount(1);
  await saveScreenshot(page, 'organization-package-en');
  expect(problems).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInAs, uniqueEmail } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

const PREMIUM = { slug: 'grammar-writing-check-de-on-tap-premium', pack: 'Gói Premium Ngữ pháp & Viết' };
const PASSWORD = 'Hoc-tieng-Anh-2026';

/** A new learner, signed in through the API as the register form does, on the home page. */
async function newLearner(page: Page, name: string) {
  const email = uniqueEmail(name);
  await registerLearner(page.request, email, PASSWORD, 'Trần Bảo Ngọc');
  const login = await page.request.post('/api/user/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return email;
}

test('vi: a learner tops up 200,000 VND through the gateway, buys a pack with the wallet, takes its premium test and finds both orders; the admin refunds the pack', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000); // a whole purchase journey, with two browser pages
  const problems = collectConsoleProblems(page);
  const email = await newLearner(page, 'wallet');
  await page.goto('/');
  await expect(page.getByTestId('header-balance')).toHaveText('0 ₫');

  // The premium test is locked: its pack's price and the buy buttons; the wallet cannot pay yet.
  await page.goto(`/tests/${PREMIUM.slug}`);
  await expect(page.getByTestId('locked-reason')).toBeVisible();
  const pack = page.getByTestId('pack').filter({ hasText: PREMIUM.pack });
  await expect(pack).toContainText('99.000 ₫');
  await expect(pack.getByRole('button', { name: 'Mua bằng ví' })).toBeDisabled();
  await pack.getByRole('link', { name: 'Nạp thêm tiền' }).click();

  // Top up 200,000 VND: the simulator (VNPay's protocol) shows the signed request, then pays.
  await expect(page.getByRole('heading', { level: 1, name: 'Giao dịch và ví' })).toBeVisible();
  await page.getByRole('button', { name: 'Nạp 200.000 ₫' }).click();
  await expect(page).toHaveURL(/\/payment-simulator\?.*vnp_Amount=20000000/, { timeout: 20_000 });
  await expect(page.getByTestId('simulator-amount')).toHaveText('200.000 ₫');
  await saveScreenshot(page, 'payment-simulator-vi', { fullPage: false });
  await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-successful\?.*vnp_SecureHash=/, { timeout: 20_000 });
  await expect(page.getByTestId('payment-result')).toContainText('Thanh toán thành công');
  await expect(page.getByTestId('payment-result')).toContainText('Số tiền đã được cộng vào ví của bạn.');
  await expect(page.getByTestId('header-balance')).toHaveText('200.000 ₫');
  await saveScreenshot(page, 'payment-successful-vi', { fullPage: false });

  // Buy the pack from the wallet; the test opens and starts.
  await page.goto(`/tests/${PREMIUM.slug}`);
  await page
    .getByTestId('pack')
    .filter({ hasText: PREMIUM.pack })
    .getByRole('button', { name: 'Mua bằng ví' })
    .click();
  await expect(page.getByText(`Đã mua gói ${PREMIUM.pack}. Các đề trong gói đã mở.`)).toBeVisible();
  await expect(page.getByTestId('locked-reason')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText('101.000 ₫');
  await page.getByRole('button', { name: 'Bắt đầu thi cả đề' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${PREMIUM.slug}/exam/[0-9a-f-]{36}$`), { timeout: 20_000 });

  // Both orders and the two balance changes on /transactions, with a receipt.
  await page.goto('/transactions');
  await expect(page.getByTestId('wallet-balance')).toHaveText('101.000 ₫');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Gói đề: ${PREMIUM.pack}` })).toContainText('Đã thanh toán');
  await expect(rows.filter({ hasText: 'Nạp tiền vào ví' })).toContainText('VNPay');
  const ledger = page.getByTestId('ledger-row');
  await expect(ledger).toHaveCount(2);
  await expect(ledger.first()).toContainText('Thanh toán');
  await expect(ledger.first()).toContainText('99.000 ₫');
  await expect(ledger.last()).toContainText('Nạp tiền');
  await expect(ledger.last()).toContainText('+200.000 ₫');
  await rows
    .filter({ hasText: 'Gói đề' })
    .getByRole('button', { name: /Biên nhận đơn/ })
    .click();
  await expect(page.getByTestId('receipt')).toContainText('Biên nhận thanh toán');
  await expect(page.getByTestId('receipt')).toContainText('99.000 ₫');
  await saveScreenshot(page, 'transactions-vi');
  await page.getByTestId('receipt').getByRole('button', { name: 'Đóng', exact: true }).click();

  // The admin finds the learner's orders and refunds the pack: its money goes back to the wallet.
  const admin = await browser.newPage({ baseURL });
  await signInAs(admin, 'admin');
  await admin.getByRole('link', { name: 'Giao dịch' }).click();
  await expect(admin).toHaveURL(/\/admin\/transactions$/);
  const table = admin.getByTestId('transaction-table');
  // The list loads in the browser: once it shows rows, the page is live and the search box filters.
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await admin.getByTestId('list-search').fill(email);
  await expect(admin).toHaveURL(/[?&]search=/);
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expect(admin.getByTestId('transaction-totals')).toHaveText('2 đơn · đã thu 299.000 ₫ · đã hoàn 0 ₫');
  await saveScreenshot(admin, 'admin-transactions-vi', { fullPage: false });
  const packRow = table.getByRole('row').filter({ hasText: PREMIUM.pack });
  await packRow.getByRole('button', { name: /Hoàn tiền đơn/ }).click();
  await admin.getByRole('button', { name: 'Xác nhận hoàn tiền' }).click();
  await expect(packRow.getByTestId('order-status')).toHaveText('Đã hoàn tiền');
  await expect(admin.getByTestId('transaction-totals')).toHaveText(
    '2 đơn · đã thu 200.000 ₫ · đã hoàn 99.000 ₫',
  );
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText('200.000 ₫');
  await page.goto(`/tests/${PREMIUM.slug}`);
  await expect(page.getByTestId('locked-reason')).toBeVisible();
  expect(problems).toEqual([]);
});

test('en: a pack bought straight through the gateway, with a late IPN, is confirmed on /payment-successful; the admin finds it', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000); // waits for the simulator's late IPN
  const problems = collectConsoleProblems(page);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  const email = await newLearner(page, 'gateway');
  await page.goto(`/tests/${PREMIUM.slug}`);
  const pack = page.getByTestId('pack').filter({ hasText: PREMIUM.pack });
  await expect(pack).toContainText('Wallet balance: 0 ₫');
  await pack.getByRole('button', { name: 'Pay with VNPay' }).click();
  await expect(page).toHaveURL(/\/payment-simulator\?/);
  await expect(page.getByRole('heading', { name: 'Amount to pay' })).toBeVisible();
  await expect(page.getByTestId('simulator-amount')).toHaveText('99.000 ₫');
  await saveScreenshot(page, 'payment-simulator-en', { fullPage: false });
  await page.getByRole('button', { name: 'Pay, send the IPN late' }).click();

  // The return comes before the IPN: the page says so and updates itself once it lands.
  await expect(page).toHaveURL(/\/payment-successful\?/);
  await expect(page.getByTestId('payment-result')).toContainText('Your payment is being confirmed');
  await expect(page.getByTestId('payment-result')).toContainText('Payment successful', { timeout: 20_000 });
  await expect(page.getByTestId('payment-result')).toContainText('The pack is open');
  await saveScreenshot(page, 'payment-successful-en', { fullPage: false });
  await page.getByRole('link', { name: 'Go to tests' }).click();
  await page.goto(`/tests/${PREMIUM.slug}`);
  await expect(page.getByTestId('locked-reason')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText('0 ₫');

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions and wallet' })).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText('Paid');
  await expect(page.getByTestId('ledger-table')).toHaveCount(0);
  await expect(page.getByText('No balance changes yet.')).toBeVisible();
  await saveScreenshot(page, 'transactions-en');

  // A forged "success" on the return page is ignored: the order's real state is shown.
  const code = (await page.getByTestId('order-row').locator('td').first().textContent())!.trim();
  await page.goto(
    `/payment-successful?vnp_TxnRef=${code}&vnp_ResponseCode=00&vnp_SecureHash=${'a'.repeat(128)}`,
  );
  await expect(page.getByTestId('invalid-signature')).toContainText(
    "The gateway's answer could not be verified",
  );

  const admin = await browser.newPage({ baseURL });
  await admin.context().addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signInAs(admin, 'admin');
  await admin.goto(`/admin/transactions?search=${encodeURIComponent(email)}&method=vnpay`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const row = admin.getByTestId('transaction-table').getByRole('row').filter({ hasText: code });
  // The list loads in the browser after hydration.
  await expect(row).toContainText('Paid', { timeout: 20_000 });
  await expect(row).toContainText('VNPay');
  await expect(admin.getByTestId('transaction-totals')).toHaveText(
    '1 orders · collected 99.000 ₫ · refunded 0 ₫',
  );
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('prepwise-transactions.csv');
  await saveScreenshot(admin, 'admin-transactions-en', { fullPage: false });
  await admin.close();
  expect(problems).toEqual([]);
});

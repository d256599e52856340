import { expect, test } from '@playwright/test';
import { readResetCode, registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, label, saveScreenshot, waitForHydration } from '../support/page-helpers';

const dataDir = process.env.E2E_DATA_DIR ?? '';

test.describe('sign-in page', () => {
  test('is server-rendered, hydrates cleanly and has no Google button without GOOGLE_CLIENT_ID', async ({
    page,
  }) => {
    const problems = collectConsoleProblems(page);
    const response = await page.goto('/sign-in', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Đăng nhập · Prepwise');
    await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Đăng nhập dành cho nhân viên' })).toBeVisible();
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
    const scripts = await page.locator('script[src*="accounts.google.com"]').count();
    expect(scripts).toBe(0);
    await saveScreenshot(page, 'sign-in-desktop');
    expect(problems).toEqual([]);
  });

  test('explains a wrong password and required fields', async ({ page }) => {
    await page.goto('/sign-in');
    const email = page.getByLabel(label('Email'));
    const placeholderColor = () => email.evaluate((input) => getComputedStyle(input, '::placeholder').color);
    const before = await placeholderColor();
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page.getByText('Vui lòng nhập thông tin này.')).toHaveCount(2);
    // The field is marked in error, its placeholder stays grey (in red it reads as a typed value).
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await placeholderColor()).toBe(before);
    // The organization link reads as a link.
    await expect(page.getByRole('link', { name: /tổ chức/i }).last()).toHaveCSS(
      'text-decoration-line',
      'underline',
    );
    await page.getByLabel(label('Email')).fill(DEMO.learner);
    await page.getByLabel(label('Mật khẩu')).fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page.getByTestId('form-error')).toHaveText(
      'Email hoặc mật khẩu không đúng. Vui lòng kiểm tra lại.',
    );
    await saveScreenshot(page, 'sign-in-wrong-password');
  });

  test('an account that waits after failed sign-ins: the owner gets a mailed code and signs in with it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('throttled');
    await registerLearner(request, email, 'Mat-khau-dung-1');
    // Five wrong passwords (from anywhere: they are counted per account), then every attempt waits.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await request.post('/api/user/auth/login', {
        data: { email, password: `sai-${attempt}` },
      });
      expect(answer.status()).toBe(401);
    }
    await page.goto('/sign-in');
    await page.getByLabel(label('Email')).fill(email);
    await page.getByLabel(label('Mật khẩu')).fill('Mat-khau-dung-1');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page.getByTestId('form-error')).toHaveAttribute('data-error-key', 'TOO_MANY_ATTEMPTS');
    await expect(page.getByTestId('form-error')).toContainText(/Vui lòng thử lại sau \d+ giây\./);
    const sendCode = page.getByRole('button', { name: 'Gửi mã đăng nhập qua email' });
    await expect(sendCode).toBeVisible();
    await saveScreenshot(page, 'sign-in-locked');

    const askedAt = Date.now() - 1000;
    await sendCode.click();
    await expect(page.getByTestId('sign-in-code-sent')).toContainText(email);
    // Another code can be asked for only after a minute, and the button says when.
    await expect(page.getByTestId('send-sign-in-code')).toBeDisabled();
    await expect(page.getByTestId('send-sign-in-code')).toHaveText(
      /^Gửi lại mã sau (60|59|58|57|56|55) giây$/,
    );
    const code = await readResetCode(dataDir, email, askedAt);
    await page.getByTestId('otp-input').getByRole('textbox').first().pressSequentially(code);
    await saveScreenshot(page, 'sign-in-locked-code');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /^Mở menu tài khoản của/ })).toBeVisible();
  });

  test('the staff sign-in offers the code too, in English, and answers an unknown email the same', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('ghost-staff');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await request.post('/api/admin/auth/login', { data: { email, password: `wrong-${attempt}` } });
    }
    await page.goto('/sign-in?as=staff', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await page.getByLabel(label('Email')).fill(email);
    await page.getByLabel(label('Password')).fill('Whatever-1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('form-error')).toContainText(/Please try again in \d+ (s|min)\./);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect(page.getByTestId('sign-in-code-sent')).toContainText(email);
    await expect(page.getByTestId('otp-input')).toBeVisible();
    await saveScreenshot(page, 'sign-in-staff-locked-en');
  });

  test('keeps the chosen language after a reload', async ({ page }) => {
    await page.goto('/sign-in', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff sign-in' })).toBeVisible();
    await saveScreenshot(page, 'sign-in-en');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('fits the screen', async ({ page }) => {
      await page.goto('/sign-in', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'sign-in-phone');
    });

    test('shows the wait and the code entry within the screen', async ({ page, request }) => {
      const email = uniqueEmail('throttled-phone');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await request.post('/api/user/auth/login', { data: { email, password: `sai-${attempt}` } });
      }
      await page.goto('/sign-in', { waitUntil: 'networkidle' });
      await page.getByLabel(label('Email')).fill(email);
      await page.getByLabel(label('Mật khẩu')).fill('Mat-khau-bat-ky-1');
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await page.getByRole('button', { name: 'Gửi mã đăng nhập qua email' }).click();
      await expect(page.getByTestId('otp-input')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'sign-in-locked-phone');
    });
  });
});

test.describe('staff sign-in', () => {
  test('an admin signs in through the staff switch, lands on /admin and cannot leave it', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Đăng nhập dành cho nhân viên' }).click();
    await expect(page).toHaveURL(/\/sign-in\?as=staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập nhân viên' })).toBeVisible();
    await saveScreenshot(page, 'sign-in-staff');
    await page.getByLabel(label('Email')).fill(DEMO.admin);
    await page.getByLabel(label('Mật khẩu')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xin chào, Quản trị Prepwise');

    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/admin$/);
    const strategy = (await page.context().cookies()).find((cookie) => cookie.name === 'strategy');
    expect(strategy?.value).toBe('admin');
  });

  test('a learner cannot use the staff sign-in', async ({ page }) => {
    await signInThroughForm(page, DEMO.learner, DEMO_PASSWORD, { staff: true });
    await expect(page.getByTestId('form-error')).toHaveText(
      'Email hoặc mật khẩu không đúng. Vui lòng kiểm tra lại.',
    );
    await expect(page).toHaveURL(/as=staff/);
  });
});

test('an email typed while the page still loads is kept when the password follows, and signs in', async ({
  page,
}) => {
  // The page's scripts are held back until the email is in: the form is server-rendered, not hydrated.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/sign-in', { waitUntil: 'commit' });
  const email = page.getByLabel(label('Email'));
  await email.fill(DEMO.learner);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  release();
  await waitForHydration(page);
  await page.getByLabel(label('Mật khẩu')).fill(DEMO_PASSWORD);
  await expect(email).toHaveValue(DEMO.learner);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Mở menu tài khoản của/ })).toBeVisible();
});

test('a learner opening /admin is sent to the home page', async ({ page }) => {
  await signInThroughForm(page, DEMO.learner, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/organization');
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor opening a protected page signs in and comes back to it', async ({ page }) => {
  await page.goto('/profile/change-password');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fprofile%2Fchange-password$/);
  await page.getByLabel(label('Email')).fill(DEMO.learner);
  await page.getByLabel(label('Mật khẩu')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Đổi mật khẩu' })).toBeVisible();
});

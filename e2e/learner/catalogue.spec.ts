import { expect, test } from '@playwright/test';
import { registerLearner, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';
import { IELTS } from './practice-helpers';

test('a visitor filters the catalogue, opens a test, and is sent to sign in and back to start it', async ({
  page,
  request,
}) => {
  const problems = collectConsoleProblems(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // The home page features the catalogue's most popular tests, and the header links to it. Other specs
  // publish and take tests in the shared e2e database, so which ones lead is read from the catalogue.
  const popular = await request.get('/api/public/tests?page=1&pageSize=3&sort=popular');
  const leaders = ((await popular.json()) as { result: { items: { title: string }[] } }).result.items;
  expect(leaders).toHaveLength(3);
  const featured = page.getByTestId('featured-tests').getByTestId('test-card');
  await expect(featured).toHaveCount(3);
  for (const leader of leaders) await expect(featured.filter({ hasText: leader.title })).toHaveCount(1);
  await page.getByTestId('featured-tests').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'home-featured-tests-desktop', { fullPage: false });
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Đề thi' })
    .click();
  await expect(page).toHaveURL(/\/tests$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thư viện đề thi');
  await expect(page).toHaveTitle(/Đề thi thử TOEIC, IELTS/);
  const cards = page.getByTestId('test-card');
  await expect(cards.filter({ hasText: 'TOEIC Listening & Reading' })).toHaveCount(1);
  await expect(cards.filter({ hasText: IELTS.title })).toContainText('40');
  await saveScreenshot(page, 'learner-catalogue-vi-desktop', { fullPage: false });

  // The exam filter applies at once and lives in the URL.
  const exam = page.getByLabel('Kỳ thi');
  await exam.selectOption({ label: 'IELTS Academic Reading' });
  await expect(page).toHaveURL(/[?&]exam=[0-9a-f-]{36}/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(IELTS.title);
  const shared = page.url();

  // A shared link shows the same filtered list; a search with no match says so.
  await page.goto(shared);
  await expect(cards).toHaveCount(1);
  await page.goto('/tests?search=khong-co-de-nay');
  await expect(page.getByTestId('empty-state')).toContainText('Không có đề nào khớp');
  await page.goto('/tests?access=free&sort=popular');
  await expect(cards.filter({ hasText: IELTS.title })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'TOEIC Listening & Reading' })).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-catalogue-vi-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(shared);
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(IELTS.title);
  const parts = page.getByTestId('parts-table');
  await expect(parts.getByRole('row')).toHaveCount(4);
  await expect(parts).toContainText('Passage 1');
  await expect(page.getByText('Không giới hạn số lần làm.')).toBeVisible();
  await saveScreenshot(page, 'learner-test-detail-visitor-desktop');

  // Starting needs an account: sign in, and come back to the test.
  await page.getByTestId('start-panel').getByRole('link', { name: 'Bắt đầu thi cả đề' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Ftests%2Fielts-academic-reading-de-luyen-1$/);
  const email = uniqueEmail('catalogue');
  await registerLearner(request, email, DEMO_PASSWORD);
  await page.getByLabel(/Email/).fill(email);
  await page.getByLabel(/Mật khẩu/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${IELTS.slug}$`));
  await expect(
    page.getByTestId('start-panel').getByRole('button', { name: 'Bắt đầu thi cả đề' }),
  ).toBeEnabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'learner-test-detail-signed-in-phone');
  expect(problems).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';

test('a scheduled post stays hidden and an unpublished page answers 404', async ({ page, request }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const stamp = Date.now().toString(36);
  const scheduled = await page.request.post('/api/admin/blog-posts', {
    data: {
      title: `Bài hẹn giờ ${stamp}`,
      content: '<p>Chưa tới giờ đăng.</p>',
      status: 'published',
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(scheduled.status()).toBe(200);
  const post = (await scheduled.json()).result;
  expect(post.state).toBe('scheduled');

  const draftPage = await page.request.post('/api/admin/pages', {
    data: { title: `Trang nháp ${stamp}`, content: '<p>Nháp.</p>', status: 'draft' },
  });
  expect(draftPage.status()).toBe(200);
  const draft = (await draftPage.json()).result;

  // `request` carries no session: what a visitor or a crawler gets.
  expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);
  const list = await request.get(`/blog?search=${encodeURIComponent(`hẹn giờ ${stamp}`)}`);
  expect(await list.text()).not.toContain(post.slug);
  const hidden = await request.get(`/${draft.slug}`);
  expect(hidden.status()).toBe(404);
  expect(await hidden.text()).toContain('data-testid="error-path"');
  expect((await request.get('/no-such-page-here')).status()).toBe(404);
});

test('/term uses the default layout and /privacy the blank one', async ({ page }) => {
  await page.goto('/term');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Điều khoản sử dụng');
  await expect(page.locator('header')).toBeVisible();
  await expect(page.getByTestId('page-content')).toContainText(
    'Điều khoản này là thỏa thuận giữa bạn và Prepwise',
  );
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chính sách quyền riêng tư');
  await expect(page.getByTestId('page-content')).toContainText('Nghị định 13/2023/NĐ-CP');
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Prepwise/ })).toBeVisible();
});

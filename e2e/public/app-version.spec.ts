import { expect, test } from '@playwright/test';
import { waitForHydration } from '../support/page-helpers';

test('a periodic check of the build manifest offers a reload when a new version is deployed', async ({
  page,
}) => {
  await page.clock.install();
  let checks = 0;
  await page.route(/\/__manifest\?/, (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('paths') !== '/') return route.continue();
    checks += 1;
    // React Router answers this way when the page's build version is no longer the deployed one.
    return route.fulfill({ status: 204, headers: { 'X-Remix-Reload-Document': 'true' } });
  });
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  // The check's timer is set by the hydrated app: on a busy machine hydration can outlast network idle.
  await waitForHydration(page);
  await expect(page.getByText('Đã có phiên bản mới')).toHaveCount(0);

  await page.clock.fastForward('05:01');
  await expect(page.getByText('Đã có phiên bản mới')).toBeVisible();
  expect(checks).toBe(1);
  const manifestVersion = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
  );
  expect(manifestVersion).toBeTruthy();

  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Tải lại', exact: true }).click();
  await reload;
});

test('the manifest check stays quiet while the deployed version is the page version', async ({ page }) => {
  await page.clock.install();
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/__manifest?paths=%2F')) answers.push(response.status());
  });
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  await page.clock.fastForward('05:01');
  await expect.poll(() => answers).toEqual([200]);
  await expect(page.getByText('Đã có phiên bản mới')).toHaveCount(0);
});

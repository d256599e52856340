import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems } from '../support/page-helpers';

/*
 * Issue 13: script-src has no 'unsafe-inline'. Each page gets a nonce of its own, its inline scripts
 * carry it, and nothing the pages do is refused by the policy, server-rendered or after hydration.
 */

/** Records every Content-Security-Policy violation the page's documents report. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('a page’s inline scripts carry its own nonce, and script-src admits no other inline script', async ({
  request,
}) => {
  const nonces: string[] = [];
  for (const path of ['/', '/tests', '/sign-in']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const scriptSrc = response
      .headers()
      ['content-security-policy']?.split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1];
    expect(nonce, `${path} has a nonce`).toBeTruthy();
    nonces.push(nonce!);
    const html = await response.text();
    // Inline scripts are those without src; JSON-LD data blocks are not scripts the policy runs.
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g)];
    expect(inline.length, `${path} hydrates with inline scripts`).toBeGreaterThan(0);
    for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);
  }
  expect(new Set(nonces).size).toBe(nonces.length);
});

test('public pages and the back office run with no policy violation, loaded and navigated', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const problems = collectConsoleProblems(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // A client-side navigation after hydration, then a learner's and an admin's pages.
  await page.locator('header a[href="/tests"]').first().click();
  await expect(page).toHaveURL(/\/tests$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
  await signInAs(page, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/admin/blog/create', { waitUntil: 'networkidle' });
  await expect(page.locator('.ck-editor__editable')).toBeVisible({ timeout: 20_000 });
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

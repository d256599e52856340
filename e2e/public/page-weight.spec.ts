import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts';
import { DEMO, DEMO_PASSWORD } from '../support/constants';

/*
 * Public pages ship only the translation namespaces their routes declare (route `handle.i18n`,
 * docs/ARCHITECTURE.md "Translations per page") and never the rich-text editor.
 */

const LOCALES_DIR = path.join(process.cwd(), 'apps/web/app/locales/vi');
const PUBLIC_NAMESPACES = ['common', 'errors', 'messages', 'site', 'home', 'practice'];
const BACK_OFFICE_NAMESPACES = ['admin', 'siteAdmin', 'content', 'auth', 'account'];

function texts(namespace: string): string[] {
  const walk = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(walk)
        : [];
  return walk(JSON.parse(readFileSync(path.join(LOCALES_DIR, `${namespace}.json`), 'utf8')));
}

/** A text as it may appear in the page: as is, or JSON-escaped inside the hydration data. */
const inPage = (html: string, text: string) =>
  html.includes(text) || html.includes(JSON.stringify(text).slice(1, -1));

test('the home page carries its own translations but none of the back office', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const shipped = new Set(PUBLIC_NAMESPACES.flatMap(texts));
  // Long enough to be unambiguous, and not also a text of a namespace the page does use.
  const backOfficeOnly = BACK_OFFICE_NAMESPACES.flatMap(texts).filter(
    (text) => text.length > 25 && ![...shipped].some((other) => other.includes(text)),
  );
  expect(backOfficeOnly.length).toBeGreaterThan(50);
  expect(backOfficeOnly.filter((text) => inPage(html, text))).toEqual([]);
  // The same check finds the home page's own texts, rendered or not (e.g. the meta description).
  const homeTexts = texts('home').filter((text) => text.length > 25 && !/\{\{|[&<>"']/.test(text));
  expect(homeTexts.filter((text) => !inPage(html, text))).toEqual([]);
});

test('the next page brings its own translations', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Ngữ pháp' })
    .click();
  await expect(page).toHaveURL(/\/grammar$/);
  // `site` came with the navigation (the home page had it too), `home` texts are gone from view.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngữ pháp tiếng Anh');
  await page.getByRole('link', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // The sign-in page declares no namespaces, so it gets them all: `auth` arrives on navigation.
  await expect(page.getByText('Chào mừng bạn quay lại! Đăng nhập để tiếp tục ôn luyện.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Đăng ký miễn phí' })).toBeVisible();
});

test('no public page loads the rich-text editor', async ({ page }) => {
  // Among them, pages that hydrate: the static ones load no script at all (see below).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const url of [
    '/',
    '/blog',
    '/blog/5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5',
    '/grammar/tense',
    '/term',
  ]) {
    await page.goto(url, { waitUntil: 'networkidle' });
  }
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter((url) => /ckeditor/i.test(url))).toEqual([]);
});

/**
 * The gzipped JavaScript (KB) each page loads, as bench/lighthouse.ts measures it: every `.js` file the
 * document fetched (its resource timing, once the network is idle), fetched again and gzipped.
 */
async function scriptWeights(page: Page, urls: readonly string[]): Promise<Record<string, number>> {
  const weights: Record<string, number> = {};
  for (const url of urls) {
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.endsWith('.js')),
      ),
    ]);
    let total = 0;
    for (const file of files)
      total += gzipSync(await (await page.request.get(file)).body(), { level: 6 }).length;
    weights[url] = Math.round(total / 1024);
  }
  return weights;
}

/** The public pages a visitor reads: static for visitors, no JavaScript file at all (issue 19). */
const STATIC_PAGES = [
  '/',
  '/blog',
  '/blog/5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5',
  '/grammar',
  '/grammar/tense',
  '/grammar/articles',
  '/tests',
  '/tests/toeic-listening-reading-de-luyen-1',
  '/vocabulary',
  '/organizations',
  '/roadmap',
] as const;

test('the pages visitors read load no JavaScript file; interactive public pages stay within 150 KB', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const staticWeights = await scriptWeights(page, STATIC_PAGES);
  console.info('gzipped JavaScript per static page (KB):', staticWeights);
  expect(Object.entries(staticWeights).filter(([, kb]) => kb > 0)).toEqual([]);
  // Still readable and working: the page is there, and its one inline script is the page's own.
  await page.goto('/tests');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('script[src]').count()).toBe(0);
  expect(await page.locator('script:not([src])').count()).toBe(2);

  const interactive = await scriptWeights(page, ['/vocabulary/toeic-office', '/dictation']);
  console.info('gzipped JavaScript per interactive public page (KB):', interactive);
  expect(Object.values(interactive).every((kb) => kb > 20)).toBe(true);
  expect(Object.entries(interactive).filter(([, kb]) => kb > 150)).toEqual([]);
});

test('a signed-in learner gets the whole app on the same pages (their menu and balance are React)', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO.learner, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const weights = await scriptWeights(page, ['/blog']);
  expect(weights['/blog']).toBeGreaterThan(50);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: /^Mở menu tài khoản/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Đăng xuất' })).toBeVisible();
});

/** The first class a Mantine component stylesheet defines, to look for in the page's CSS. */
function mantineClass(component: string): string {
  const css = readFileSync(
    path.join(process.cwd(), `node_modules/@mantine/core/styles/${component}.css`),
    'utf8',
  );
  const found = css.match(/\.(m_[0-9a-f]+)/);
  if (!found?.[1]) throw new Error(`No class in ${component}.css`);
  return found[1];
}

/** Every rule the page's stylesheets hold, as text. */
const pageCss = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.styleSheets)
      .flatMap((sheet) => {
        try {
          return Array.from(sheet.cssRules).map((rule) => rule.cssText);
        } catch {
          return [];
        }
      })
      .join('\n'),
  );

test('public pages load their own components’ styles and hydration code at low priority; the back office gets the rest', async ({
  page,
  request,
}) => {
  // An interactive public page (a static one has no script to preload).
  const html = await (await request.get('/dictation')).text();
  // Hydration code does not compete with the stylesheets the first paint waits for.
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(2);
  expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
  // What every public page needs comes as one shared file, not dozens of small ones.
  expect(preloads.filter((link) => /\/assets\/shell-[\w-]+\.js/.test(link))).toHaveLength(1);

  await page.goto('/blog');
  const publicCss = await pageCss(page);
  expect(publicCss).toContain(mantineClass('Button'));
  expect(publicCss).toContain(mantineClass('Badge'));
  expect(publicCss).not.toContain(mantineClass('AppShell'));
  expect(publicCss).not.toContain(mantineClass('Tabs'));

  await signInThroughForm(page, DEMO.admin, DEMO_PASSWORD, { staff: true });
  await expect(page).toHaveURL(/\/admin$/);
  // The admin layout's stylesheet arrives with the client navigation; it may finish loading just after.
  await expect.poll(() => pageCss(page)).toContain(mantineClass('AppShell'));
  expect(await pageCss(page)).toContain(mantineClass('Tabs'));
  // The back office's frame is laid out by those styles: a fixed header above the page.
  await expect(page.locator('.mantine-AppShell-header')).toHaveCSS('position', 'fixed');
});

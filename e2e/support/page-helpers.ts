import { type ConsoleMessage, expect, type Page } from '@playwright/test';

/**
 * Collects console errors and warnings and uncaught page errors from the moment it is called. Each
 * message ends with ` @ <url>` when the browser says where it comes from (a failed request names the
 * address it requested), so `unexpectedProblems` can set aside exactly the failures a test provokes.
 */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url;
      problems.push(`${message.type()}: ${message.text()}${where ? ` @ ${where}` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const FAILED_RESPONSE =
  /^error: Failed to load resource: the server responded with a status of (\d{3})\b.* @ (\S+)$/;

/**
 * The console problems left once the failed responses a test provokes on purpose are set aside. Each
 * expected failure names its status and the path the browser requested (a string or a pattern for the
 * whole path), so any other failure — another status, another address, a script error — still counts.
 */
export function unexpectedProblems(
  problems: readonly string[],
  expected: readonly { status: number; path: string | RegExp }[],
): string[] {
  return problems.filter((problem) => {
    const match = FAILED_RESPONSE.exec(problem);
    if (!match) return true;
    const status = Number(match[1]);
    const { pathname } = new URL(match[2]!);
    return !expected.some(
      (failure) =>
        failure.status === status &&
        (typeof failure.path === 'string' ? failure.path === pathname : failure.path.test(pathname)),
    );
  });
}

/**
 * Waits until React has hydrated the page (AppRuntime marks `<html data-hydrated>`). Inputs that React
 * reads only through its handlers, like a file input, lose what is given to them before that.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
}

/** Full-page screenshot kept at a stable path for people to look at after a run. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

/**
 * Toggles the colour scheme once the page is hydrated: before hydration the button does nothing,
 * so keep clicking until `<html>` reports the other scheme.
 */
export async function toggleColorScheme(page: Page) {
  const html = page.locator('html');
  const before = await html.getAttribute('data-mantine-color-scheme');
  const expected = before === 'dark' ? 'light' : 'dark';
  await expect(async () => {
    // The back office has one toggle in the header and one in the phone menu: the one on screen.
    await page.getByTestId('color-scheme-toggle').filter({ visible: true }).first().click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', expected, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return expected;
}

/** Matches a field label exactly, whether or not it carries the required-field asterisk. */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

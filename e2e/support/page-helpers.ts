import { type ConsoleMessage, expect, type Page } from '@playwright/test';

/** Collects console errors and warnings and uncaught page errors from the moment it is called. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
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

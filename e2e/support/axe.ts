import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules a page must pass: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe once on the page (or only inside `include`, a CSS selector) with the WCAG 2.1 A and AA
 * rules and fails on any violation, whatever its impact. The message names each rule, its impact and
 * the first three elements that break it, so a failure reads without opening the trace.
 */
export async function expectAccessible(page: Page, options: { include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 3)
      .map((node) => {
        // The first line of axe's summary carries the measure, e.g. the contrast ratio and both colours.
        const why = node.failureSummary?.split('\n')[1]?.trim() ?? '';
        return `    ${node.target.join(' ')}  ${node.html.slice(0, 200)}${why ? `\n      ${why}` : ''}`;
      })
      .join('\n');
    const more = violation.nodes.length > 3 ? `\n    … and ${violation.nodes.length - 3} more` : '';
    return `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${nodes}${more}`;
  });
  expect(report, `axe WCAG 2.1 AA violations on ${page.url()}\n${report.join('\n')}`).toEqual([]);
}

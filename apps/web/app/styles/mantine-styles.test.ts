import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  mantineStylesheets,
  PUBLIC_CSS_FILE,
  PUBLIC_PURPOSE,
  REST_CSS_FILE,
  REST_PURPOSE,
  splitMantineStyles,
  stylesheetSource,
} from '../../scripts/mantine-css';

const appDir = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(file, 'utf8');

describe("Mantine's stylesheets, split between public pages and the back office", () => {
  const { publicSheets, restSheets } = splitMantineStyles();

  it('match what the code uses (run `node --import tsx apps/web/scripts/mantine-css.ts` after a change)', () => {
    expect(read(PUBLIC_CSS_FILE)).toBe(stylesheetSource(publicSheets, PUBLIC_PURPOSE));
    expect(read(REST_CSS_FILE)).toBe(stylesheetSource(restSheets, REST_PURPOSE));
  });

  it('cover every Mantine stylesheet exactly once, in the order of the full stylesheet', () => {
    const all = mantineStylesheets().map((sheet) => sheet.name);
    expect([...publicSheets, ...restSheets].sort()).toEqual([...all].sort());
    expect(publicSheets).toEqual(all.filter((name) => publicSheets.includes(name)));
    expect(restSheets).toEqual(all.filter((name) => restSheets.includes(name)));
  });

  it('give public pages the stylesheets of the components they render, and not the back office’s', () => {
    // The site header's buttons, the blog's cards and badges, the catalogue's inputs.
    for (const name of ['Button.css', 'Card.css', 'Badge.css', 'Input.css', 'Container.css']) {
      expect(publicSheets).toContain(name);
    }
    // Only the back office uses these.
    for (const name of ['AppShell.css', 'Tabs.css', 'Stepper.css']) {
      expect(restSheets).toContain(name);
    }
  });

  it('are loaded by the root route, and the rest by every route outside the public set', () => {
    expect(read(path.join(appDir, 'root.tsx'))).toMatch(/^import '\.\/styles\/mantine-public\.css';/m);
    expect(read(path.join(appDir, 'root.tsx'))).not.toContain('@mantine/core/styles.css');
    for (const route of [
      'routes/admin/admin-layout.tsx',
      'routes/organization/organization-layout.tsx',
      'routes/public/tests/test-exam.tsx',
    ]) {
      expect(read(path.join(appDir, route))).toMatch(/^import '(\.\.\/)+styles\/mantine-rest\.css';/m);
    }
  });
});

/**
 * Writes the back-office part of app/routes.ts from the page manifests (app/features/<feature>/pages.ts,
 * issue 27): below each area's layout route (/admin, /organization), one route a line per page and
 * scope, in manifest order. Everything else in routes.ts is written by hand.
 *
 * The route table stays literal code (not computed when React Router loads routes.ts) so that it can
 * be read as it is: `../shared/tools/spec-routes` reads routes.ts line by line, and so do people.
 * `app/features/back-office/page-manifests.test.ts` fails while routes.ts does not match the manifests.
 *
 * Run `node --import tsx apps/web/scripts/back-office-routes.ts` after changing a manifest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TENANT_SCOPE_KINDS, type TenantScopeKind } from '@prepwise/contract';
import { BACK_OFFICE_PAGES } from '../app/lib/back-office-pages';
import { AREA_LAYOUTS, type BackOfficeArea, type ScopedPage } from '../app/lib/page-manifest';

export const ROUTES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../app/routes.ts');

export const BEGIN_MARKER = '// <back-office-routes>';
export const END_MARKER = '// </back-office-routes>';

const INDENT = '    ';
const SCOPE_HEADINGS: Record<TenantScopeKind, string> = {
  platform: '',
  organization: '',
  'managed-organization': ', on one organization',
};
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function routeLine(page: ScopedPage): string {
  const options = `{ id: ${quote(page.routeId)} }`;
  return page.routePath
    ? `route(${quote(page.routePath)}, ${quote(page.file)}, ${options}),`
    : `index(${quote(page.file)}, ${options}),`;
}

function areaBlock(area: BackOfficeArea, pages: readonly ScopedPage[]): string[] {
  const layout = AREA_LAYOUTS[area];
  const lines = [
    `${INDENT}// biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them`,
    `${INDENT}route(${quote(layout.path)}, ${quote(layout.file)}, [`,
  ];
  // By feature (in manifest order), then by scope: the admin's own pages before those on one organization.
  const features = [...new Set(pages.map((page) => page.feature))];
  const inArea = pages
    .filter((page) => page.area === area)
    .map((page, index) => ({ page, index }))
    .sort(
      (a, b) =>
        features.indexOf(a.page.feature) - features.indexOf(b.page.feature) ||
        TENANT_SCOPE_KINDS.indexOf(a.page.scope) - TENANT_SCOPE_KINDS.indexOf(b.page.scope) ||
        a.index - b.index,
    );
  let heading = '';
  for (const { page } of inArea) {
    const next = `features/${page.feature}/pages.ts${SCOPE_HEADINGS[page.scope]}`;
    if (next !== heading) {
      heading = next;
      lines.push(`${INDENT}  // ${heading}`);
    }
    lines.push(`${INDENT}  ${routeLine(page)}`);
  }
  lines.push(`${INDENT}]),`);
  return lines;
}

/** The lines between the markers: the /admin and /organization layout routes with their pages. */
export function renderBackOfficeRoutes(pages: readonly ScopedPage[] = BACK_OFFICE_PAGES): string {
  return [...areaBlock('admin', pages), ...areaBlock('organization', pages)].join('\n');
}

/** routes.ts with its back-office part written from the manifests. */
export function withBackOfficeRoutes(source: string, pages?: readonly ScopedPage[]): string {
  const begin = source.indexOf(BEGIN_MARKER);
  const end = source.indexOf(END_MARKER);
  if (begin < 0 || end < begin) {
    throw new Error(`routes.ts has lost its ${BEGIN_MARKER} … ${END_MARKER} markers`);
  }
  const head = source.slice(0, source.indexOf('\n', begin) + 1);
  const tail = source.slice(source.lastIndexOf('\n', end) + 1);
  return `${head}${renderBackOfficeRoutes(pages)}\n${tail}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = readFileSync(ROUTES_FILE, 'utf8');
  const after = withBackOfficeRoutes(before);
  if (after === before) {
    console.info('routes.ts already matches the page manifests');
  } else {
    writeFileSync(ROUTES_FILE, after);
    console.info(
      `routes.ts written from the page manifests (${BACK_OFFICE_PAGES.length} back-office routes)`,
    );
  }
}

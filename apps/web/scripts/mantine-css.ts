/**
 * Which of Mantine's per-component stylesheets the public pages need (issue 6, page speed).
 *
 * `@mantine/core/styles.css` is 33 KB gzipped and render-blocking on every page, yet a blog post uses a
 * dozen components. The root route therefore loads only the stylesheets that pages outside the back
 * office can reach (`app/styles/mantine-public.css`), and the admin, organization and exam-runner routes
 * add the rest (`app/styles/mantine-rest.css`). Both files are written by this script, in the order the
 * rules have in Mantine's full stylesheet, and `app/styles/mantine-styles.test.ts` fails when they no
 * longer match the code (a public page that starts using a component, or a Mantine upgrade).
 *
 * How the public set is found: walk the app's relative imports from every route module outside
 * routes/admin, routes/back-office, routes/organization and the exam runner (plus root.tsx); collect
 * the names imported from '@mantine/core'; follow each one through Mantine's own ES modules (named
 * imports only: Mantine's bare `import '…'` lines are tree-shaking leftovers) to every
 * `*.module.css.mjs` it reaches; map those class names to the stylesheets that contain them.
 *
 * Run `node --import tsx apps/web/scripts/mantine-css.ts` to rewrite both files.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(webRoot, 'app');
const require = createRequire(path.join(webRoot, 'package.json'));
const mantineRoot = path.dirname(require.resolve('@mantine/core/styles.css'));
const mantineEsm = path.join(mantineRoot, 'esm');

/** Route modules whose pages load the rest of Mantine's styles themselves. */
export const BACK_OFFICE_ROUTES = [
  /^routes\/admin\//,
  /^routes\/back-office\//,
  /^routes\/organization\//,
  /^routes\/public\/tests\/test-exam\.tsx$/,
];

export const PUBLIC_CSS_FILE = path.join(appDir, 'styles/mantine-public.css');
export const REST_CSS_FILE = path.join(appDir, 'styles/mantine-rest.css');

const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(ts|tsx|mjs)$/.test(candidate))
      return candidate;
  }
  return null;
}

/** The names one import clause binds: `{ A, B as C }` → A, B; `* as ns` → '*'. */
function importedNames(clause: string): string[] {
  const braces = clause.match(/\{([\s\S]*)\}/);
  const names: string[] = [];
  if (braces) {
    for (const part of braces[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  if (/\*\s+as\s+/.test(clause)) names.push('*');
  return names;
}

/** The '@mantine/core' names any module of another Mantine package imports. */
function coreNamesUsedBy(specifier: string): Set<string> {
  // Mantine's packages are installed side by side.
  const packageRoot = path.join(mantineRoot, '..', specifier.slice('@mantine/'.length));
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.mjs')) {
        const source = readFileSync(file, 'utf8');
        for (const match of source.matchAll(/import\s*(\{[^}]*\})\s*from\s*'@mantine\/core'/g)) {
          for (const name of importedNames(match[1]!)) names.add(name);
        }
      }
    }
  };
  visit(path.join(packageRoot, 'esm'));
  return names;
}

/** Every name imported from '@mantine/core' by the app files reachable from these entry files. */
export function mantineComponentsUsedFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT_RE)) {
      const typeOnly = Boolean(match[1]);
      const clause = match[2] ?? '';
      const specifier = match[3] ?? match[4]!;
      if (typeOnly) continue;
      if (specifier === '@mantine/core') {
        for (const name of importedNames(clause)) used.add(name);
        continue;
      }
      // Mantine's other packages (notifications …) render core components themselves.
      if (/^@mantine\/(?!core$|hooks$)/.test(specifier)) {
        for (const name of coreNamesUsedBy(specifier)) used.add(name);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const resolved = resolveFile(path.resolve(path.dirname(file), specifier));
      if (resolved) queue.push(resolved);
    }
  }
  return used;
}

/** Mantine's export name → the ES module that defines it. */
function mantineExports(): Map<string, string> {
  const index = readFileSync(path.join(mantineEsm, 'index.mjs'), 'utf8');
  const exports = new Map<string, string>();
  for (const match of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    // Names Mantine re-exports from other packages (react-remove-scroll) bring no stylesheet.
    if (!match[2]!.startsWith('.')) continue;
    for (const name of importedNames(`{${match[1]}}`)) {
      exports.set(name, path.resolve(mantineEsm, match[2]!));
    }
  }
  return exports;
}

/** Class names of every CSS module reachable from these Mantine modules through named imports. */
function mantineClassNames(modules: string[]): Set<string> {
  const seen = new Set<string>();
  const classes = new Set<string>();
  const queue = [...modules];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.module.css.mjs')) {
      for (const match of source.matchAll(/"(m_[0-9a-f]+)"/g)) classes.add(match[1]!);
      continue;
    }
    for (const match of source.matchAll(/import\s+([^'";]*?)\s*from\s*'(\.[^']+)'/g)) {
      queue.push(path.resolve(path.dirname(file), match[2]!));
    }
  }
  return classes;
}

/** Mantine's per-component stylesheets in the order their rules have in styles.css. */
export function mantineStylesheets(): { name: string; classes: Set<string> }[] {
  const full = readFileSync(path.join(mantineRoot, 'styles.css'), 'utf8');
  const files = readdirSync(path.join(mantineRoot, 'styles')).filter(
    (name) => name.endsWith('.css') && !name.endsWith('.layer.css'),
  );
  return files
    .map((name) => {
      const text = readFileSync(path.join(mantineRoot, 'styles', name), 'utf8');
      // A component's first class, or (for the class-less base sheets) its first line, places it.
      const anchor = text.match(/\.m_[0-9a-f]+/)?.[0] ?? text.trim().split('\n')[0]!;
      const at = full.indexOf(anchor);
      if (at < 0) throw new Error(`${name} is not part of @mantine/core/styles.css`);
      return { name, at, classes: new Set(text.match(/m_[0-9a-f]+/g) ?? []) };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ name, classes }) => ({ name, classes }));
}

/** Stylesheets every page needs whatever it renders. */
const ALWAYS = ['baseline.css', 'default-css-variables.css', 'global.css'];

function routeFiles(): string[] {
  const routesSource = readFileSync(path.join(appDir, 'routes.ts'), 'utf8');
  return [...routesSource.matchAll(/'(routes\/[^']+\.tsx?)'/g)].map((match) => match[1]!);
}

/** The public stylesheet set, in cascade order, and the rest. */
export function splitMantineStyles(): { publicSheets: string[]; restSheets: string[] } {
  const entries = [
    path.join(appDir, 'root.tsx'),
    ...routeFiles()
      .filter((file) => !BACK_OFFICE_ROUTES.some((pattern) => pattern.test(file)))
      .map((file) => path.join(appDir, file)),
  ];
  const exportsMap = mantineExports();
  const modules = [...mantineComponentsUsedFrom(entries)].flatMap((name) => {
    const file = exportsMap.get(name);
    return file ? [file] : [];
  });
  const classes = mantineClassNames(modules);
  const sheets = mantineStylesheets();
  const publicSheets = sheets
    .filter((sheet) => ALWAYS.includes(sheet.name) || [...sheet.classes].some((name) => classes.has(name)))
    .map((sheet) => sheet.name);
  const restSheets = sheets.map((sheet) => sheet.name).filter((name) => !publicSheets.includes(name));
  return { publicSheets, restSheets };
}

export function stylesheetSource(sheets: string[], purpose: string): string {
  return [
    `/* ${purpose} Written by apps/web/scripts/mantine-css.ts; do not edit by hand. */`,
    ...sheets.map((name) => `@import "@mantine/core/styles/${name}";`),
    '',
  ].join('\n');
}

export const PUBLIC_PURPOSE =
  "Mantine's stylesheets for the components pages outside the back office reach, in cascade order.";
export const REST_PURPOSE =
  "The rest of Mantine's stylesheets, loaded by the admin, organization and exam-runner routes.";

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { publicSheets, restSheets } = splitMantineStyles();
  writeFileSync(PUBLIC_CSS_FILE, stylesheetSource(publicSheets, PUBLIC_PURPOSE));
  writeFileSync(REST_CSS_FILE, stylesheetSource(restSheets, REST_PURPOSE));
  console.info(`public: ${publicSheets.length} stylesheets, rest: ${restSheets.length}`);
  console.info(publicSheets.join(' '));
}

import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/*
 * Page speed (issue 6, docs/decisions/010). Left alone, Rollup cuts the code that the site's frame
 * needs into one chunk per combination of pages that share it: on a public page, forty-odd files of a
 * few hundred bytes, each one more request. Everything that the always-loaded routes (root, session
 * layout, public layout) use is needed by every public page anyway, so it goes into one `shell` chunk;
 * all other code keeps Rollup's own split.
 *
 * "Use" is followed through named imports, and through re-exporting index modules by name
 * (`import { Button } from '@mantine/core'` reaches Button's module, not all of Mantine's index): a
 * walk over whole modules would drag the back office's components into every page.
 */

interface ImportRecord {
  source: string;
  /** Names imported or re-exported; '*' for namespace forms; empty for `import 'x'`. */
  names: string[];
  /** For `export { a as b } from`: exported name → name in the source module. */
  reexports?: Map<string, string>;
  /** `export * from`. */
  star?: boolean;
}

interface ModuleRecord {
  imports: ImportRecord[];
  /** Names the module itself declares and exports. */
  ownExports: Set<string>;
  /** True when the module only re-exports (and side-effect-imports) other modules. */
  barrel: boolean;
}

type Node = { type: string; [key: string]: unknown };
const nameOf = (node: unknown): string => {
  const value = node as { name?: string; value?: string };
  return value.name ?? String(value.value);
};

function declaredNames(declaration: Node | null): string[] {
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration') {
    return ((declaration.declarations as Node[]) ?? []).flatMap((item) =>
      (item.id as Node).type === 'Identifier' ? [nameOf(item.id)] : [],
    );
  }
  return declaration.id ? [nameOf(declaration.id)] : [];
}

function recordOf(ast: Node): ModuleRecord {
  const imports: ImportRecord[] = [];
  const ownExports = new Set<string>();
  let barrel = true;
  for (const statement of (ast.body as Node[]) ?? []) {
    switch (statement.type) {
      case 'ImportDeclaration': {
        const specifiers = (statement.specifiers as Node[]) ?? [];
        if (specifiers.length > 0) barrel = false;
        imports.push({
          source: String((statement.source as { value: string }).value),
          names: specifiers.map((specifier) => {
            if (specifier.type === 'ImportSpecifier') return nameOf(specifier.imported);
            return specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*';
          }),
        });
        break;
      }
      case 'ExportNamedDeclaration': {
        const source = statement.source as { value: string } | null;
        const specifiers = (statement.specifiers as Node[]) ?? [];
        if (!source) {
          barrel = false;
          for (const name of declaredNames(statement.declaration as Node | null)) ownExports.add(name);
          for (const specifier of specifiers) ownExports.add(nameOf(specifier.exported));
          break;
        }
        const reexports = new Map<string, string>();
        for (const specifier of specifiers) {
          reexports.set(nameOf(specifier.exported), nameOf(specifier.local));
        }
        imports.push({ source: String(source.value), names: [...reexports.values()], reexports });
        break;
      }
      case 'ExportAllDeclaration': {
        const source = String((statement.source as { value: string }).value);
        if (statement.exported) {
          // `export * as ns from`: the whole module is one export.
          barrel = false;
          ownExports.add(nameOf(statement.exported));
          imports.push({ source, names: ['*'] });
        } else {
          imports.push({ source, names: [], star: true });
        }
        break;
      }
      case 'ExportDefaultDeclaration':
        barrel = false;
        ownExports.add('default');
        break;
      default:
        barrel = false;
    }
  }
  return { imports, ownExports, barrel };
}

export function shellChunk(options: { appDir: string; routes: string[] }): Plugin {
  const entries = new Set(options.routes.map((file) => path.join(options.appDir, file)));
  /** importer + '\0' + source → resolved id. */
  const resolutions = new Map<string, string>();
  const records = new Map<string, ModuleRecord>();
  let shell: Set<string> | null = null;

  const resolved = (importer: string, source: string) => resolutions.get(`${importer}\0${source}`);

  /** The modules that define these names of a module, looking through re-exporting modules. */
  function definers(id: string, names: string[], depth = 0): string[] {
    const record = records.get(id);
    if (!record?.barrel || names.length === 0 || names.includes('*') || depth > 20) return [id];
    const found: string[] = [];
    for (const name of names) {
      const before = found.length;
      for (const entry of record.imports) {
        const target = resolved(id, entry.source);
        if (!target) continue;
        const local = entry.reexports?.get(name);
        if (local !== undefined) found.push(...definers(target, [local], depth + 1));
        else if (entry.star && provides(target, name, depth + 1))
          found.push(...definers(target, [name], depth + 1));
      }
      // A name this walk cannot place: keep the whole module, to be safe.
      if (found.length === before) return [id];
    }
    return found;
  }

  /** Whether a module exports this name, itself or through its re-exports. */
  function provides(id: string, name: string, depth: number): boolean {
    const record = records.get(id);
    if (!record || depth > 20) return false;
    if (record.ownExports.has(name)) return true;
    return record.imports.some((entry) => {
      if (entry.reexports?.has(name)) return true;
      const target = entry.star ? resolved(id, entry.source) : undefined;
      return target !== undefined && provides(target, name, depth + 1);
    });
  }

  function walk(
    getModuleIds: () => IterableIterator<string>,
    getModuleInfo: Rollup.GetModuleInfo,
  ): Set<string> {
    const result = new Set<string>();
    const queue = [...getModuleIds()].filter((id) => entries.has(id.split('?')[0]!));
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (result.has(id)) continue;
      result.add(id);
      for (const entry of records.get(id)?.imports ?? []) {
        const target = resolved(id, entry.source);
        if (!target) continue;
        // A non-barrel's `export * from` makes all of the source reachable.
        if (entry.star) {
          queue.push(target);
          continue;
        }
        // The re-exporting module itself joins too (it holds no code of its own), so that no chunk
        // sits between two parts of the shell.
        // A dynamically imported one must keep offering all its names, so it stays out.
        if (records.get(target)?.barrel && !getModuleInfo(target)?.dynamicImporters.length)
          result.add(target);
        queue.push(...definers(target, entry.names));
      }
    }
    // CommonJS packages (React) reach the graph through the commonjs plugin's virtual proxies, which
    // the walk above does not see: take them, and everything they import, with their importers.
    const cjsQueue = [...result];
    while (cjsQueue.length > 0) {
      const id = cjsQueue.pop()!;
      for (const imported of getModuleInfo(id)?.importedIds ?? []) {
        if (result.has(imported) && !imported.startsWith('\0')) continue;
        const info = getModuleInfo(imported);
        const commonjs =
          imported.startsWith('\0') ||
          Boolean((info?.meta as { commonjs?: { isCommonJS?: unknown } })?.commonjs?.isCommonJS);
        if (!commonjs || result.has(imported)) continue;
        result.add(imported);
        cjsQueue.push(imported);
      }
    }
    return result;
  }

  return {
    name: 'prepwise:shell-chunk',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer || this.environment?.name !== 'client') return null;
      const result = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      if (result && !result.external) resolutions.set(`${importer}\0${source}`, result.id);
      return result;
    },
    moduleParsed(info) {
      if (this.environment?.name !== 'client' || !info.ast) return;
      records.set(info.id, recordOf(info.ast as unknown as Node));
    },
    outputOptions(output) {
      if (this.environment?.name !== 'client') return null;
      return {
        ...output,
        onlyExplicitManualChunks: true,
        manualChunks(id: string, meta: Rollup.ManualChunkMeta) {
          shell ??= walk(meta.getModuleIds, meta.getModuleInfo);
          return shell.has(id) ? 'shell' : undefined;
        },
      };
    },
  };
}

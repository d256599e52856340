import type { FlatNamespace } from 'i18next';
import { matchRoutes, type ServerBuild } from 'react-router';
import { BASE_NAMESPACES, type I18nHandle } from './i18n';

/*
 * Which translation namespaces a URL needs, from the `handle.i18n` its matched route modules
 * export (see `i18nHandle` in ./i18n.ts and docs/ARCHITECTURE.md, "Translations per page").
 * `null` means "every namespace": the page (the deepest matched route) declares nothing.
 */
export type NamespaceResolver = (pathname: string) => FlatNamespace[] | null;

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

function declared(handle: unknown): readonly FlatNamespace[] | undefined {
  const i18n = (handle as Partial<I18nHandle> | undefined)?.i18n;
  return Array.isArray(i18n) ? i18n : undefined;
}

export function createNamespaceResolver(routes: ServerBuild['routes']): NamespaceResolver {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      ...(route.index ? {} : { children: [] }),
    });
  }
  const tree: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as RouteNode;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent?.children ?? tree).push(node);
  }
  const cache = new Map<string, FlatNamespace[] | null>();

  return (pathname) => {
    const cached = cache.get(pathname);
    if (cached !== undefined) return cached;
    const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname) ?? [];
    const leaf = matches.at(-1);
    let result: FlatNamespace[] | null = null;
    if (leaf && declared(routes[leaf.route.id as string]?.module.handle)) {
      const namespaces = new Set<FlatNamespace>(BASE_NAMESPACES);
      for (const match of matches) {
        for (const namespace of declared(routes[match.route.id as string]?.module.handle) ?? []) {
          namespaces.add(namespace);
        }
      }
      result = [...namespaces];
    }
    // A bounded memo: matching is cheap, but the same pages are asked for again and again.
    if (cache.size < 1000) cache.set(pathname, result);
    return result;
  };
}

/** The page a request renders, also for single-fetch data requests (`/blog.data`, `/_root.data`). */
export function pagePathname(request: Request): string {
  let pathname = new URL(request.url).pathname;
  if (pathname === '/_root.data') return '/';
  if (pathname.endsWith('/_.data')) pathname = pathname.slice(0, -'_.data'.length);
  else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length);
  if (pathname !== '/' && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return pathname;
}

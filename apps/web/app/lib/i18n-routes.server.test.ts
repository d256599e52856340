import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BASE_NAMESPACES, i18nHandle } from './i18n';
import { createNamespaceResolver, pagePathname } from './i18n-routes.server';

type Routes = ServerBuild['routes'];
const route = (
  id: string,
  parentId: string | undefined,
  options: { path?: string; index?: boolean; handle?: unknown },
) => ({
  id,
  parentId,
  path: options.path,
  index: options.index,
  module: { default: () => null, handle: options.handle },
});

// The shape of our routes.ts: a pathless session layout, the default layout, public and admin pages.
const routes = Object.fromEntries(
  [
    route('root', undefined, { path: '' }),
    route('session', 'root', {}),
    route('routes/admin/admin-layout', 'session', { path: 'admin' }),
    route('routes/admin/blog/post-list', 'routes/admin/admin-layout', { path: 'blog' }),
    route('routes/default-layout', 'session', { handle: i18nHandle('site') }),
    route('routes/public/home', 'routes/default-layout', { index: true, handle: i18nHandle('home') }),
    route('routes/public/blog/blog-post', 'routes/default-layout', {
      path: 'blog/:slug',
      handle: i18nHandle(),
    }),
    route('routes/account/profile', 'routes/default-layout', { path: 'profile' }),
  ].map((entry) => [entry.id, entry]),
) as unknown as Routes;

describe('translation namespaces per page', () => {
  const namespacesFor = createNamespaceResolver(routes);

  it('ships the base namespaces plus those the matched routes declare', () => {
    expect(namespacesFor('/')?.sort()).toEqual([...BASE_NAMESPACES, 'site', 'home'].sort());
    expect(namespacesFor('/blog/any-post')?.sort()).toEqual([...BASE_NAMESPACES, 'site'].sort());
  });

  it('ships every namespace when the page itself declares nothing, even below a declaring layout', () => {
    expect(namespacesFor('/profile')).toBeNull();
    expect(namespacesFor('/admin/blog')).toBeNull();
  });

  it('reads the page of single-fetch data requests', () => {
    expect(pagePathname(new Request('http://x/_root.data'))).toBe('/');
    expect(pagePathname(new Request('http://x/blog/a-post.data?_routes=root'))).toBe('/blog/a-post');
    expect(pagePathname(new Request('http://x/blog/'))).toBe('/blog');
  });
});

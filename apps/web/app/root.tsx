import './styles/mantine-public.css';
import '@mantine/notifications/styles.css';
import './app.css';

import { MantineProvider } from '@mantine/core';
import { DEFAULT_LOCALE } from '@prepwise/contract';
import { type ReactNode, useEffect, useMemo } from 'react';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AppRuntime } from './components/app-runtime';
import { UnsavedChangesProvider } from './components/back-office/unsaved-changes';
import { ErrorPage } from './components/error-page';
import { NotificationsHost } from './components/notifications-host';
import { browserChunkReload, isChunkLoadError } from './lib/app-version';
import { cookieColorSchemeManager, DARK_CLASS, getColorScheme } from './lib/color-scheme';
import { useCspNonce } from './lib/csp-nonce';
import { addMissingNamespaces, createI18n } from './lib/i18n';
import { getPageResources } from './lib/i18n.server';
import { I18nProvider } from './lib/i18n-react';
import { getLocale, urlLocaleCookie } from './lib/locale';
import type { SessionLoaderData } from './lib/session';
import { isStaticHandle, STATIC_PAGE_SCRIPT, StaticPageContext } from './lib/static-page';
import { cssVariablesResolver, themeIn } from './lib/theme';
import { ZOD_BROWSER_SETTINGS } from './lib/zod-browser';

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(request);
  // A `?lang=` link also remembers the choice, so the next pages keep that language.
  const localeCookie = urlLocaleCookie(request);
  return data(
    {
      locale,
      // Only the namespaces this page's routes declare (handle.i18n), set by entry.server.tsx.
      resources: getPageResources(locale, context.i18nNamespaces),
      colorScheme: getColorScheme(request),
      // Read per request on the server, so deployments turn Google sign-in on without a rebuild.
      googleClientId: process.env.GOOGLE_CLIENT_ID || null,
    },
    localeCookie ? { headers: { 'Set-Cookie': localeCookie } } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The next page may need namespaces this one did not ship: reload the root data on every page change. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

const colorSchemeManager = cookieColorSchemeManager();

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const resources = data?.resources;
  const colorScheme = data?.colorScheme ?? 'light';
  const nonce = useCspNonce();
  // A static public page for a visitor (lib/static-page.ts): decided on the server only — once React
  // runs in the browser, the page is an app page.
  const matches = useMatches();
  const session = useRouteLoaderData<SessionLoaderData>('session')?.session;
  const isStatic =
    typeof document === 'undefined' &&
    session?.status === 'guest' &&
    matches.some((match) => isStaticHandle(match.handle));
  // One instance per language; later pages add their namespaces to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resources only seed a new instance.
  const i18n = useMemo(() => createI18n(locale, resources ?? {}), [locale]);
  if (resources) addMissingNamespaces(i18n, resources);
  const theme = useMemo(() => themeIn(i18n.t('closeDialog')), [i18n]);

  return (
    <html
      lang={locale}
      className={colorScheme === 'dark' ? DARK_CLASS : undefined}
      data-mantine-color-scheme={colorScheme}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, run before any module. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_BROWSER_SETTINGS }} />
        <Meta />
        <Links />
      </head>
      <body>
        <StaticPageContext.Provider value={isStatic}>
          <I18nProvider i18n={i18n}>
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              colorSchemeManager={colorSchemeManager}
              defaultColorScheme={colorScheme}
            >
              <NotificationsHost />
              {children}
            </MantineProvider>
          </I18nProvider>
        </StaticPageContext.Provider>
        {isStatic ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours (lib/static-page.ts).
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STATIC_PAGE_SCRIPT }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <AppRuntime />
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    // Seed-spec §8: a chunk of an older build is gone; one reload, guarded for 10 s.
    if (isChunkLoadError(error)) browserChunkReload();
  }, [error]);
  return <ErrorPage error={error} />;
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { DEFAULT_LOCALE } from '@prepwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { AppRuntime } from './components/app-runtime';
import { ErrorPage } from './components/error-page';
import { browserChunkReload, isChunkLoadError } from './lib/app-version';
import { cookieColorSchemeManager, DARK_CLASS, getColorScheme } from './lib/color-scheme';
import { createI18n } from './lib/i18n';
import { getLocaleResources } from './lib/i18n.server';
import { getLocale, urlLocaleCookie } from './lib/locale';
import { cssVariablesResolver, theme } from './lib/theme';

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  // A `?lang=` link also remembers the choice, so the next pages keep that language.
  const localeCookie = urlLocaleCookie(request);
  return data(
    {
      locale,
      resources: getLocaleResources(locale),
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

const colorSchemeManager = cookieColorSchemeManager();

function createQueryClient() {
  // Seed-spec §9: API calls are never retried.
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const resources = data?.resources;
  const colorScheme = data?.colorScheme ?? 'light';
  const i18n = useMemo(() => createI18n(locale, resources ?? {}), [locale, resources]);
  const [queryClient] = useState(createQueryClient);

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
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            colorSchemeManager={colorSchemeManager}
            defaultColorScheme={colorScheme}
          >
            <Notifications position="top-right" limit={4} />
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </MantineProvider>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <AppRuntime />
      <Outlet />
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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { onSignOut } from '../lib/sign-out';

/*
 * TanStack Query is not in the root: public pages (home, blog, grammar…) never query from the
 * browser, and query-core would cost every visitor ~13 KB gzipped. The layouts whose pages use
 * useQuery/useMutation wrap their content in <QueryProvider> (back office, auth pages, account
 * pages). A page that calls useQuery outside one fails loudly with "No QueryClient set": wrap
 * that page (or its layout) in <QueryProvider>. See docs/ARCHITECTURE.md, "Page weight".
 */

function createQueryClient() {
  // Seed-spec §9: API calls are never retried.
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

let browserClient: QueryClient | undefined;

/** One client for the whole browser session (the cache survives moving between layouts); one per render on the server. */
function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  if (!browserClient) {
    const client = createQueryClient();
    // Forget the previous user's data on sign-out.
    onSignOut(() => client.clear());
    browserClient = client;
  }
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

import type { FlatNamespace } from 'i18next';

/**
 * What the server hands every loader and action as `context`. The API process builds it in
 * apps/api/src/plugins/web.ts; the shape is declared here so the web app never imports Fastify.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCallOptions {
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiCallResult<T = unknown> {
  status: number;
  ok: boolean;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or `undefined` for an empty or non-JSON answer. */
  body: T;
}

/**
 * Calls the API in the same process (no network hop), forwarding the incoming request's
 * cookie and authorization headers. Paths start with `/api/`.
 */
export interface ServerApi {
  call<T = unknown>(method: ApiMethod, path: string, options?: ApiCallOptions): Promise<ApiCallResult<T>>;
  get<T = unknown>(path: string, options?: Omit<ApiCallOptions, 'body'>): Promise<ApiCallResult<T>>;
}

declare module 'react-router' {
  interface AppLoadContext {
    api: ServerApi;
    /**
     * This response's Content-Security-Policy nonce: script-src admits no other inline script.
     * entry.server.tsx gives it to React and to the root's <Scripts> and <ScrollRestoration>.
     */
    cspNonce?: string;
    /**
     * The translation namespaces the requested page declares (route `handle.i18n`), or null for
     * every namespace. Set by the request handler of entry.server.tsx; see lib/i18n.ts.
     */
    i18nNamespaces?: readonly FlatNamespace[] | null;
  }
}

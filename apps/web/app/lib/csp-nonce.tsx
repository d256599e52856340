import { createContext, useContext } from 'react';

/*
 * The Content-Security-Policy nonce of the page being rendered on the server (the API sets it per
 * response, see apps/api/src/plugins/web.ts). Only inline scripts that carry it run. In the browser
 * there is none: React Router adds no inline script after hydration.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/** The nonce for an inline <script> on the server, or undefined in the browser. */
export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}

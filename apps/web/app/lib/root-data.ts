import type { Locale } from '@prepwise/contract';
import { useRouteLoaderData } from 'react-router';

/** The part of the root loader's data that pages read (see root.tsx). */
export interface RootData {
  locale: Locale;
  googleClientId: string | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** The Google OAuth client id when Google sign-in is configured on the server, else null. */
export function useGoogleClientId(): string | null {
  return useRootData()?.googleClientId ?? null;
}

import { STRATEGY_COOKIE, WEB_PATHS } from '@prepwise/contract';
import { LEAVE_UNSAVED, navigateTo } from './client-navigation';
import { serializePreferenceCookie } from './cookies';
import { signInPath } from './route-access';
import { readStrategy } from './session';

type SignOutListener = () => void;
const listeners = new Set<SignOutListener>();

/** Lets caches (TanStack Query, the session's user_amount…) forget the user on sign-out. */
export function onSignOut(listener: SignOutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Seed-spec §4 logout: ends the session on the API (which clears the token cookies), forgets the
 * strategy and the user (user_amount goes back to 0 with it) and goes to /sign-in — the staff form
 * for staff (strategy admin or educator); `reason: 'expired'` makes the page say the session ended.
 */
export async function signOut(options: { reason?: 'expired' } = {}): Promise<void> {
  const strategy = readStrategy(document.cookie);
  if (strategy) {
    try {
      await fetch(`/api/${strategy}/auth/logout`, {
        method: 'POST',
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      console.warn('Sign-out request failed; the session cookies are cleared locally', error);
    }
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = serializePreferenceCookie(STRATEGY_COOKIE, '', 0);
  for (const listener of listeners) listener();
  const staff = strategy === 'admin' || strategy === 'educator';
  navigateTo(
    options.reason || staff ? signInPath(undefined, { staff, reason: options.reason }) : WEB_PATHS.signIn,
    // A form left dirty cannot be saved any more: its guard lets this navigation through.
    { replace: true, state: LEAVE_UNSAVED },
  );
}

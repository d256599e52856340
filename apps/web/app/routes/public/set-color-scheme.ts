import { data, redirect } from 'react-router';
import { COLOR_SCHEME_COOKIE } from '../../lib/color-scheme';
import { serializePreferenceCookie } from '../../lib/cookies';
import { safeRedirectPath } from '../../lib/locale';
import type { Route } from './+types/set-color-scheme';

/**
 * The colour scheme toggle as a plain form post (static pages without their script, lib/static-page.ts):
 * sets the cookie the server renders the scheme from and comes back to the same page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const scheme = form?.get('scheme');
  if (!form || (scheme !== 'dark' && scheme !== 'light')) throw data(null, { status: 400 });
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': serializePreferenceCookie(COLOR_SCHEME_COOKIE, scheme, 365) },
  });
}

export function loader() {
  return redirect('/');
}

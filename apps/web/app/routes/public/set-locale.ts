import { isLocale } from '@prepwise/contract';
import { data, redirect } from 'react-router';
import { safeRedirectPath, serializeLocaleCookie } from '../../lib/locale';
import type { Route } from './+types/set-locale';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const locale = form?.get('locale');
  if (!form || !isLocale(locale)) throw data(null, { status: 400 });
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': serializeLocaleCookie(locale) },
  });
}

export function loader() {
  return redirect('/');
}

import { isLocale } from '@prepwise/contract';
import { data, redirect } from 'react-router';
import { serializeLocaleCookie } from '../../lib/locale';
import type { Route } from './+types/set-locale';

/** Only same-site paths: `/x` yes, `//evil.example` or `/\evil.example` no. */
function safeRedirectPath(value: FormDataEntryValue | null): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  return value;
}

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

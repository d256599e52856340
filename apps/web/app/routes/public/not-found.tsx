import { data } from 'react-router';
import { i18nHandle } from '../../lib/i18n';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle();

/** Any URL no other route matches: a real 404, rendered by the layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

import { data } from 'react-router';

/** Any URL no other route matches: a real 404, rendered by the layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

import { data, Outlet, redirect } from 'react-router';
import { SessionRefresher } from '../components/session-refresher';
import { decideAccess, findRouteAccess, signInPath } from '../lib/route-access';
import { readStrategy, type SessionLoaderData, toGuardSession } from '../lib/session';
import { getServerSession } from '../lib/session.server';
import type { Route } from './+types/session-layout';

/**
 * Every page sits below this pathless layout. Its loader reads the session user through the
 * in-process API and applies the route guard of seed-spec §4–5; it runs on the server for the
 * first render and for every client navigation (it always revalidates), so both are guarded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, setCookies } = await getServerSession(request, context);
  const url = new URL(request.url);
  const decision = decideAccess(
    findRouteAccess(url.pathname),
    toGuardSession(session),
    url.pathname,
    `${url.pathname}${url.search}`,
  );
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  if (decision.action === 'redirect') {
    // The browser still named a strategy but its session is gone: say so on the sign-in page
    // (the staff form for staff) instead of a bare sign-in.
    const ended = session.status === 'guest' ? readStrategy(request.headers.get('cookie')) : null;
    const to =
      ended && decision.to.startsWith(signInPath())
        ? signInPath(`${url.pathname}${url.search}`, { staff: ended !== 'user', reason: 'expired' })
        : decision.to;
    throw redirect(to, { headers });
  }
  return data<SessionLoaderData>({ session }, { headers });
}

export function shouldRevalidate() {
  return true;
}

export default function SessionLayout({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  // Seed-spec §4: tokens exist but the user is not loaded — refresh before routing.
  if (session.status === 'expired') return <SessionRefresher strategy={session.strategy} />;
  return <Outlet />;
}

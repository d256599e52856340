import { data } from 'react-router';
import { PaymentSimulatorPage } from '../../features/payments';
import { i18nHandle } from '../../lib/i18n';
import { server } from '../../lib/server-api';
import type { Route } from './+types/payment-simulator';

export const handle = i18nHandle('payments');

/** The simulator's checkout: the signed payment request read back by the simulator (absent in production). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).search.slice(1);
  const response = await server(context.api).get('/public/payment-simulator/checkout', {
    query: { request: query },
  });
  if (!response.ok) throw data(null, { status: 404 });
  return { request: query, checkout: response.body.result };
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function PaymentSimulatorRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentSimulatorPage request={loaderData.request} checkout={loaderData.checkout} />;
}

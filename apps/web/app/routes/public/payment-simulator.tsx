import { data } from 'react-router';
import { PaymentSimulatorPage, type SimulatorCheckout } from '../../features/payments';
import { i18nHandle } from '../../lib/i18n';
import type { Route } from './+types/payment-simulator';

export const handle = i18nHandle('payments');

/** The simulator's checkout: the signed payment request read back by the simulator (absent in production). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).search.slice(1);
  const response = await context.api.get<{ result: SimulatorCheckout }>(
    `/api/public/payment-simulator/checkout?${new URLSearchParams({ request: query })}`,
  );
  if (!response.ok) throw data(null, { status: 404 });
  return { request: query, checkout: response.body.result };
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function PaymentSimulatorRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentSimulatorPage request={loaderData.request} checkout={loaderData.checkout} />;
}

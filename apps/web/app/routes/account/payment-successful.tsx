import { data } from 'react-router';
import { PaymentResultPage } from '../../features/payments';
import { i18nHandle } from '../../lib/i18n';
import { server } from '../../lib/server-api';
import type { Route } from './+types/payment-successful';

export const handle = i18nHandle('payments');

/** The gateway's return: the API checks the signature and answers the order's real state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  const response = await server(context.api).get('/user/payments/return', { search });
  if (!response.ok)
    throw data(null, { status: response.status === 404 ? 404 : response.status === 422 ? 404 : 500 });
  return { result: response.body.result };
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function PaymentSuccessfulRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentResultPage result={loaderData.result} />;
}

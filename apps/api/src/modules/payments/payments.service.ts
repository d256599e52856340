import type { PaymentSettings } from '../../config';
import type { Db } from '../../db/client';
import { reconcileGatewayOrders } from './gateway.service';

/*
 * The payments module's face for other modules and for its tests: what they use of the services, which
 * live on their seams (orders.ts lists them). Routes and jobs call the services themselves.
 */
export { hasTestAccess } from './entitlements';
export { RECONCILE_AFTER_MS } from './gateway.service';

/** One reconciliation run at `now` with these settings (the job runs `reconcileGatewayOrders` on the app's). */
export function reconcilePendingOrders(db: Db, settings: PaymentSettings, now: Date) {
  return reconcileGatewayOrders({ db, config: { payments: settings }, now: () => now });
}

import { Text } from '@mantine/core';
import type { PaymentOrder } from '@prepwise/contract';
import type { ListColumn } from '../../components/back-office/data-list';
import { fromMd, fromSm } from '../../components/back-office/list-page';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { formatVnd } from './format';
import { OrderStatusBadge, useOrderItem } from './order-bits';

/**
 * The columns every list of orders shows (the admin's transactions, an organization's): the code with
 * its date, what was bought, the amount, the method and the status. `after` goes after the code.
 */
export function useOrderColumns<T extends PaymentOrder>(after: ListColumn<T>[] = []): ListColumn<T>[] {
  const { t, i18n } = useTranslation('payments');
  const item = useOrderItem();
  return [
    {
      accessor: 'code',
      title: t('orders.code'),
      render: (order) => (
        <>
          <Text ff="monospace" size="sm">
            {order.code}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(order.created_at, i18n.language)}
          </Text>
        </>
      ),
    },
    ...after,
    { accessor: 'description', title: t('orders.item'), visibleMediaQuery: fromMd, render: item },
    {
      accessor: 'amount_vnd',
      title: t('orders.amount'),
      textAlign: 'right',
      render: (order) => formatVnd(order.amount_vnd),
    },
    {
      accessor: 'method',
      title: t('orders.method'),
      visibleMediaQuery: fromSm,
      render: (order) => t(`method.${order.method}`),
    },
    {
      accessor: 'status',
      title: t('orders.status'),
      render: (order) => <OrderStatusBadge order={order} />,
    },
  ];
}

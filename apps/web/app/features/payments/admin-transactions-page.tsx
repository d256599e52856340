import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdminPaymentOrder,
  ORDER_KINDS,
  ORDER_METHODS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@prepwise/contract';
import { useState } from 'react';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useListState } from '../../components/back-office/data-list';
import { ListPage } from '../../components/back-office/list-page';
import { PermissionGate } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import { adminTransactionsQuery, useAdminTransactions, useRefund } from './api';
import { formatVnd } from './format';
import { useOrderColumns } from './order-columns';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function RefundButton({ order }: { order: AdminPaymentOrder }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const refund = useRefund();
  const close = () => {
    setOpen(false);
    refund.reset();
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setOpen(true)}
        aria-label={t('admin.refundNamed', { code: order.code })}
      >
        {t('admin.refund')}
      </Button>
      <Modal opened={open} onClose={close} title={t('admin.refundTitle', { code: order.code })} centered>
        <Stack gap="md">
          <Text size="sm">
            {t('admin.refundText', { amount: formatVnd(order.amount_vnd), name: order.user.full_name })}
          </Text>
          {refund.error ? <ServerErrorAlert error={refund.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('admin.cancel')}
            </Button>
            <Button
              color="red"
              loading={refund.isPending}
              onClick={() =>
                refund.mutate(order.id, {
                  onSuccess: () => {
                    setOpen(false);
                    notifications.show({ color: 'teal', message: t('admin.refunded', { code: order.code }) });
                  },
                })
              }
            >
              {t('admin.refundConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /admin/transactions: every order, with filters, totals, CSV export and refunds (update_transaction). */
export function AdminTransactionsPage() {
  const { t } = useTranslation('payments');
  const state = useListState({ filters: ['status', 'method', 'kind', 'from', 'to'] });
  const { status, method, kind, from, to } = state.filters;
  const filters = {
    q: state.search,
    status: oneOf<OrderStatus>(ORDER_STATUSES, status),
    method: oneOf(ORDER_METHODS, method),
    kind: oneOf(ORDER_KINDS, kind),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
  const orders = useAdminTransactions({ page: state.page, ...filters });
  const columns = useOrderColumns<AdminPaymentOrder>([
    {
      accessor: 'user',
      title: t('admin.customer'),
      render: (order) => (
        <>
          <Text size="sm">{order.user.full_name}</Text>
          <Anchor size="xs" c="dimmed" href={`mailto:${order.user.email}`}>
            {order.user.email}
          </Anchor>
        </>
      ),
    },
  ]);
  const totals = orders.data?.totals;
  const select = (
    name: string,
    label: string,
    values: readonly string[],
    prefix: 'status' | 'method' | 'kind',
  ) => (
    <Select
      label={label}
      placeholder={t('admin.all')}
      data={values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'status.paid') }))}
      value={state.filters[name] ?? null}
      onChange={(value) => state.setFilter(name, value)}
      clearable
      style={{ flex: '0 1 11rem' }}
    />
  );

  return (
    <ListPage<AdminPaymentOrder>
      title={t('admin.title')}
      description={
        totals ? (
          <span data-testid="transaction-totals">
            {t('admin.totals', {
              count: totals.count,
              paid: formatVnd(totals.paid_vnd),
              refunded: formatVnd(totals.refunded_vnd),
            })}
          </span>
        ) : (
          t('admin.description')
        )
      }
      actions={
        <Button
          component="a"
          variant="default"
          href={`/api/admin/transactions/export?${adminTransactionsQuery(filters)}`}
          download
        >
          {t('admin.export')}
        </Button>
      }
      searchPlaceholder={t('admin.search')}
      filters={
        <>
          {select('status', t('admin.status'), ORDER_STATUSES, 'status')}
          {select('method', t('admin.method'), ORDER_METHODS, 'method')}
          {select('kind', t('admin.kind'), ORDER_KINDS, 'kind')}
          <TextInput
            type="date"
            label={t('admin.from')}
            value={filters.from ?? ''}
            onChange={(event) => state.setFilter('from', event.currentTarget.value)}
            style={{ flex: '0 1 10rem' }}
          />
          <TextInput
            type="date"
            label={t('admin.to')}
            value={filters.to ?? ''}
            onChange={(event) => state.setFilter('to', event.currentTarget.value)}
            style={{ flex: '0 1 10rem' }}
          />
        </>
      }
      query={orders}
      state={state}
      testId="transaction-table"
      minWidth={900}
      emptyText={t('admin.none')}
      noMatchText={t('admin.noMatch')}
      columns={columns}
      rowActions={(order) =>
        order.status === 'paid' ? (
          <PermissionGate permission="update_transaction">
            <RefundButton order={order} />
          </PermissionGate>
        ) : null
      }
    />
  );
}

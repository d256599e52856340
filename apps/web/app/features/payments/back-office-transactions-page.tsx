import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ORDER_KINDS,
  ORDER_METHODS,
  ORDER_STATUSES,
  type OrderStatus,
  type Transaction,
} from '@prepwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useListState } from '../../components/back-office/data-list';
import { ListPage } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { usePermission } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import { transactionsExportHref, useRefund, useTransactions } from './api';
import { formatVnd } from './format';
import { useOrderColumns } from './order-columns';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function RefundButton({ order }: { order: Transaction }) {
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

/**
 * The transactions, one screen in both scopes (issue 27): /admin/transactions, every order of the
 * platform; /organization/transactions, the organization's own (the packages it bought, its owner's).
 * Both search, filter, total and export; a refund is offered where the caller may make one, which is
 * the platform's staff with update_transaction (an organization's package money went to the platform's
 * account, so the portal has none). An order's type is a filter on the platform only: an organization's
 * orders are all of one type.
 */
export function BackOfficeTransactionsPage() {
  const { t } = useTranslation('payments');
  const scope = useBackOfficeScope();
  const platform = scope.tenant.kind === 'platform';
  const mayRefund = usePermission('update_transaction') && platform;
  const state = useListState({ filters: ['status', 'method', 'kind', 'from', 'to'] });
  const { status, method, kind, from, to } = state.filters;
  const filters = {
    q: state.search,
    status: oneOf<OrderStatus>(ORDER_STATUSES, status),
    method: oneOf(ORDER_METHODS, method),
    kind: platform ? oneOf(ORDER_KINDS, kind) : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
  const orders = useTransactions({ page: state.page, ...filters });
  const columns = useOrderColumns<Transaction>([
    {
      accessor: 'user',
      title: platform ? t('admin.customer') : t('organization.paidBy'),
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
    <ListPage<Transaction>
      title={platform ? t('admin.title') : t('organization.transactionsTitle')}
      description={
        totals ? (
          <span data-testid="transaction-totals">
            {t('admin.totals', {
              count: totals.count,
              paid: formatVnd(totals.paid_vnd),
              refunded: formatVnd(totals.refunded_vnd),
            })}
          </span>
        ) : platform ? (
          t('admin.description')
        ) : (
          t('organization.transactionsDescription')
        )
      }
      actions={
        <Group gap="sm">
          {platform ? null : (
            <Anchor component={Link} to={scope.web('/package')}>
              {t('organization.toPackage')}
            </Anchor>
          )}
          <Button component="a" variant="default" href={transactionsExportHref(scope, filters)} download>
            {t('admin.export')}
          </Button>
        </Group>
      }
      searchPlaceholder={t('admin.search')}
      filters={
        <>
          {select('status', t('admin.status'), ORDER_STATUSES, 'status')}
          {select('method', t('admin.method'), ORDER_METHODS, 'method')}
          {platform ? select('kind', t('admin.kind'), ORDER_KINDS, 'kind') : null}
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
      emptyText={platform ? t('admin.none') : t('organization.noTransactions')}
      noMatchText={t('admin.noMatch')}
      columns={columns}
      rowActions={
        mayRefund ? (order) => (order.status === 'paid' ? <RefundButton order={order} /> : null) : undefined
      }
    />
  );
}

import { Anchor, Card } from '@mantine/core';
import type { OrganizationOrder } from '@prepwise/contract';
import { Link } from 'react-router';
import { DataList, useListState } from '../../components/back-office/data-list';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from '../../lib/i18n-react';
import { useOrganizationOrders } from './api';
import { useOrderColumns } from './order-columns';

/** /organization/transactions: the organization's orders (its packages), with the admin's columns. */
export function OrganizationTransactionsPage() {
  const { t } = useTranslation('payments');
  const state = useListState();
  const orders = useOrganizationOrders(state.page);
  const columns = useOrderColumns<OrganizationOrder>();
  return (
    <>
      <title>{`${t('organization.transactionsTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('organization.transactionsTitle')}
        description={t('organization.transactionsDescription')}
        actions={
          <Anchor component={Link} to="/organization/package">
            {t('organization.toPackage')}
          </Anchor>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <DataList<OrganizationOrder>
          label={t('organization.transactionsTitle')}
          query={orders}
          state={state}
          columns={columns}
          testId="organization-transaction-table"
          emptyText={t('organization.noTransactions')}
          minWidth={720}
        />
      </Card>
    </>
  );
}

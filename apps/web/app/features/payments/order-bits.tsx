import { Badge, Button, Divider, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { PaymentOrder } from '@prepwise/contract';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import { formatVnd, STATUS_COLORS } from './format';
import classes from './payments.module.css';

export function OrderStatusBadge({ order }: { order: Pick<PaymentOrder, 'status'> }) {
  const { t } = useTranslation('payments');
  return (
    <Badge variant="light" color={STATUS_COLORS[order.status]} data-testid="order-status">
      {t(`status.${order.status}`)}
    </Badge>
  );
}

/** What an order bought, in the reader's language. */
export function useOrderItem() {
  const { t } = useTranslation('payments');
  return (order: PaymentOrder) =>
    order.kind === 'top_up'
      ? t('kind.top_up')
      : order.kind === 'organization_package'
        ? `${t('kind.organization_package')}: ${order.description}`
        : `${t('kind.pack')}: ${order.pack?.name ?? order.description}`;
}

/** A printable receipt of one order (the browser's print dialog prints only the receipt). */
export function ReceiptModal({ order, onClose }: { order: PaymentOrder | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const user = useSessionUser();
  const item = useOrderItem();
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? t('orders.receiptOf', { code: order.code }) : ''}
      size="lg"
    >
      {order ? (
        <Stack gap="sm" data-testid="receipt" className={classes.receipt}>
          <Title order={2} size="h3">
            {t('receipt.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('receipt.issuer')}
          </Text>
          <Divider />
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={220}>{t('orders.code')}</Table.Th>
                <Table.Td>{order.code}</Table.Td>
              </Table.Tr>
              {user ? (
                <Table.Tr>
                  <Table.Th>{t('receipt.customer')}</Table.Th>
                  <Table.Td>
                    {user.full_name} ({user.email})
                  </Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th>{t('orders.item')}</Table.Th>
                <Table.Td>{item(order)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orders.method')}</Table.Th>
                <Table.Td>{t(`method.${order.method}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Td>
                  <OrderStatusBadge order={order} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orders.date')}</Table.Th>
                <Table.Td>{formatDateTime(order.created_at, i18n.language)}</Table.Td>
              </Table.Tr>
              {order.paid_at ? (
                <Table.Tr>
                  <Table.Th>{t('receipt.paidAt')}</Table.Th>
                  <Table.Td>{formatDateTime(order.paid_at, i18n.language)}</Table.Td>
                </Table.Tr>
              ) : null}
              {order.refunded_at ? (
                <Table.Tr>
                  <Table.Th>{t('receipt.refundedAt')}</Table.Th>
                  <Table.Td>{formatDateTime(order.refunded_at, i18n.language)}</Table.Td>
                </Table.Tr>
              ) : null}
              {order.provider_transaction_no ? (
                <Table.Tr>
                  <Table.Th>{t('receipt.transactionNo')}</Table.Th>
                  <Table.Td>{order.provider_transaction_no}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th>{t('receipt.total')}</Table.Th>
                <Table.Td fw={800}>{formatVnd(order.amount_vnd)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" className={classes.noPrint}>
            <Button variant="default" onClick={onClose}>
              {t('receipt.close')}
            </Button>
            <Button onClick={() => window.print()}>{t('receipt.print')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

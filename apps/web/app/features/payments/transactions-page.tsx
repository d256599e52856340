import { Alert, Button, Card, Chip, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { type PaymentOrder, TOP_UP_MAX_VND, TOP_UP_MIN_VND } from '@prepwise/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { startTopUp, useMyOrders, useWallet } from './api';
import { FieldErrorText } from './field-error';
import { formatSignedVnd, formatVnd } from './format';
import { OrderStatusBadge, ReceiptModal, useOrderItem } from './order-bits';

const PRESETS = [50_000, 100_000, 200_000, 500_000];

function TopUpCard() {
  const { t } = useTranslation('payments');
  const [amount, setAmount] = useState<number>(200_000);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const checkout = await startTopUp(amount);
      if (checkout.payment_url) window.location.assign(checkout.payment_url);
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('wallet.topUpTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wallet.topUpText')}
        </Text>
        <Chip.Group value={String(amount)} onChange={(value) => setAmount(Number(value))}>
          <Group gap="xs">
            {PRESETS.map((preset) => (
              <Chip key={preset} value={String(preset)} variant="outline">
                {formatVnd(preset)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <NumberInput
          label={t('wallet.amount')}
          value={amount}
          onChange={(value) => setAmount(typeof value === 'number' ? value : Number(value) || 0)}
          min={TOP_UP_MIN_VND}
          max={TOP_UP_MAX_VND}
          step={10_000}
          thousandSeparator="."
          decimalSeparator=","
          allowDecimal={false}
          error={<FieldErrorText error={error} field="amount_vnd" />}
        />
        <FieldErrorText error={error} field="method" block />
        {error && !(error as { errors?: object }).errors ? <ApiErrorAlert error={error} /> : null}
        <Button onClick={() => void submit()} loading={pending} data-testid="top-up">
          {t('wallet.topUp', { amount: formatVnd(amount) })}
        </Button>
      </Stack>
    </Card>
  );
}

/** /transactions: the learner's balance, top-up, orders (with printable receipts) and balance history. */
export function TransactionsPage() {
  const { t, i18n } = useTranslation('payments');
  const wallet = useWallet();
  const orders = useMyOrders();
  const item = useOrderItem();
  const [receipt, setReceipt] = useState<PaymentOrder | null>(null);

  return (
    <Stack gap="lg" maw={1040} mx="auto" px="md" py="xl">
      <title>{`${t('wallet.title')} · Prepwise`}</title>
      <PageHeader title={t('wallet.title')} description={t('wallet.description')} />
      <Group align="stretch" grow wrap="wrap">
        <Card withBorder radius="lg" padding="lg" miw={240}>
          <Text size="sm" c="dimmed">
            {t('wallet.balance')}
          </Text>
          <Text fz={32} fw={800} data-testid="wallet-balance">
            {wallet.data ? formatVnd(wallet.data.balance_vnd) : '…'}
          </Text>
        </Card>
        <TopUpCard />
      </Group>
      {wallet.error ? <ApiErrorAlert error={wallet.error} /> : null}
      {orders.error ? <ApiErrorAlert error={orders.error} /> : null}

      <section aria-labelledby="orders-title">
        <Title order={2} size="h3" id="orders-title" mb="sm">
          {t('orders.title')}
        </Title>
        {orders.data && orders.data.length === 0 ? (
          <Alert variant="light">{t('orders.none')}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.code')}</Table.Th>
                  <Table.Th>{t('orders.item')}</Table.Th>
                  <Table.Th ta="right">{t('orders.amount')}</Table.Th>
                  <Table.Th>{t('orders.method')}</Table.Th>
                  <Table.Th>{t('orders.status')}</Table.Th>
                  <Table.Th>{t('orders.date')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(orders.data ?? []).map((order) => (
                  <Table.Tr key={order.id} data-testid="order-row">
                    <Table.Td ff="monospace">{order.code}</Table.Td>
                    <Table.Td>{item(order)}</Table.Td>
                    <Table.Td ta="right">{formatVnd(order.amount_vnd)}</Table.Td>
                    <Table.Td>{t(`method.${order.method}`)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge order={order} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(order.created_at, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setReceipt(order)}
                        aria-label={t('orders.receiptOf', { code: order.code })}
                      >
                        {t('orders.receipt')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>

      <section aria-labelledby="ledger-title">
        <Title order={2} size="h3" id="ledger-title" mb="sm">
          {t('ledger.title')}
        </Title>
        {wallet.data && wallet.data.ledger.length === 0 ? (
          <Alert variant="light">{t('ledger.none')}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="ledger-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ledger.date')}</Table.Th>
                  <Table.Th>{t('ledger.kind')}</Table.Th>
                  <Table.Th>{t('ledger.order')}</Table.Th>
                  <Table.Th ta="right">{t('ledger.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(wallet.data?.ledger ?? []).map((entry) => (
                  <Table.Tr key={entry.id} data-testid="ledger-row">
                    <Table.Td>{formatDateTime(entry.created_at, i18n.language)}</Table.Td>
                    <Table.Td>{t(`ledgerKind.${entry.kind}`)}</Table.Td>
                    <Table.Td ff="monospace">{entry.order_code ?? '—'}</Table.Td>
                    <Table.Td ta="right" c={entry.amount_vnd > 0 ? 'teal' : undefined}>
                      {formatSignedVnd(entry.amount_vnd)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      <ReceiptModal order={receipt} onClose={() => setReceipt(null)} />
    </Stack>
  );
}

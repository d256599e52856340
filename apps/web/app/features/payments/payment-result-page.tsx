import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type PaymentReturn, WEB_PATHS } from '@prepwise/contract';
import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { formatVnd } from './format';
import { OrderStatusBadge } from './order-bits';

const REFRESH_MS = 2000;

const COLORS = {
  paid: 'teal',
  pending: 'blue',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'grape',
} as const;

/**
 * /payment-successful: where the gateway sends the learner back. It shows the order's real state (the
 * signature of the answer is checked, but only the IPN pays), and while the IPN has not arrived it says
 * the payment is being confirmed and reloads itself.
 */
export function PaymentResultPage({ result }: { result: PaymentReturn }) {
  const { t } = useTranslation('payments');
  const revalidator = useRevalidator();
  const { order } = result;
  const pending = order.status === 'pending';

  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [pending, revalidator]);

  const params = { code: order.code, amount: formatVnd(order.amount_vnd) };
  return (
    <Stack maw={640} mx="auto" px="md" py="xl" gap="md">
      <title>{`${t('result.title')} · Prepwise`}</title>
      {result.signature_valid ? null : (
        <Alert color="orange" variant="light" title={t('result.invalid')} data-testid="invalid-signature">
          {t('result.invalidText')}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="xl" data-testid="payment-result">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={1} size="h2" c={COLORS[order.status]}>
              {t(`result.${order.status}`)}
            </Title>
            {pending ? <Loader size="sm" aria-hidden /> : <OrderStatusBadge order={order} />}
          </Group>
          <Text>{t(`result.${order.status}Text`, params)}</Text>
          {order.status === 'paid' ? (
            <Text c="dimmed">{order.kind === 'top_up' ? t('result.paidTopUp') : t('result.paidPack')}</Text>
          ) : null}
          <Text fw={800} size="xl">
            {formatVnd(order.amount_vnd)}
          </Text>
          <Group mt="sm">
            <Button
              component={Link}
              to={WEB_PATHS.transactions}
              variant={order.kind === 'pack' ? 'default' : 'filled'}
            >
              {t('result.toTransactions')}
            </Button>
            {order.kind === 'pack' ? (
              <Button component={Link} to={WEB_PATHS.tests}>
                {t('result.toTests')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

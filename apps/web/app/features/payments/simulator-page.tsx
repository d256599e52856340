import { Alert, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { apiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { formatVnd } from './format';
import classes from './payments.module.css';

export interface SimulatorCheckout {
  valid: boolean;
  tmn_code: string;
  txn_ref: string;
  amount_vnd: number;
  order_info: string;
  expires: string;
}

type Outcome = 'pay' | 'cancel' | 'fail' | 'pay_twice' | 'pay_late';

/**
 * /payment-simulator: the local stand-in for VNPay's checkout (development and tests only). Its buttons
 * ask the simulator to send the signed IPN and then follow the signed return URL, as VNPay would.
 */
export function PaymentSimulatorPage({
  request,
  checkout,
}: {
  request: string;
  checkout: SimulatorCheckout;
}) {
  const { t } = useTranslation('payments');
  const [pending, setPending] = useState<Outcome | null>(null);
  const [error, setError] = useState<unknown>(null);

  const complete = async (outcome: Outcome) => {
    setPending(outcome);
    setError(null);
    try {
      const { return_url } = await apiClient.post('/public/payment-simulator/complete', {
        body: { request, outcome },
      });
      window.location.assign(return_url);
    } catch (caught) {
      setError(caught);
      setPending(null);
    }
  };

  return (
    <div className={classes.checkout}>
      <title>{`${t('simulator.title')} · VNPAY`}</title>
      <div className={classes.bankBar}>
        <Group justify="space-between">
          <Text fw={800} size="lg">
            VNPAY
          </Text>
          <Badge color="yellow" variant="filled">
            SANDBOX
          </Badge>
        </Group>
        <Text size="sm">{t('simulator.title')}</Text>
      </div>
      <Card
        withBorder
        radius={0}
        padding="lg"
        style={{ borderRadius: '0 0 var(--mantine-radius-lg) var(--mantine-radius-lg)' }}
      >
        <Stack gap="sm">
          <Alert variant="light" color="yellow">
            {t('simulator.notice')}
          </Alert>
          {checkout.valid ? (
            <>
              <Group justify="space-between">
                <Text c="dimmed">{t('simulator.merchant')}</Text>
                <Text fw={600}>Prepwise ({checkout.tmn_code})</Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t('simulator.order')}</Text>
                <Text ff="monospace" data-testid="simulator-order">
                  {checkout.txn_ref}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t('simulator.info')}</Text>
                <Text>{checkout.order_info}</Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Title order={1} size="h4">
                  {t('simulator.amount')}
                </Title>
                <Text fw={800} size="xl" c="blue" data-testid="simulator-amount">
                  {formatVnd(checkout.amount_vnd)}
                </Text>
              </Group>
              <Text size="sm">{t('simulator.card')}</Text>
              <ApiErrorAlert error={error} />
              <Group grow>
                <Button
                  variant="default"
                  onClick={() => void complete('cancel')}
                  loading={pending === 'cancel'}
                  disabled={pending !== null}
                >
                  {t('simulator.cancel')}
                </Button>
                <Button
                  onClick={() => void complete('pay')}
                  loading={pending === 'pay'}
                  disabled={pending !== null}
                >
                  {t('simulator.pay')}
                </Button>
              </Group>
              <Divider label={t('simulator.testing')} />
              <Group grow>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => void complete('fail')}
                  disabled={pending !== null}
                >
                  {t('simulator.fail')}
                </Button>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => void complete('pay_twice')}
                  disabled={pending !== null}
                >
                  {t('simulator.payTwice')}
                </Button>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => void complete('pay_late')}
                  disabled={pending !== null}
                >
                  {t('simulator.payLate')}
                </Button>
              </Group>
            </>
          ) : (
            <Alert color="red" variant="light" data-testid="simulator-invalid">
              {t('simulator.invalid')}
            </Alert>
          )}
        </Stack>
      </Card>
    </div>
  );
}

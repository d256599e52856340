import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WEB_PATHS } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import { buyPack } from './api';
import { formatVnd } from './format';

/**
 * The buy buttons of a pack on a locked test's page: from the wallet (paid at once, the page reloads with
 * the test open) or through VNPay (the browser goes to the gateway).
 */
export function PackPurchase({ pack }: { pack: { id: string; name: string; price_vnd: number } }) {
  const { t } = useTranslation('payments');
  const user = useSessionUser();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<'wallet' | 'vnpay' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const balance = user?.user_amount ?? 0;

  const buy = async (method: 'wallet' | 'vnpay') => {
    setPending(method);
    setError(null);
    try {
      const checkout = await buyPack(pack.id, method);
      if (checkout.payment_url) {
        window.location.assign(checkout.payment_url);
        return;
      }
      // The page reloads its data: the test opens and these buttons go away; the toast stays.
      notifications.show({ color: 'teal', message: t('buy.bought', { name: pack.name }) });
      setPending(null);
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught);
      setPending(null);
    }
  };

  return (
    <Stack gap="xs" mt="sm" data-testid="pack-purchase">
      <Text size="sm" c="dimmed">
        {t('buy.balance', { amount: formatVnd(balance) })}
      </Text>
      {error ? <ServerErrorAlert error={error} /> : null}
      <Group gap="xs">
        <Button
          size="sm"
          onClick={() => void buy('wallet')}
          loading={pending === 'wallet'}
          disabled={pending !== null || balance < pack.price_vnd}
        >
          {t('buy.withWallet')}
        </Button>
        <Button
          size="sm"
          variant="light"
          onClick={() => void buy('vnpay')}
          loading={pending === 'vnpay'}
          disabled={pending !== null}
        >
          {t('buy.withGateway')}
        </Button>
        {balance < pack.price_vnd ? (
          <Button size="sm" variant="subtle" component={Link} to={WEB_PATHS.transactions}>
            {t('buy.topUpFirst')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import type { Strategy } from '@prepwise/contract';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n-react';
import { refreshExpiredSession } from '../lib/token-refresh';

/** Shown instead of a page while an expired session is renewed (then the page reloads). */
export function SessionRefresher({ strategy }: { strategy: Strategy }) {
  const { t } = useTranslation();

  useEffect(() => {
    void refreshExpiredSession(strategy);
  }, [strategy]);

  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="session-refresher">
        <Loader size="md" />
        <Text c="dimmed">{t('session.restoring')}</Text>
      </Stack>
    </Center>
  );
}

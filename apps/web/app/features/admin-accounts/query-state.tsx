import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useTranslation } from '../../lib/i18n-react';

/** Loading, failure or the content of one query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (query.isPending || query.data === undefined) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm" c="dimmed" ml="sm">
          {t('common.loading')}
        </Text>
      </Center>
    );
  }
  return children(query.data);
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="gray" data-testid="empty-state">
      {children}
    </Alert>
  );
}

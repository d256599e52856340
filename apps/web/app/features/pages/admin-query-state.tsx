import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/api-error-alert';

/** Loading, failure or the content of one query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('siteAdmin');
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (query.isPending || query.data === undefined) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm" c="dimmed" ml="sm">
          {t('loading')}
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

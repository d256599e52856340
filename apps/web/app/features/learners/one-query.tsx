import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';

/** A page of one record: its failure, a spinner while it loads, then the page. */
export function OneQuery<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (query.data === undefined)
    return (
      <Center py="xl" role="status" aria-busy="true">
        <Loader size="sm" />
      </Center>
    );
  return children(query.data);
}

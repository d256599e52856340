import { Container } from '@mantine/core';
import { data } from 'react-router';
import { QueryProvider } from '../../components/query-provider';
import { NotebookPage } from '../../features/practice';
import { notebookApiFilter, readNotebookQuery } from '../../features/practice/notebook/notebook-query';
import { i18nHandle } from '../../lib/i18n';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import { server } from '../../lib/server-api';
import { refreshPending } from '../../lib/session.server';
import type { Route } from './+types/mistakes';

export const handle = i18nHandle('practice');

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readNotebookQuery(new URL(request.url));
  const [list, filters] = await Promise.all([
    server(context.api).get('/user/notebook', {
      query: { ...notebookApiFilter(query), page: query.page, pageSize: PAGE_SIZE },
    }),
    server(context.api).get('/user/notebook/filters'),
  ]);
  if (list.status === 401 || filters.status === 401) return refreshPending(request, context);
  if (!filters.ok) throw data(null, { status: 500 });
  const t = getServerT(getLocale(request), 'practice');
  // A stale filter in the address (a test no longer in the notebook) shows an empty page, not an error.
  const page = list.ok ? list.body.result : { items: [], page: 1, pageSize: PAGE_SIZE, total: 0 };
  return { page, filters: filters.body.result, query, title: t('notebook.metaTitle') };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function MistakesRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <QueryProvider>
      <Container size="md" py="xl">
        <NotebookPage page={loaderData.page} filters={loaderData.filters} query={loaderData.query} />
      </Container>
    </QueryProvider>
  );
}

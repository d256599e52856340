import { Container } from '@mantine/core';
import { ResultView } from '../../features/practice';
import { loadAttemptResult } from '../../features/practice/result.server';
import { i18nHandle } from '../../lib/i18n';
import type { Route } from './+types/test-history-result';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('practice');

export function loader({ params, context }: Route.LoaderArgs) {
  return loadAttemptResult(context.api, params.testSlug, params.resultId);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.result.test.title} · Prepwise` : 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function TestHistoryResultRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="xl">
      <ResultView result={loaderData.result} />
    </Container>
  );
}

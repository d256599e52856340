import { Container } from '@mantine/core';
import { NotebookScope, ResultView } from '../../features/practice';
import { loadAttemptResult } from '../../features/practice/results/result.server';
import { keepLoadedResult } from '../../features/practice/results/review-navigation';
import { ResultWords } from '../../features/vocabulary';
import { i18nHandle } from '../../lib/i18n';
import type { Route } from './+types/test-history-result';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('practice', 'vocabulary');

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadAttemptResult(request, context, params.testSlug, params.resultId);
}

/** Switching parts or jumping to a question keeps the loaded result. */
export const shouldRevalidate = keepLoadedResult;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.result ? `${loaderData.result.test.title} · Prepwise` : 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function TestHistoryResultRoute({ loaderData }: Route.ComponentProps) {
  // Null while an expired session is refreshed (the session layout shows the refresher instead).
  if (!loaderData) return null;
  return (
    <Container size="lg" py="xl">
      <NotebookScope attemptId={loaderData.result.id}>
        <ResultView
          result={loaderData.result}
          ownAttempt
          learnerTools={<ResultWords attemptId={loaderData.result.id} />}
        />
      </NotebookScope>
    </Container>
  );
}

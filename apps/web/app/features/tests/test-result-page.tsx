import { SimpleGrid } from '@mantine/core';
import type { TestKind } from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from '../../lib/i18n-react';
import { ResultView } from '../practice';
import { useTestAttemptResult } from './api';
import { testWeb } from './test-pages';

/**
 * /organization/test/manual/{id}/result/{resultId} and /organization/test/smart/{id}/result/{resultId}: a
 * student's attempt of the test — score, parts and the per-question review of their own paper — opened
 * from the test's results table.
 */
export function TestResultPage({
  testId,
  attemptId,
  kind,
}: {
  testId: string;
  attemptId: string;
  kind: TestKind;
}) {
  const { t } = useTranslation('practice');
  const scope = useBackOfficeScope();
  const result = useTestAttemptResult(testId, attemptId);
  const learner = result.data?.learner;
  return (
    <>
      <title>{`${t('result.adminTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('result.adminTitle')}
        description={learner ? [learner.full_name, learner.email].filter(Boolean).join(' · ') : undefined}
        back={{ to: testWeb(scope, `/${testId}/detail`, kind), label: result.data?.test.title ?? '…' }}
      />
      <QueryState query={result}>
        {(data) => (
          <SimpleGrid cols={1}>
            <ResultView result={data} retake={false} headingLevel={2} />
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

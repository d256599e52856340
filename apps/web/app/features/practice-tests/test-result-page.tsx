import { SimpleGrid } from '@mantine/core';
import type { TestKind } from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { usePermission } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import { EssayMarkingSlot, ResultView } from '../practice';
import { useTestAttemptResult } from './api';
import { EssayMarkForm } from './essay-mark-form';
import { testWeb } from './test-pages';

/**
 * /organization/test/manual/{id}/result/{resultId} and /organization/test/smart/{id}/result/{resultId}: a
 * student's attempt of the test — score, parts and the per-question review of their own paper — opened
 * from the test's results table. Whoever may edit the test marks the student's essays in the review.
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
  // Whoever may mark answers marks its essays, right in the review (issues 15, 28).
  const canMark = usePermission('update_marking');
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
            <EssayMarkingSlot.Provider
              value={
                canMark
                  ? (question) => (
                      <EssayMarkForm
                        key={`${question.id}:${question.teacher_mark?.marked_at ?? ''}`}
                        attemptId={attemptId}
                        question={question}
                      />
                    )
                  : null
              }
            >
              <ResultView result={data} retake={false} headingLevel={2} />
            </EssayMarkingSlot.Provider>
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

import { Anchor, Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { TestStats } from '@prepwise/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../../components/admin-ui';
import { useBackOfficeScope } from '../../../components/back-office/scope';
import { PageHeader } from '../../../components/page-header';
import { apiClient, scoped } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-react';
import { adminResultPath, enc, formatClock, formatScore } from '../format';
import { useAttemptScore } from '../history/attempts-table';
import classes from '../practice.module.css';
import { ResultView } from './result-view';

function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className={classes.stat} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={800} size="lg">
        {value}
      </Text>
    </div>
  );
}

function StatsContent({ stats, testId }: { stats: TestStats; testId: string }) {
  const { t, i18n } = useTranslation('practice');
  const scoreOf = useAttemptScore();
  return (
    <>
      <div className={classes.stats}>
        <Stat label={t('stats.attempts')} value={stats.attempt_count} testId="stat-attempts" />
        <Stat label={t('stats.learners')} value={stats.learner_count} />
        <Stat label={t('stats.submitted')} value={stats.submitted_count} testId="stat-submitted" />
        <Stat label={t('stats.inProgress')} value={stats.in_progress_count} />
        <Stat label={t('stats.average')} value={formatScore(stats.average_score)} />
        <Stat label={t('stats.best')} value={formatScore(stats.best_score)} />
        <Stat label={t('stats.averageTime')} value={formatClock(stats.average_time_seconds)} />
      </div>
      {stats.parts.length > 0 ? (
        <>
          <Title order={3} size="h6" mt="lg" mb="xs">
            {t('stats.partRates')}
          </Title>
          <Table withTableBorder verticalSpacing={4} data-testid="part-rates">
            <Table.Tbody>
              {stats.parts.map((part) => (
                <Table.Tr key={part.section_id}>
                  <Table.Td>{part.name}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {part.correct_rate === null ? '—' : `${Math.round(part.correct_rate * 100)}%`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
      <Title order={3} size="h6" mt="lg" mb="xs">
        {t('stats.recent')}
      </Title>
      {stats.recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('stats.none')}
        </Text>
      ) : (
        <div className={classes.tableWrap}>
          <Table striped withTableBorder miw={560} data-testid="recent-attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stats.learner')}</Table.Th>
                <Table.Th>{t('history.mode')}</Table.Th>
                <Table.Th>{t('result.score')}</Table.Th>
                <Table.Th>{t('history.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.recent.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>
                    {attempt.status === 'submitted' ? (
                      <Anchor
                        component={Link}
                        to={adminResultPath(attempt.learner.id, testId, attempt.id)}
                        size="sm"
                      >
                        {attempt.learner.full_name || attempt.learner.email}
                      </Anchor>
                    ) : (
                      <Text size="sm">{attempt.learner.full_name || attempt.learner.email}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`mode.${attempt.mode}`)}</Table.Td>
                  <Table.Td>
                    {attempt.status === 'submitted' ? scoreOf(attempt) : t('stats.inProgress')}
                  </Table.Td>
                  <Table.Td>
                    {formatDateTime(attempt.submitted_at ?? attempt.started_at, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </>
  );
}

/** The "Attempts" block of /admin/test/{id}/detail: counts, scores, time, per-part rates, recent attempts. */
export function TestAttemptStats({ testId }: { testId: string }) {
  const { t } = useTranslation('practice');
  const stats = useQuery({
    queryKey: ['admin', 'tests', 'stats', testId],
    queryFn: () => apiClient.get('/admin/tests/{id}/stats', { path: { id: testId } }),
  });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="attempt-stats">
      <Title order={2} size="h4" mb="sm">
        {t('stats.title')}
      </Title>
      <QueryState query={stats}>{(data) => <StatsContent stats={data} testId={testId} />}</QueryState>
    </Card>
  );
}

/**
 * /admin/students/{id}/test/{testId}/result/{resultId} and /organization/students/{id}/test/{testId}/result/{resultId}:
 * a learner's result in either back office (the scope's API decides which learners and tests it may
 * show), drawn by the learner's own result and review view.
 */
export function StudentResultPage({
  userId,
  testId,
  attemptId,
}: {
  userId: string;
  testId: string;
  attemptId: string;
}) {
  const { t } = useTranslation('practice');
  const scope = useBackOfficeScope();
  const result = useQuery({
    queryKey: [...scope.key, 'students', userId, 'attempts', attemptId],
    queryFn: () =>
      scoped(scope).get('/students/{id}/tests/{testId}/attempts/{attemptId}/result', {
        path: { id: userId, testId, attemptId },
      }),
  });
  const learner = result.data?.learner;
  return (
    <>
      <title>{`${t('result.adminTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('result.adminTitle')}
        description={
          learner ? `${learner.full_name ?? ''} ${learner.full_name ? '·' : ''} ${learner.email}` : undefined
        }
        back={{
          to: scope.web(`/students/${enc(userId)}/test/${enc(testId)}`),
          label: t('result.backToAttempts'),
        }}
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

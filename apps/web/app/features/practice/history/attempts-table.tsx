import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { type AttemptSummary, localName } from '@prepwise/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-react';
import { examPath, formatClock, formatScore, historyResultPath } from '../format';
import classes from '../practice.module.css';

/** "785 / 990" for a scored attempt, "31 / 40 correct" otherwise. */
export function useAttemptScore() {
  const { t } = useTranslation('practice');
  return (attempt: AttemptSummary) => {
    if (attempt.status !== 'submitted') return '—';
    if (attempt.score_total !== null && attempt.max_score !== null)
      return `${formatScore(attempt.score_total)} / ${formatScore(attempt.max_score)}`;
    if (attempt.grading === 'pending_manual') return t('result.pendingShort');
    return t('result.correctOf', { correct: attempt.correct, total: attempt.total });
  };
}

/** A learner's attempts of one test, newest first, each opening its result (or resuming). */
export function AttemptsTable({
  slug,
  attempts,
  resultPath = (id: string) => historyResultPath(slug, id),
}: {
  slug: string;
  attempts: AttemptSummary[];
  resultPath?: (id: string) => string;
}) {
  const { t, i18n } = useTranslation('practice');
  const scoreOf = useAttemptScore();
  return (
    <div className={classes.tableWrap}>
      <Table striped withTableBorder data-testid="attempts-table" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.mode')}</Table.Th>
            <Table.Th>{t('result.score')}</Table.Th>
            <Table.Th>{t('result.timeSpent')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('history.open')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.id} data-testid="attempt-row">
              <Table.Td>{formatDateTime(attempt.submitted_at ?? attempt.started_at, i18n.language)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={attempt.mode === 'full' ? 'blue' : 'grape'} size="sm">
                  {t(`mode.${attempt.mode}`)}
                </Badge>
                {attempt.mode === 'practice' ? (
                  <Text size="xs" c="dimmed" mt={2}>
                    {attempt.parts
                      .map((name, index) =>
                        localName({ name, name_en: attempt.parts_en?.[index] ?? null }, i18n.language),
                      )
                      .join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td fw={600}>{scoreOf(attempt)}</Table.Td>
              <Table.Td>
                {/* An unfinished attempt's time is counted at submission: it has none to show yet. */}
                {attempt.status === 'submitted'
                  ? formatClock(attempt.time_spent_seconds)
                  : t('history.inProgress')}
              </Table.Td>
              <Table.Td>
                {attempt.status === 'submitted' ? (
                  <Anchor component={Link} to={resultPath(attempt.id)} size="sm">
                    {t('history.viewResult')}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={examPath(slug, attempt.id)} size="sm">
                    {t('detail.resume')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

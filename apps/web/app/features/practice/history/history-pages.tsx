import { Alert, Anchor, Badge, Button, Card, Container, Group, Table, Text, Title } from '@mantine/core';
import { type HistoryItem, type HistoryTest, localName, localTitle, type Page } from '@prepwise/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-react';
import { formatScore, historyPath, testPath } from '../format';
import classes from '../practice.module.css';
import { AttemptsTable } from './attempts-table';
import { ProgressChart } from './progress-chart';

const scoreOf = (score: number | null, max: number | null) =>
  score === null ? '—' : max === null ? formatScore(score) : `${formatScore(score)} / ${formatScore(max)}`;

/** /test-history: every test the learner has taken, with attempts, best and latest score. */
export function TestHistoryPage({ history }: { history: Page<HistoryItem> }) {
  const { t, i18n } = useTranslation('practice');
  const { items } = history;
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('history.title')}</Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('history.lead')}
      </Text>
      {items.length === 0 ? (
        <Alert variant="light" color="gray" data-testid="empty-state">
          <Text>{t('history.none')}</Text>
          <Button component={Link} to="/tests" mt="sm" size="sm">
            {t('history.browse')}
          </Button>
        </Alert>
      ) : (
        <>
          {/* Phones: one card per test, every figure in view (the table would scroll sideways). */}
          <ul className={classes.historyCards} data-testid="history-cards">
            {items.map((item) => (
              <li key={item.test.id}>
                <Card withBorder radius="md" padding="md" data-testid="history-card">
                  <Anchor component={Link} to={historyPath(item.test.slug)} fw={600}>
                    {localTitle(item.test, i18n.language)}
                  </Anchor>
                  <Text size="xs" c="dimmed" mb="xs">
                    {localName(item.test.exam, i18n.language)}
                  </Text>
                  <dl className={classes.facts}>
                    <div>
                      <dt>{t('history.best')}</dt>
                      <dd data-testid="history-card-best">{scoreOf(item.best_score, item.max_score)}</dd>
                    </div>
                    <div>
                      <dt>{t('history.latest')}</dt>
                      <dd>{scoreOf(item.latest_score, item.max_score)}</dd>
                    </div>
                    <div>
                      <dt>{t('history.attempts')}</dt>
                      <dd>{item.attempt_count}</dd>
                    </div>
                    <div>
                      <dt>{t('history.lastDate')}</dt>
                      <dd>{formatDateTime(item.last_attempt_at, i18n.language)}</dd>
                    </div>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
          <div className={`${classes.tableWrap} ${classes.historyTable}`}>
            <Table striped withTableBorder miw={640} data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.test')}</Table.Th>
                  <Table.Th ta="right">{t('history.attempts')}</Table.Th>
                  <Table.Th ta="right">{t('history.best')}</Table.Th>
                  <Table.Th ta="right">{t('history.latest')}</Table.Th>
                  <Table.Th>{t('history.lastDate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.test.id} data-testid="history-row">
                    <Table.Td>
                      <Anchor component={Link} to={historyPath(item.test.slug)} fw={600}>
                        {localTitle(item.test, i18n.language)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {localName(item.test.exam, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{item.attempt_count}</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {scoreOf(item.best_score, item.max_score)}
                    </Table.Td>
                    <Table.Td ta="right">{scoreOf(item.latest_score, item.max_score)}</Table.Td>
                    <Table.Td>{formatDateTime(item.last_attempt_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
      {pages > 1 ? (
        <nav aria-label={t('catalogue.pagination')} className={classes.pager}>
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <Link
              key={page}
              to={page > 1 ? `${historyPath()}?page=${page}` : historyPath()}
              className={classes.pagerLink}
              aria-current={page === history.page ? 'page' : undefined}
              aria-label={t('catalogue.pageN', { page })}
            >
              {page}
            </Link>
          ))}
        </nav>
      ) : null}
    </Container>
  );
}

/** /test-history/{testSlug}: progress chart and every attempt of one test. */
export function TestProgressPage({ history }: { history: HistoryTest }) {
  const { t, i18n } = useTranslation('practice');
  const { test, attempts } = history;
  const submitted = attempts.filter((attempt) => attempt.status === 'submitted');
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={historyPath()} size="sm">
        ← {t('history.title')}
      </Anchor>
      <Group justify="space-between" align="flex-end" mt="sm" mb="lg">
        <div>
          <Badge variant="light">{localName(test.exam, i18n.language)}</Badge>
          <Title order={1} mt={6}>
            {localTitle(test, i18n.language)}
          </Title>
          <Text c="dimmed">{t('history.progressLead', { count: submitted.length })}</Text>
        </div>
        <Button component={Link} to={testPath(test.slug)}>
          {t('result.retake')}
        </Button>
      </Group>
      {submitted.length > 0 ? (
        <Card withBorder radius="lg" padding="lg" mb="xl">
          <Title order={2} size="h4" mb="sm">
            {t('chart.title')}
          </Title>
          <ProgressChart attempts={attempts} />
        </Card>
      ) : null}
      <Title order={2} size="h3" mb="sm">
        {t('history.allAttempts')}
      </Title>
      <AttemptsTable slug={test.slug} attempts={[...attempts].reverse()} />
    </Container>
  );
}

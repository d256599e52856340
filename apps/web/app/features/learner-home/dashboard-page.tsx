import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type LearnerDashboard,
  localName,
  localTitle,
  type StudyStreak,
  WEB_PATHS,
  type WeakSpot,
} from '@prepwise/contract';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore } from '../practice';
import classes from './dashboard.module.css';
import { formatDay, formatShortDay, formatVietnamTime, percentRight, vietnamDay } from './format';
import { GoalCard } from './goal-card';
import { assignedTestPath, examPath, resultPath, testPath } from './paths';

const ProgressChart = lazy(() => import('./progress-chart'));

const VOCABULARY_REVIEW = '/vocabulary/review';
const VOCABULARY = '/vocabulary';

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function StreakCard({ streak }: { streak: StudyStreak }) {
  const { t, i18n } = useTranslation('dashboard');
  const dayText = (day: StudyStreak['days'][number]) => {
    const parts = [
      day.attempts ? t('streak.attempts', { count: day.attempts }) : null,
      day.reviews ? t('streak.reviews', { count: day.reviews }) : null,
      day.dictation ? t('streak.dictation', { count: day.dictation }) : null,
    ].filter(Boolean);
    const date = formatDay(day.date, i18n.language);
    return parts.length
      ? t('streak.dayStudied', { date, what: parts.join(', ') })
      : t('streak.dayIdle', { date });
  };
  return (
    <Card title={t('streak.title')} id="streak-title">
      <Group gap="sm" align="baseline" mb={4}>
        <Text fw={800} fz={32} lh={1} data-testid="streak-current">
          {t('streak.current', { count: streak.current })}
        </Text>
        {streak.longest > streak.current ? (
          <Text size="sm" c="dimmed">
            {t('streak.longest', { count: streak.longest })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {streak.studied_today
          ? t('streak.todayDone')
          : streak.current > 0
            ? t('streak.todayPending')
            : t('streak.startPending')}
      </Text>
      <Box
        component="ol"
        aria-label={t('streak.stripLabel')}
        className={classes.strip}
        data-testid="streak-strip"
      >
        {streak.days.map((day) => {
          const studied = day.attempts + day.reviews + day.dictation > 0;
          return (
            <li
              key={day.date}
              className={classes.day}
              data-studied={studied || undefined}
              title={dayText(day)}
            >
              <span className={classes.dot} aria-hidden />
              <span className={classes.dayLabel} aria-hidden>
                {Number(day.date.slice(8))}
              </span>
              <VisuallyHidden>{dayText(day)}</VisuallyHidden>
            </li>
          );
        })}
      </Box>
      <Text size="xs" c="dimmed" mt="sm">
        {t('streak.rule')}
      </Text>
    </Card>
  );
}

function NextItem({
  title,
  meta,
  action,
  to,
  testId,
}: {
  title: string;
  meta?: ReactNode;
  action: string;
  to: string;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.nextItem} data-testid={testId}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{title}</Text>
        {meta ? (
          <Text size="sm" c="dimmed">
            {meta}
          </Text>
        ) : null}
      </div>
      <Button component={Link} to={to} size="compact-md" variant="light" style={{ flexShrink: 0 }}>
        {action}
      </Button>
    </Group>
  );
}

function WeakSpots({ spots }: { spots: WeakSpot[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const practice = useTranslation('practice');
  const tl = looseT(practice.t);
  const label = (spot: WeakSpot) =>
    spot.dimension === 'skill'
      ? tl(`breakdown.skills.${spot.key}`, { defaultValue: spot.key.replace(/-/g, ' ') })
      : localName(spot, i18n.language);
  return (
    <Card title={t('next.weakTitle')} id="weak-title">
      <div data-testid="weak-spots">
        {spots.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('next.noWeak')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {t('next.weakLead')}
            </Text>
            <Stack gap="sm">
              {spots.map((spot) => {
                const percent = Math.round(spot.accuracy * 100);
                return (
                  <div key={`${spot.dimension}:${spot.key}`} data-testid="weak-spot">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600}>{label(spot)}</Text>
                      <Text size="sm" c="dimmed">
                        {t('next.weakRow', { correct: spot.correct, total: spot.total, percent })}
                      </Text>
                    </Group>
                    <Progress
                      value={percent}
                      color={percent < 50 ? 'red' : 'orange'}
                      size="sm"
                      my={4}
                      aria-hidden
                    />
                    <Anchor component={Link} to={testPath(spot.test.slug)} size="sm">
                      {t('next.weakAction', { test: localTitle(spot.test, i18n.language) })}
                    </Anchor>
                  </div>
                );
              })}
            </Stack>
          </>
        )}
      </div>
    </Card>
  );
}

function NextSteps({ next }: { next: LearnerDashboard['next'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.language;
  const items: ReactNode[] = [];
  if (next.resume) {
    const resume = next.resume;
    items.push(
      <NextItem
        key="resume"
        testId="next-resume"
        title={t('next.resume', { test: localTitle(resume.test, i18n.language) })}
        meta={[
          t('next.resumeMeta', { answered: resume.answered, total: resume.total }),
          resume.deadline_at
            ? t('next.resumeDeadline', { time: formatVietnamTime(resume.deadline_at, locale) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        action={t('next.resumeAction')}
        to={examPath(resume.test.slug, resume.id, resume.organization_slug)}
      />,
    );
  }
  for (const assignment of next.assignments) {
    items.push(
      <NextItem
        key={assignment.id}
        testId="next-assignment"
        title={t('next.assignment', {
          test: localTitle(assignment.test, i18n.language),
          organization: assignment.organization.name,
        })}
        meta={
          assignment.state === 'upcoming'
            ? t('next.assignmentOpens', { date: formatDay(vietnamDay(assignment.opens_at), locale) })
            : t('next.assignmentCloses', { date: formatDay(vietnamDay(assignment.closes_at), locale) })
        }
        action={t('next.assignmentAction')}
        to={assignedTestPath(assignment.organization.slug, assignment.test.slug)}
      />,
    );
  }
  if (next.due_reviews > 0) {
    items.push(
      <NextItem
        key="reviews"
        testId="next-reviews"
        title={t('next.reviews', { count: next.due_reviews })}
        action={t('next.reviewsAction')}
        to={VOCABULARY_REVIEW}
      />,
    );
  }
  if (next.mistakes_to_review > 0) {
    items.push(
      <NextItem
        key="mistakes"
        testId="next-mistakes"
        title={t('next.mistakes', { count: next.mistakes_to_review })}
        action={t('next.mistakesAction')}
        to={WEB_PATHS.mistakes}
      />,
    );
  }
  return (
    <Card title={t('next.title')} id="next-title">
      {items.length > 0 ? (
        <Stack gap={0}>{items}</Stack>
      ) : (
        <NextItem
          testId="next-tests"
          title={t('next.allClear')}
          action={t('next.testsAction')}
          to={WEB_PATHS.tests}
        />
      )}
      {next.due_reviews === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('next.noReviews')}{' '}
          <Anchor component={Link} to={VOCABULARY} underline="always">
            {t('next.vocabularyAction')}
          </Anchor>
        </Text>
      ) : null}
    </Card>
  );
}

function ProgressSection({ progress }: { progress: LearnerDashboard['progress'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.language;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const newestFirst = [...progress.recent].reverse();
  return (
    <Card title={t('progress.title')} id="progress-title">
      {progress.recent.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('progress.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t('progress.lead', { count: progress.submitted_count, tests: progress.tests_taken })}
          </Text>
          {mounted ? (
            <Suspense fallback={<Box h={200} mb="md" />}>
              <ProgressChart
                label={t('progress.percent')}
                points={progress.recent.map((attempt) => ({
                  when: formatShortDay(vietnamDay(attempt.submitted_at), locale),
                  percent: percentRight(attempt.correct, attempt.total),
                }))}
              />
            </Suspense>
          ) : (
            <Box h={200} mb="md" />
          )}
          {/* Phones: one card per attempt (a wide table would hide the scores behind a scroll). */}
          <Stack
            gap={0}
            hiddenFrom="sm"
            component="ul"
            aria-label={t('progress.chartLabel')}
            className={classes.attemptList}
            data-testid="progress-list"
          >
            {newestFirst.map((attempt) => (
              <li key={attempt.id} className={classes.nextItem}>
                <Anchor
                  component={Link}
                  to={resultPath(attempt.test.slug, attempt.id, attempt.organization_slug)}
                  fw={600}
                >
                  {localTitle(attempt.test, i18n.language)}
                </Anchor>
                <Group justify="space-between" gap="xs" mt={2}>
                  <Text size="sm" c="dimmed">
                    {formatDay(vietnamDay(attempt.submitted_at), locale)} ·{' '}
                    {attempt.mode === 'full' ? t('progress.full') : t('progress.practice')}
                  </Text>
                  <Text size="sm" fw={600}>
                    {attempt.score_total !== null && attempt.max_score
                      ? `${formatScore(attempt.score_total)}/${formatScore(attempt.max_score)} · `
                      : ''}
                    {percentRight(attempt.correct, attempt.total)}%
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
          <Box visibleFrom="sm">
            <Table verticalSpacing="xs" data-testid="progress-table">
              <Table.Caption>{t('progress.chartLabel')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('progress.date')}</Table.Th>
                  <Table.Th>{t('progress.test')}</Table.Th>
                  <Table.Th>{t('progress.mode')}</Table.Th>
                  <Table.Th ta="right">{t('progress.score')}</Table.Th>
                  <Table.Th ta="right">{t('progress.right')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {newestFirst.map((attempt) => (
                  <Table.Tr key={attempt.id}>
                    <Table.Td>{formatDay(vietnamDay(attempt.submitted_at), locale)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={resultPath(attempt.test.slug, attempt.id, attempt.organization_slug)}
                        size="sm"
                      >
                        {localTitle(attempt.test, i18n.language)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={attempt.mode === 'full' ? 'violet-purple' : 'gray'}>
                        {attempt.mode === 'full' ? t('progress.full') : t('progress.practice')}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      {attempt.score_total !== null && attempt.max_score
                        ? `${formatScore(attempt.score_total)}/${formatScore(attempt.max_score)}`
                        : '—'}
                    </Table.Td>
                    <Table.Td ta="right">
                      {attempt.correct}/{attempt.total} ({percentRight(attempt.correct, attempt.total)}%)
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Anchor component={Link} to={WEB_PATHS.testHistory} size="sm" mt="sm" display="inline-block">
            {t('progress.history')}
          </Anchor>
        </>
      )}
    </Card>
  );
}

/** /dashboard: the learner home (issue 14). */
export function DashboardPage({ dashboard, name }: { dashboard: LearnerDashboard; name: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Container size="lg" py="xl" data-testid="learner-dashboard">
      <Title order={1} size="h2">
        {t('title', { name })}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('lead')}
      </Text>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <GoalCard goal={dashboard.goal} />
          <StreakCard streak={dashboard.streak} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <NextSteps next={dashboard.next} />
          <WeakSpots spots={dashboard.next.weak_spots} />
        </SimpleGrid>
        <ProgressSection progress={dashboard.progress} />
      </Stack>
    </Container>
  );
}

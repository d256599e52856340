import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { EducatorDashboard } from '@prepwise/contract';
import { hasPermission, type SessionUser } from '@prepwise/contract';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BuildingIcon, CardsIcon, ClipboardCheckIcon, UsersIcon } from '../../components/icons';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { findRouteAccess } from '../../lib/route-access';
import { formatScore } from '../practice';
import { useDashboard } from './api';

/** A portal page the user may open, or null (not declared in this build, or not allowed). */
export function usePortalLink(user: SessionUser): (path: string) => string | null {
  return (path) => {
    const access = findRouteAccess(path);
    if (access?.kind !== 'authenticated') return null;
    return hasPermission(user, access.permission) ? path : null;
  };
}

function Figure({
  label,
  value,
  hint,
  icon: Icon,
  to,
  testId,
}: {
  label: string;
  value: number;
  hint?: ReactNode;
  icon: ComponentType<{ size?: number }>;
  to: string | null;
  testId: string;
}) {
  const number = (
    <Text fz={32} fw={700} lh={1.1} data-testid={`${testId}-value`}>
      {value.toLocaleString()}
    </Text>
  );
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {to ? (
            <Anchor component={Link} to={to} underline="hover" c="inherit" aria-label={`${label}: ${value}`}>
              {number}
            </Anchor>
          ) : (
            number
          )}
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        <Icon size={28} />
      </Group>
    </Card>
  );
}

function LatestResults({
  results,
  link,
}: {
  results: NonNullable<EducatorDashboard['latest_results']>;
  link: (path: string) => string | null;
}) {
  const { t, i18n } = useTranslation('portal');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="md">
        {t('dashboard.latestResults')}
      </Title>
      {results.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="latest-results-empty">
          {t('dashboard.noResults')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="latest-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.columns.student')}</Table.Th>
                <Table.Th>{t('dashboard.columns.test')}</Table.Th>
                <Table.Th>{t('dashboard.columns.score')}</Table.Th>
                <Table.Th>{t('dashboard.columns.submitted')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((result) => {
                const student = link(`/organization/students/${result.student.id}`);
                return (
                  <Table.Tr key={result.attempt_id}>
                    <Table.Td>
                      {student ? (
                        <Anchor component={Link} to={student} size="sm" fw={600}>
                          {result.student.full_name}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={600}>
                          {result.student.full_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{result.test.title}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {result.score === null
                          ? '—'
                          : result.max_score === null
                            ? formatScore(result.score)
                            : t('dashboard.scoreOf', {
                                score: formatScore(result.score),
                                max: formatScore(result.max_score),
                              })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(result.submitted_at, i18n.language)}</Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** /organization: the portal's dashboard, with the organization's figures and status. */
export function OrganizationDashboard({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('portal');
  const dashboard = useDashboard();
  const link = usePortalLink(user);
  const data = dashboard.data;
  const organization = data?.organization ?? user.organization;
  const suspended = Boolean(data?.organization.suspended_at);
  // Each figure only when the answer has it: the server leaves out what the role may not see.
  const figures = data
    ? [
        data.students === undefined ? null : (
          <Figure
            key="students"
            label={t('dashboard.students')}
            value={data.students}
            icon={UsersIcon}
            to={link('/organization/students')}
            testId="figure-students"
          />
        ),
        data.classes === undefined ? null : (
          <Figure
            key="classes"
            label={t('dashboard.classes')}
            value={data.classes}
            icon={BuildingIcon}
            to={link('/organization/classes')}
            testId="figure-classes"
          />
        ),
        data.tests === undefined ? null : (
          <Figure
            key="tests"
            label={t('dashboard.tests')}
            value={data.tests}
            icon={ClipboardCheckIcon}
            to={link('/organization/test')}
            testId="figure-tests"
          />
        ),
        data.attempts_this_week === undefined ? null : (
          <Figure
            key="attempts"
            label={t('dashboard.attemptsThisWeek')}
            value={data.attempts_this_week}
            hint={t('dashboard.weekSince', { date: formatDateTime(data.week_start, i18n.language) })}
            icon={CardsIcon}
            to={null}
            testId="figure-attempts"
          />
        ),
      ].filter((figure) => figure !== null)
    : [];

  return (
    <Stack gap="lg">
      <title>{`${t('dashboard.title')} · Prepwise`}</title>
      <div>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t('dashboard.eyebrow')}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" data-testid="organization-name">
            {organization?.name ?? t('dashboard.noOrganization')}
          </Title>
          {organization ? (
            <Badge
              color={suspended ? 'red' : organization.status === 'approved' ? 'teal' : 'yellow'}
              variant="light"
              data-testid="organization-status"
            >
              {suspended ? t('dashboard.status.suspended') : t(`dashboard.status.${organization.status}`)}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed">{t('dashboard.greeting', { name: user.full_name })}</Text>
      </div>
      {suspended && data ? (
        <Alert
          color="red"
          variant="light"
          title={t('dashboard.suspendedTitle')}
          data-testid="suspended-notice"
        >
          <Text size="sm">
            {t('dashboard.suspendedNotice', {
              date: formatDateTime(data.organization.suspended_at, i18n.language),
            })}
          </Text>
          {data.organization.suspension_reason ? (
            <Text size="sm" mt={4}>
              {t('dashboard.suspendedReason', { reason: data.organization.suspension_reason })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {dashboard.error ? <ApiErrorAlert error={dashboard.error} /> : null}
      {data ? (
        <>
          {figures.length > 0 ? (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: Math.min(4, figures.length) }}
              spacing="lg"
              data-testid="dashboard-figures"
            >
              {figures}
            </SimpleGrid>
          ) : null}
          {data.latest_results ? (
            <LatestResults results={data.latest_results} link={link} />
          ) : (
            // The server leaves out what the role may not see (issue 26): say why the results are missing.
            <Text size="sm" c="dimmed" data-testid="latest-results-hidden">
              {t('dashboard.resultsHidden')}
            </Text>
          )}
        </>
      ) : dashboard.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          {t('dashboard.loading')}
        </Text>
      ) : null}
    </Stack>
  );
}

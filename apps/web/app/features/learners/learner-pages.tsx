import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Learner, LearnerDetail, StudentAttempt } from '@prepwise/contract';
import { DataTable } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { FormShell } from '../../components/back-office/form-shell';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { oneOf } from '../../lib/admin-query';
import { formatDateTime } from '../../lib/format';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore } from '../practice';
import {
  useLearner,
  useLearnerList,
  useLearnerTestAttempts,
  useOrganizationOptions,
  useUpdateLearner,
} from './api';

const enc = encodeURIComponent;
const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

const STATUS_COLOR: Record<Learner['status'], string> = {
  active: 'teal',
  disabled: 'red',
  pending: 'yellow',
};

export function LearnerStatusBadge({ status }: { status: Learner['status'] }) {
  const { t } = useTranslation('learners');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A score as "7.5 / 9 (28/40)", or "in progress". */
function ScoreText({ attempt }: { attempt: StudentAttempt }) {
  const { t } = useTranslation('learners');
  if (attempt.status === 'in_progress') return <>{t('attempts.inProgress')}</>;
  return (
    <>
      {`${formatScore(attempt.score ?? 0)}${attempt.max_score ? ` / ${formatScore(attempt.max_score)}` : ''} (${attempt.correct_count}/${attempt.question_count})`}
    </>
  );
}

/** /admin/students: every learner, with search, status, organization and activity filters. */
export function LearnerListPage() {
  const { t, i18n } = useTranslation('learners');
  const state = useListState({ filters: ['status', 'organization', 'activity'] });
  const learners = useLearnerList({
    page: state.page,
    search: state.search,
    status: oneOf(state.filters.status, ['active', 'disabled', 'pending'] as const),
    organization_id: state.filters.organization,
    has_attempts: oneOf(state.filters.activity, ['yes', 'no'] as const),
  });
  const organizations = useOrganizationOptions();
  return (
    <>
      <title>{`${t('list.title')} · Prepwise`}</title>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('list.search')} />
            <Select
              label={t('list.status')}
              placeholder={t('list.allStatuses')}
              data={(['active', 'disabled', 'pending'] as const).map((value) => ({
                value,
                label: t(`status.${value}`),
              }))}
              value={state.filters.status ?? null}
              onChange={(value) => state.setFilter('status', value)}
              clearable
              style={{ flex: '0 1 11rem' }}
            />
            <Select
              label={t('list.organization')}
              placeholder={t('list.allOrganizations')}
              data={(organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={state.filters.organization ?? null}
              onChange={(value) => state.setFilter('organization', value)}
              clearable
              searchable
              style={{ flex: '0 1 16rem' }}
            />
            <Select
              label={t('list.activity')}
              placeholder={t('list.anyActivity')}
              data={(['yes', 'no'] as const).map((value) => ({
                value,
                label: t(`list.hasAttempts.${value}`),
              }))}
              value={state.filters.activity ?? null}
              onChange={(value) => state.setFilter('activity', value)}
              clearable
              style={{ flex: '0 1 11rem' }}
            />
          </ListToolbar>
          <DataList<Learner>
            query={learners}
            state={state}
            label={t('list.title')}
            testId="learner-table"
            minWidth={820}
            emptyText={t('list.none')}
            noMatchText={t('list.noMatch')}
            columns={[
              {
                accessor: 'full_name',
                title: t('list.learner'),
                render: (learner) => (
                  <>
                    <Anchor component={Link} to={`/admin/students/${enc(learner.id)}`} fw={600}>
                      {learner.full_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {learner.email}
                    </Text>
                  </>
                ),
              },
              { accessor: 'organization_count', title: t('list.organizations'), textAlign: 'right' },
              { accessor: 'attempt_count', title: t('list.attempts'), textAlign: 'right' },
              {
                accessor: 'last_attempt_at',
                title: t('list.lastAttempt'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (l) => (l.last_attempt_at ? formatDateTime(l.last_attempt_at, i18n.language) : '—'),
              },
              {
                accessor: 'created_at',
                title: t('list.joined'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                render: (l) => formatDateTime(l.created_at, i18n.language),
              },
              {
                accessor: 'status',
                title: t('list.status'),
                render: (l) => <LearnerStatusBadge status={l.status} />,
              },
            ]}
            rowActions={(learner) => (
              <PermissionGate permission="update_student">
                <Button
                  component={Link}
                  to={`/admin/students/${enc(learner.id)}/edit`}
                  variant="light"
                  size="compact-sm"
                  aria-label={`${t('edit.title')}: ${learner.full_name}`}
                >
                  {t('list.edit')}
                </Button>
              </PermissionGate>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** Attempts as a table: the test links to the learner's attempts of it, a submitted one to its result. */
function AttemptsTable({ learnerId, attempts }: { learnerId: string; attempts: StudentAttempt[] }) {
  const { t, i18n } = useTranslation('learners');
  const scope = useBackOfficeScope();
  const base = (testId: string) => scope.web(`/students/${enc(learnerId)}/test/${enc(testId)}`);
  return (
    <DataTable
      withTableBorder={false}
      records={attempts}
      aria-label={t('attempts.title')}
      columns={[
        {
          accessor: 'test_title',
          title: t('attempts.test'),
          render: (a) => (
            <Anchor component={Link} to={base(a.test_id)}>
              {a.test_title}
            </Anchor>
          ),
        },
        { accessor: 'score', title: t('attempts.score'), render: (a) => <ScoreText attempt={a} /> },
        {
          accessor: 'started_at',
          title: t('attempts.date'),
          render: (a) => formatDateTime(a.submitted_at ?? a.started_at, i18n.language),
        },
        {
          accessor: 'id',
          title: '',
          textAlign: 'right',
          render: (a) =>
            a.status === 'submitted' ? (
              <Anchor component={Link} to={`${base(a.test_id)}/result/${enc(a.id)}`} size="sm">
                {t('attempts.viewResult')}
              </Anchor>
            ) : null,
        },
      ]}
    />
  );
}

/** /admin/students/{id}: profile, organizations, attempts and purchases. */
export function LearnerDetailPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('learners');
  const learner = useLearner(id);
  return (
    <QueryState query={learner}>
      {(l: LearnerDetail) => (
        <>
          <title>{`${l.full_name} · Prepwise`}</title>
          <PageHeader
            title={l.full_name}
            description={t('detail.title')}
            back={{ to: '/admin/students', label: t('detail.back') }}
            actions={
              <PermissionGate permission="update_student">
                <Button component={Link} to={`/admin/students/${enc(l.id)}/edit`}>
                  {t('edit.title')}
                </Button>
              </PermissionGate>
            }
          />
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('detail.profile')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                <Field label={t('detail.email')}>{l.email}</Field>
                <Field label={t('detail.phone')}>{l.phone ?? '—'}</Field>
                <Field label={t('list.status')}>
                  <LearnerStatusBadge status={l.status} />
                </Field>
                <Field label={t('list.joined')}>{formatDateTime(l.created_at, i18n.language)}</Field>
                <Field label={t('detail.lastLogin')}>
                  {l.last_login_at ? formatDateTime(l.last_login_at, i18n.language) : '—'}
                </Field>
                <Field label={t('detail.signIn')}>
                  {l.google_linked ? t('detail.google') : t('detail.password')}
                </Field>
                <Field label={t('detail.wallet')}>{vnd.format(l.wallet_balance_vnd)}</Field>
              </SimpleGrid>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('detail.organizations')}
              </Title>
              {l.organizations.length === 0 ? (
                <Text c="dimmed">{t('detail.noOrganizations')}</Text>
              ) : (
                <DataTable
                  withTableBorder={false}
                  records={l.organizations}
                  aria-label={t('detail.organizations')}
                  columns={[
                    {
                      accessor: 'name',
                      title: t('list.organization'),
                      render: (o) => (
                        <Anchor
                          component={Link}
                          to={`/admin/organization-management/list/${enc(o.id)}/${enc(l.id)}`}
                        >
                          {o.name}
                        </Anchor>
                      ),
                    },
                    {
                      accessor: 'student_code',
                      title: t('detail.code'),
                      render: (o) => o.student_code ?? '—',
                    },
                    {
                      accessor: 'membership',
                      title: t('list.status'),
                      render: (o) => t(`membership.${o.membership}`),
                    },
                    {
                      accessor: 'joined_at',
                      title: t('detail.joinedAt'),
                      render: (o) => formatDateTime(o.joined_at, i18n.language),
                    },
                  ]}
                />
              )}
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('attempts.title')}
              </Title>
              {l.attempts.length === 0 ? (
                <Text c="dimmed">{t('attempts.none')}</Text>
              ) : (
                <AttemptsTable learnerId={l.id} attempts={l.attempts} />
              )}
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('detail.purchases')}
              </Title>
              {l.purchases.length === 0 ? (
                <Text c="dimmed">{t('detail.noPurchases')}</Text>
              ) : (
                <DataTable
                  withTableBorder={false}
                  records={l.purchases}
                  aria-label={t('detail.purchases')}
                  columns={[
                    { accessor: 'code', title: t('detail.orderCode') },
                    { accessor: 'description', title: t('detail.orderWhat') },
                    {
                      accessor: 'amount_vnd',
                      title: t('detail.amount'),
                      textAlign: 'right',
                      render: (o) => vnd.format(o.amount_vnd),
                    },
                    { accessor: 'status', title: t('list.status'), render: (o) => t(`order.${o.status}`) },
                    {
                      accessor: 'created_at',
                      title: t('attempts.date'),
                      render: (o) => formatDateTime(o.paid_at ?? o.created_at, i18n.language),
                    },
                  ]}
                />
              )}
            </Card>
          </Stack>
        </>
      )}
    </QueryState>
  );
}

/** /admin/students/{id}/edit: name and status; disabling ends the learner's sessions. */
export function LearnerEditPage({ id }: { id: string }) {
  const learner = useLearner(id);
  return <QueryState query={learner}>{(l: LearnerDetail) => <LearnerEditForm learner={l} />}</QueryState>;
}

function LearnerEditForm({ learner }: { learner: LearnerDetail }) {
  const { t } = useTranslation('learners');
  const navigate = useNavigate();
  const update = useUpdateLearner(learner.id);
  const form = useAppForm({
    initialValues: {
      full_name: learner.full_name,
      status: (learner.status === 'disabled' ? 'disabled' : 'active') as string,
    },
    rules: { full_name: ['required'] },
  });
  const detail = `/admin/students/${enc(learner.id)}`;
  return (
    <>
      <title>{`${t('edit.title')} · ${learner.full_name} · Prepwise`}</title>
      <PageHeader
        title={t('edit.title')}
        description={`${learner.full_name} · ${learner.email}`}
        back={{ to: detail, label: learner.full_name }}
      />
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <FormShell
          form={form}
          testId="learner-form"
          submitLabel={t('edit.save')}
          onSubmit={(values) =>
            update.mutateAsync({
              full_name: values.full_name,
              status: values.status === 'disabled' ? 'disabled' : 'active',
            })
          }
          savedMessage={(saved) => saved.full_name}
          onSaved={() => navigate(detail)}
          actions={
            <Button component={Link} to={detail} variant="default">
              {t('edit.cancel')}
            </Button>
          }
        >
          <Stack gap="md">
            <TextInput
              label={t('edit.fullName')}
              withAsterisk
              maxLength={120}
              {...form.getInputProps('full_name')}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="learner-status-label">
                {t('list.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="learner-status-label"
                data={(['active', 'disabled'] as const).map((value) => ({
                  value,
                  label: t(`status.${value}`),
                }))}
                {...form.getInputProps('status')}
              />
            </div>
            {form.values.status === 'disabled' ? (
              <Alert color="yellow" variant="light">
                {t('edit.disabledHint')}
              </Alert>
            ) : null}
          </Stack>
        </FormShell>
      </Card>
    </>
  );
}

/**
 * /admin/students/{id}/test/{testId} and /organization/students/{id}/test/{testId}: a learner's
 * attempts of one test, each with its result (the scope decides which learners and tests exist).
 */
export function LearnerTestAttemptsPage({ id, testId }: { id: string; testId: string }) {
  const { t } = useTranslation('learners');
  const scope = useBackOfficeScope();
  const data = useLearnerTestAttempts(id, testId);
  const learnerPath = scope.web(`/students/${enc(id)}`);
  return (
    <QueryState query={data}>
      {(d) => (
        <>
          <title>{`${d.test.title} · ${d.learner.full_name} · Prepwise`}</title>
          <PageHeader
            title={d.test.title}
            description={t('testAttempts.description', { name: d.learner.full_name, email: d.learner.email })}
            back={{ to: learnerPath, label: d.learner.full_name }}
          />
          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h4">
                {t('testAttempts.title', { count: d.attempts.length })}
              </Title>
            </Group>
            {d.attempts.length === 0 ? (
              <Text c="dimmed">{t('attempts.none')}</Text>
            ) : (
              <AttemptsTable learnerId={d.learner.id} attempts={d.attempts} />
            )}
          </Card>
        </>
      )}
    </QueryState>
  );
}

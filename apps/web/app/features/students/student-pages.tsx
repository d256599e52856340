import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Student, StudentDetail } from '@prepwise/contract';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { FormShell } from '../../components/back-office/form-shell';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore } from '../practice';
import {
  isPortal,
  useClassOptions,
  useMoveStudents,
  useStudent,
  useStudentList,
  useStudentsScope,
  useUpdateStudent,
} from './api';

export function MembershipBadge({ status }: { status: Student['status'] }) {
  const { t } = useTranslation('students');
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

function ClassBadges({ classes }: { classes: { id: string; name: string }[] }) {
  const { t } = useTranslation('students');
  if (classes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noClasses')}
      </Text>
    );
  return (
    <Group gap={4}>
      {classes.map((c) => (
        <Badge key={c.id} variant="outline" size="sm" tt="none">
          {c.name}
        </Badge>
      ))}
    </Group>
  );
}

/** /organization/students (and the admin's organization page): students with search, class and status filters. */
export function StudentListPage({ embedded = false }: { embedded?: boolean }) {
  const { t, i18n } = useTranslation('students');
  const scope = useStudentsScope();
  const state = useListState({ filters: ['class', 'status'] });
  const status = state.filters.status === 'removed' ? 'removed' : 'active';
  const students = useStudentList({
    page: state.page,
    search: state.search,
    class_id: state.filters.class,
    status,
  });
  const classes = useClassOptions();
  const canUpdate = usePermission('update_student');
  const [selected, setSelected] = useState<Student[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveStudents();
  const classOptions = (classes.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  const fromClass = state.filters.class;

  const moveSelected = async () => {
    if (!fromClass || !target) return;
    const result = await move.mutateAsync({
      from: fromClass,
      to: target,
      userIds: selected.map((s) => s.id),
    });
    notifications.show({ color: 'teal', message: t('list.moved', { count: result.changed }) });
    setSelected([]);
  };

  return (
    <>
      {embedded ? null : <title>{`${t('list.title')} · Prepwise`}</title>}
      {embedded ? (
        <Title order={3}>{t('list.title')}</Title>
      ) : (
        <PageHeader
          title={t('list.title')}
          description={t('list.description')}
          actions={
            isPortal(scope) ? (
              <PermissionGate permission="update_student">
                <Button component={Link} to="/organization/students/invite" variant="light">
                  {t('menu.invite')}
                </Button>
                <Button component={Link} to="/organization/students/import">
                  {t('menu.import')}
                </Button>
              </PermissionGate>
            ) : null
          }
        />
      )}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('list.search')} />
            <Select
              label={t('list.class')}
              placeholder={t('list.allClasses')}
              data={classOptions}
              value={state.filters.class ?? null}
              onChange={(value) => {
                setSelected([]);
                state.setFilter('class', value);
              }}
              clearable
              searchable
              style={{ flex: '0 1 16rem' }}
            />
            <Select
              label={t('list.status')}
              data={(['active', 'removed'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
              value={status}
              onChange={(value) => state.setFilter('status', value === 'removed' ? 'removed' : null)}
              allowDeselect={false}
              style={{ flex: '0 1 10rem' }}
            />
          </ListToolbar>
          <DataList<Student>
            query={students}
            state={state}
            label={t('list.title')}
            testId="student-table"
            minWidth={760}
            emptyText={t('list.none')}
            noMatchText={t('list.noMatch')}
            selection={
              canUpdate && fromClass && isPortal(scope)
                ? {
                    selected,
                    onChange: setSelected,
                    actions: () => (
                      <Group gap="xs" align="flex-end">
                        <Text size="sm">{t('list.selected', { count: selected.length })}</Text>
                        <Select
                          aria-label={t('list.moveTo')}
                          placeholder={t('list.moveTo')}
                          data={classOptions.filter((c) => c.value !== fromClass)}
                          value={target}
                          onChange={setTarget}
                          size="xs"
                        />
                        <Button size="xs" onClick={moveSelected} disabled={!target} loading={move.isPending}>
                          {t('list.move')}
                        </Button>
                      </Group>
                    ),
                  }
                : undefined
            }
            columns={[
              {
                accessor: 'full_name',
                title: t('list.student'),
                render: (student) => (
                  <>
                    <Anchor component={Link} to={scope.studentPath(student.id)} fw={600}>
                      {student.full_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {student.email}
                    </Text>
                  </>
                ),
              },
              { accessor: 'student_code', title: t('list.code'), render: (s) => s.student_code ?? '—' },
              {
                accessor: 'classes',
                title: t('list.classes'),
                render: (s) => <ClassBadges classes={s.classes} />,
              },
              {
                accessor: 'last_activity_at',
                title: t('list.lastActivity'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (s) => (
                  <Text size="sm">
                    {s.last_activity_at ? formatDateTime(s.last_activity_at, i18n.language) : t('list.never')}
                  </Text>
                ),
              },
              {
                accessor: 'status',
                title: t('list.status'),
                render: (s) => <MembershipBadge status={s.status} />,
              },
            ]}
            rowActions={(student) => (
              <PermissionGate permission="update_student">
                <Button
                  component={Link}
                  to={scope.studentEditPath(student.id)}
                  variant="light"
                  size="compact-sm"
                  aria-label={`${t('edit.title')}: ${student.full_name}`}
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

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** A student's profile, classes and attempts. */
export function StudentDetailPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('students');
  const scope = useStudentsScope();
  const student = useStudent(id);
  return (
    <QueryState query={student}>
      {(s: StudentDetail) => (
        <>
          <title>{`${s.full_name} · Prepwise`}</title>
          <PageHeader
            title={s.full_name}
            description={t('detail.title')}
            back={{ to: scope.listPath, label: t('detail.back') }}
            actions={
              <PermissionGate permission="update_student">
                <Button component={Link} to={scope.studentEditPath(s.id)}>
                  {t('edit.title')}
                </Button>
              </PermissionGate>
            }
          />
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} size="h4" mb="md">
                {t('detail.profile')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                <Field label={t('detail.email')}>{s.email}</Field>
                <Field label={t('detail.phone')}>{s.phone ?? '—'}</Field>
                <Field label={t('list.code')}>{s.student_code ?? '—'}</Field>
                <Field label={t('list.status')}>
                  <MembershipBadge status={s.status} />{' '}
                  {s.has_password ? null : (
                    <Badge color="yellow" variant="light">
                      {t('detail.noPassword')}
                    </Badge>
                  )}
                </Field>
                <Field label={t('detail.joinedAt')}>{formatDateTime(s.joined_at, i18n.language)}</Field>
                <Field label={t('detail.joinedVia')}>{t(`via.${s.joined_via}`)}</Field>
                {s.removed_at ? (
                  <Field label={t('detail.removedAt')}>{formatDateTime(s.removed_at, i18n.language)}</Field>
                ) : null}
                <Field label={t('list.classes')}>
                  <ClassBadges classes={s.classes} />
                </Field>
                <Field label={t('detail.note')}>{s.note ?? '—'}</Field>
              </SimpleGrid>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} size="h4" mb="md">
                {t('detail.attempts')}
              </Title>
              {s.attempts.length === 0 ? (
                <Text c="dimmed">{t('detail.noAttempts')}</Text>
              ) : (
                <DataTable
                  withTableBorder={false}
                  records={s.attempts}
                  columns={[
                    {
                      accessor: 'test_title',
                      title: t('detail.test'),
                      render: (a) => (
                        <Anchor component={Link} to={scope.testPath(s.id, a.test_id)}>
                          {a.test_title}
                        </Anchor>
                      ),
                    },
                    {
                      accessor: 'score',
                      title: t('detail.score'),
                      render: (a) =>
                        a.status === 'in_progress'
                          ? t('detail.inProgress')
                          : `${formatScore(a.score ?? 0)}${a.max_score ? ` / ${formatScore(a.max_score)}` : ''} (${a.correct_count}/${a.question_count})`,
                    },
                    {
                      accessor: 'started_at',
                      title: t('detail.date'),
                      render: (a) => formatDateTime(a.submitted_at ?? a.started_at, i18n.language),
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

/** Student code, note, classes and status (the learner owns their name and email). */
export function StudentEditPage({ id }: { id: string }) {
  const student = useStudent(id);
  return <QueryState query={student}>{(s: StudentDetail) => <StudentEditForm student={s} />}</QueryState>;
}

function StudentEditForm({ student }: { student: StudentDetail }) {
  const { t } = useTranslation('students');
  const scope = useStudentsScope();
  const navigate = useNavigate();
  const update = useUpdateStudent(student.id);
  const classes = useClassOptions();
  const form = useAppForm({
    initialValues: {
      student_code: student.student_code ?? '',
      note: student.note ?? '',
      class_ids: student.classes.map((c) => c.id),
      status: student.status as string,
    },
  });
  const options = (classes.data?.items ?? [])
    .filter((c) => !c.archived || student.classes.some((own) => own.id === c.id))
    .map((c) => ({ value: c.id, label: c.name }));
  return (
    <>
      <title>{`${t('edit.title')} · ${student.full_name} · Prepwise`}</title>
      <PageHeader
        title={t('edit.title')}
        description={`${student.full_name} · ${student.email}`}
        back={{ to: scope.studentPath(student.id), label: student.full_name }}
      />
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <FormShell
          form={form}
          testId="student-form"
          submitLabel={t('edit.save')}
          onSubmit={(values) =>
            update.mutateAsync({
              student_code: values.student_code,
              note: values.note,
              class_ids: values.class_ids,
              status: values.status === 'removed' ? 'removed' : 'active',
            })
          }
          savedMessage={(saved) => saved.full_name}
          onSaved={(saved) => navigate(scope.studentPath(saved.id))}
          actions={
            <Button component={Link} to={scope.studentPath(student.id)} variant="default">
              {t('edit.cancel')}
            </Button>
          }
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('edit.nameHint')}
            </Text>
            <TextInput label={t('edit.code')} maxLength={40} {...form.getInputProps('student_code')} />
            <MultiSelect
              label={t('edit.classes')}
              data={options}
              searchable
              {...form.getInputProps('class_ids')}
            />
            <Textarea
              label={t('edit.note')}
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('note')}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('edit.status')}
              </Text>
              <SegmentedControl
                data={(['active', 'removed'] as const).map((value) => ({
                  value,
                  label: t(`status.${value}`),
                }))}
                {...form.getInputProps('status')}
              />
            </div>
            {form.values.status === 'removed' ? (
              <Alert color="yellow" variant="light">
                {t('edit.removedHint')}
              </Alert>
            ) : null}
          </Stack>
        </FormShell>
      </Card>
    </>
  );
}

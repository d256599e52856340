import {
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  ClassItem,
  Invitation,
  RosterImportResult,
  RosterPreview,
  RosterRow,
  Student,
} from '@prepwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmActionButton, ServerErrorAlert } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import {
  DataList,
  ListSearch,
  type ListState,
  ListToolbar,
  useListState,
} from '../../components/back-office/data-list';
import { FileImportPage } from '../../components/back-office/file-import';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import {
  templateUrl,
  useAddToClass,
  useArchiveClass,
  useClassList,
  useClassOptions,
  useInvitationList,
  useInvite,
  useJoinCode,
  useJoiners,
  useRegenerateJoinCode,
  useRevokeInvitation,
  useRosterImport,
  useRosterPreview,
  useSaveClass,
  useSetJoinDefault,
  useStudentsScope,
} from './api';

// ---------------------------------------------------------------- classes

function ClassModal({ editing, onClose }: { editing: ClassItem | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('students');
  const { t: tm } = useTranslation('messages');
  const save = useSaveClass();
  const current = editing && editing !== 'new' ? editing : null;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [opened, setOpened] = useState<ClassItem | 'new' | null>(null);
  if (editing !== opened) {
    setOpened(editing);
    setName(current?.name ?? '');
    setDescription(current?.description ?? '');
    save.reset();
  }
  const fieldError = (field: string) => {
    const key = (save.error as { errors?: Record<string, string> } | null)?.errors?.[field];
    return key ? looseT(tm)(key) : undefined;
  };
  const submit = async () => {
    try {
      await save.mutateAsync({ id: current?.id, body: { name, description } });
      notifications.show({ color: 'teal', message: t('classes.saved') });
      onClose();
    } catch {
      // Shown next to the field or in the alert.
    }
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={current ? t('classes.editTitle') : t('classes.createTitle')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('classes.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError('name')}
            maxLength={80}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label={t('classes.descriptionField')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          {save.error && !fieldError('name') ? <ApiErrorAlert error={save.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('classes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /organization/classes: classes with their student counts; create, rename, archive. */
export function ClassListPage() {
  const { t, i18n } = useTranslation('students');
  const state = useListState({ filters: ['state'] });
  const shown = (['active', 'archived', 'all'] as const).find((s) => s === state.filters.state) ?? 'active';
  const classes = useClassList({ page: state.page, search: state.search, state: shown });
  const archive = useArchiveClass();
  const [editing, setEditing] = useState<ClassItem | 'new' | null>(null);
  const toggle = (item: ClassItem, done?: () => void) =>
    archive.mutate(
      { id: item.id, archived: !item.archived },
      {
        onSuccess: () => {
          done?.();
          notifications.show({
            color: 'teal',
            message: item.archived ? t('classes.unarchivedToast') : t('classes.archivedToast'),
          });
        },
      },
    );
  return (
    <>
      <title>{`${t('classes.title')} · Prepwise`}</title>
      <PageHeader
        title={t('classes.title')}
        description={t('classes.description')}
        actions={
          <PermissionGate permission="update_student">
            <Button onClick={() => setEditing('new')}>{t('classes.create')}</Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('classes.search')} />
            <SegmentedControl
              aria-label={t('classes.state')}
              data={(['active', 'archived', 'all'] as const).map((value) => ({
                value,
                label: t(`classes.${value}`),
              }))}
              value={shown}
              onChange={(value) => state.setFilter('state', value === 'active' ? null : value)}
            />
          </ListToolbar>
          <DataList<ClassItem>
            query={classes}
            state={state}
            label={t('classes.title')}
            testId="class-table"
            emptyText={t('classes.none')}
            noMatchText={t('classes.noMatch')}
            columns={[
              {
                accessor: 'name',
                title: t('classes.name'),
                render: (item) => (
                  <>
                    <Anchor component={Link} to={`/organization/students?class=${item.id}`} fw={600}>
                      {item.name}
                    </Anchor>
                    {item.archived ? (
                      <Badge ml="xs" color="gray" variant="light" size="sm">
                        {t('classes.archived')}
                      </Badge>
                    ) : null}
                    {item.description ? (
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    ) : null}
                  </>
                ),
              },
              { accessor: 'student_count', title: t('classes.students') },
              {
                accessor: 'created_at',
                title: t('classes.created'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (item) => formatDateTime(item.created_at, i18n.language),
              },
            ]}
            rowActions={(item) => (
              <>
                <Button
                  component={Link}
                  to={`/organization/students?class=${item.id}`}
                  variant="subtle"
                  size="compact-sm"
                >
                  {t('classes.viewStudents')}
                </Button>
                <PermissionGate permission="update_student">
                  <Button
                    variant="light"
                    size="compact-sm"
                    onClick={() => setEditing(item)}
                    aria-label={`${t('classes.rename')}: ${item.name}`}
                  >
                    {t('classes.rename')}
                  </Button>
                  {item.archived ? (
                    <Button
                      variant="subtle"
                      color="teal"
                      size="compact-sm"
                      loading={archive.isPending && archive.variables?.id === item.id}
                      onClick={() => toggle(item)}
                      aria-label={`${t('classes.unarchive')}: ${item.name}`}
                    >
                      {t('classes.unarchive')}
                    </Button>
                  ) : (
                    <ConfirmActionButton
                      variant="subtle"
                      color="orange"
                      buttonColor="gray"
                      title={t('classes.archiveTitle')}
                      text={t('classes.archiveText', { name: item.name })}
                      confirmLabel={t('classes.archive')}
                      pending={archive.isPending}
                      error={archive.error}
                      reset={archive.reset}
                      onConfirm={(done) => toggle(item, done)}
                      ariaLabel={`${t('classes.archive')}: ${item.name}`}
                    >
                      {t('classes.archive')}
                    </ConfirmActionButton>
                  )}
                </PermissionGate>
              </>
            )}
          />
        </Stack>
      </Card>
      <ClassModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

// ---------------------------------------------------------------- invitations and join code

function JoinCodePanel() {
  const { t } = useTranslation('students');
  const code = useJoinCode();
  const regenerate = useRegenerateJoinCode();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} size="h4">
        {t('invite.codeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('invite.codeHint')}
      </Text>
      {code.error ? <ApiErrorAlert error={code.error} /> : null}
      {code.data ? (
        <Stack gap="sm">
          <Group>
            <Text ff="monospace" fz={28} fw={700} data-testid="join-code">
              {code.data.code}
            </Text>
            <CopyButton value={code.data.code}>
              {({ copied, copy }) => (
                <Button variant="light" size="xs" onClick={copy}>
                  {copied ? t('invite.copied') : t('invite.copy')}
                </Button>
              )}
            </CopyButton>
            <PermissionGate permission="update_student">
              <ConfirmActionButton
                size="xs"
                variant="subtle"
                title={t('invite.regenerate')}
                text={t('invite.regenerateConfirm')}
                cancelLabel={t('edit.cancel')}
                confirmLabel={t('invite.regenerate')}
                pending={regenerate.isPending}
                error={regenerate.error}
                reset={regenerate.reset}
                onConfirm={(done) =>
                  regenerate.mutate(undefined, {
                    onSuccess: () => {
                      done();
                      notifications.show({ color: 'teal', message: t('invite.regenerated') });
                    },
                  })
                }
              >
                {t('invite.regenerate')}
              </ConfirmActionButton>
            </PermissionGate>
          </Group>
          <TextInput label={t('invite.link')} value={code.data.link} readOnly data-testid="join-link" />
          <JoinDefaultClass current={code.data.default_class?.id ?? null} />
        </Stack>
      ) : null}
    </Card>
  );
}

const WAITING = 'waiting';

/** Where learners who join with the code go: one of the centre's open classes, or the waiting list. */
function JoinDefaultClass({ current }: { current: string | null }) {
  const { t } = useTranslation('students');
  const { t: tm } = useTranslation('messages');
  const classes = useClassOptions();
  const save = useSetJoinDefault();
  const canEdit = usePermission('update_student');
  const fieldKey = save.error instanceof ApiError ? save.error.errors?.default_class_id : undefined;
  const open = (classes.data?.items ?? []).filter((c) => !c.archived);
  return (
    <Stack gap={4}>
      <Select
        label={t('joined.defaultClass')}
        description={t('joined.defaultClassHint')}
        data={[
          { value: WAITING, label: t('joined.waitingList') },
          ...open.map((c) => ({ value: c.id, label: c.name })),
        ]}
        value={current ?? WAITING}
        onChange={async (value) => {
          if (!value) return;
          try {
            const saved = await save.mutateAsync(value === WAITING ? null : value);
            notifications.show({
              color: 'teal',
              message: saved.default_class
                ? t('joined.defaultSaved', { name: saved.default_class.name })
                : t('joined.waitingSaved'),
            });
          } catch {
            // Shown on the field or below.
          }
        }}
        disabled={!canEdit || save.isPending}
        allowDeselect={false}
        error={fieldKey ? looseT(tm)(fieldKey) : undefined}
        maw={420}
        data-testid="join-default-class"
      />
      {save.error && !fieldKey ? <ServerErrorAlert error={save.error} /> : null}
    </Stack>
  );
}

/** A list state kept in the component (the invite page's address already pages the invitations). */
function useLocalListState(
  filter: string,
): ListState & { filter: string; setFilterValue: (v: string) => void } {
  const [page, setPage] = useState(1);
  const [value, setValue] = useState(filter);
  const noop = () => undefined;
  return {
    page,
    search: undefined,
    filters: { state: value },
    sort: undefined,
    narrowed: value !== 'all',
    setPage,
    setSearch: noop,
    setFilter: noop,
    setFilters: noop,
    setSort: noop,
    filter: value,
    setFilterValue: (next) => {
      setValue(next);
      setPage(1);
    },
  };
}

/** The modal that puts a joined student into one of the centre's open classes. */
function AssignClassModal({ student, onClose }: { student: Student | null; onClose: () => void }) {
  const { t } = useTranslation('students');
  const classes = useClassOptions();
  const add = useAddToClass();
  const [classId, setClassId] = useState<string | null>(null);
  const open = (classes.data?.items ?? []).filter((c) => !c.archived);
  const close = () => {
    setClassId(null);
    add.reset();
    onClose();
  };
  return (
    <Modal
      opened={student !== null}
      onClose={close}
      title={student ? t('joined.assignTitle', { name: student.full_name }) : ''}
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!student || !classId) return;
          try {
            const result = await add.mutateAsync({ classId, userIds: [student.id] });
            notifications.show({
              color: 'teal',
              message: t('joined.assigned', { name: student.full_name, class: result.class.name }),
            });
            close();
          } catch {
            // Shown below.
          }
        }}
      >
        <Stack gap="md">
          <Select
            label={t('joined.assignClass')}
            data={open.map((c) => ({ value: c.id, label: c.name }))}
            value={classId}
            onChange={setClassId}
            searchable
            nothingFoundMessage={t('joined.noClasses')}
            data-autofocus
          />
          {add.error ? <ServerErrorAlert error={add.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!classId}>
              {t('joined.assign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Who joined with the code, newest first, with their class or "waiting"; a teacher assigns the waiting. */
function JoinersPanel() {
  const { t, i18n } = useTranslation('students');
  const scope = useStudentsScope();
  const state = useLocalListState('all');
  const joiners = useJoiners({ page: state.page, state: state.filter === 'waiting' ? 'waiting' : 'all' });
  const [assigning, setAssigning] = useState<Student | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="joiners-panel">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('joined.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('joined.hint')}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t('joined.show')}
          value={state.filter}
          onChange={state.setFilterValue}
          data={[
            { value: 'all', label: t('joined.all') },
            { value: 'waiting', label: t('joined.waiting') },
          ]}
        />
      </Group>
      <DataList<Student>
        query={joiners}
        state={state}
        label={t('joined.title')}
        testId="joiners-table"
        emptyText={t('joined.none')}
        noMatchText={t('joined.noneWaiting')}
        minWidth={520}
        columns={[
          {
            accessor: 'full_name',
            title: t('list.student'),
            render: (item) => (
              <>
                <Anchor component={Link} to={scope.studentPath(item.id)} size="sm" fw={600}>
                  {item.full_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.email}
                </Text>
              </>
            ),
          },
          {
            accessor: 'joined_at',
            title: t('joined.joinedAt'),
            render: (item) => formatDateTime(item.joined_at, i18n.language),
          },
          {
            accessor: 'classes',
            title: t('list.classes'),
            render: (item) =>
              item.classes.length > 0 ? (
                <Text size="sm">{item.classes.map((c) => c.name).join(', ')}</Text>
              ) : (
                <Badge color="orange" variant="light">
                  {t('joined.waitingBadge')}
                </Badge>
              ),
          },
        ]}
        rowActions={(item) =>
          state.filter === 'waiting' || item.classes.length === 0 ? (
            <PermissionGate permission="update_student">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => setAssigning(item)}
                aria-label={`${t('joined.assign')}: ${item.full_name}`}
              >
                {t('joined.assign')}
              </Button>
            </PermissionGate>
          ) : null
        }
      />
      <AssignClassModal student={assigning} onClose={() => setAssigning(null)} />
    </Card>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InviteForm() {
  const { t } = useTranslation('students');
  const invite = useInvite();
  const classes = useClassOptions();
  const [emails, setEmails] = useState('');
  const [classIds, setClassIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Addresses typed but not sent yet: leaving asks first (sending clears the field).
  useUnsavedChangesGuard(() => emails.trim() !== '');
  const submit = async () => {
    const list = [
      ...new Set(
        emails
          .split(/[\s,;]+/)
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (list.length === 0) return setError(t('invite.emailsRequired'));
    const wrong = list.find((e) => !EMAIL.test(e));
    if (wrong) return setError(t('invite.emailInvalid', { email: wrong }));
    setError(null);
    try {
      const result = await invite.mutateAsync({ emails: list, class_ids: classIds });
      notifications.show({ color: 'teal', message: t('invite.sent', { count: result.invited.length }) });
      if (result.already_students.length > 0) {
        notifications.show({
          color: 'yellow',
          message: t('invite.already', { emails: result.already_students.join(', ') }),
        });
      }
      setEmails('');
    } catch {
      // Shown below.
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} size="h4" mb="md">
        {t('invite.emailsTitle')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('invite.emails')}
            description={t('invite.emailsHint')}
            value={emails}
            onChange={(event) => setEmails(event.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
          />
          <MultiSelect
            label={t('invite.classes')}
            data={(classes.data?.items ?? [])
              .filter((c) => !c.archived)
              .map((c) => ({ value: c.id, label: c.name }))}
            value={classIds}
            onChange={setClassIds}
            searchable
            clearable
          />
          {invite.error ? <ServerErrorAlert error={invite.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending}>
              {t('invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const INVITATION_COLORS: Record<Invitation['status'], string> = {
  pending: 'blue',
  accepted: 'teal',
  revoked: 'gray',
  expired: 'orange',
};

function InvitationList() {
  const { t, i18n } = useTranslation('students');
  const state = useListState();
  const invitations = useInvitationList(state.page);
  const revoke = useRevokeInvitation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} size="h4" mb="md">
        {t('invite.listTitle')}
      </Title>
      <DataList<Invitation>
        query={invitations}
        state={state}
        label={t('invite.listTitle')}
        testId="invitation-table"
        emptyText={t('invite.none')}
        columns={[
          {
            accessor: 'email',
            title: t('invite.email'),
            render: (item) => (
              <>
                <Text size="sm">{item.email}</Text>
                {item.classes.length ? (
                  <Text size="xs" c="dimmed">
                    {item.classes.map((c) => c.name).join(', ')}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            accessor: 'status',
            title: t('invite.status'),
            render: (item) => (
              <Badge color={INVITATION_COLORS[item.status]} variant="light">
                {t(`invite.statusValues.${item.status}`)}
              </Badge>
            ),
          },
          {
            accessor: 'expires_at',
            title: t('invite.expires'),
            render: (item) => formatDateTime(item.expires_at, i18n.language),
          },
        ]}
        rowActions={(item) =>
          item.status === 'pending' ? (
            <PermissionGate permission="update_student">
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={revoke.isPending && revoke.variables === item.id}
                onClick={async () => {
                  await revoke.mutateAsync(item.id);
                  notifications.show({ color: 'teal', message: t('invite.revoked') });
                }}
                aria-label={`${t('invite.revoke')}: ${item.email}`}
              >
                {t('invite.revoke')}
              </Button>
            </PermissionGate>
          ) : null
        }
      />
    </Card>
  );
}

/** /organization/students/invite: the join code and link, e-mail invitations and their list. */
export function InvitePage() {
  const { t } = useTranslation('students');
  return (
    <>
      <title>{`${t('invite.title')} · Prepwise`}</title>
      <PageHeader
        title={t('invite.title')}
        description={t('invite.description')}
        back={{ to: '/organization/students', label: t('list.title') }}
      />
      <Stack gap="lg">
        <JoinCodePanel />
        <JoinersPanel />
        <PermissionGate permission="update_student">
          <InviteForm />
        </PermissionGate>
        <InvitationList />
      </Stack>
    </>
  );
}

// ---------------------------------------------------------------- roster import

/** /organization/students/import: a CSV/XLSX roster, previewed row by row, then saved all at once. */
export function ImportPage() {
  const { t } = useTranslation('students');
  const scope = useStudentsScope();
  return (
    <FileImportPage<RosterRow, RosterPreview, RosterImportResult>
      title={t('import.title')}
      description={t('import.description')}
      list={{ to: '/organization/students', label: t('list.title') }}
      template={{ label: t('import.template'), href: (format) => templateUrl(scope, format) }}
      fileLabel={t('import.file')}
      preview={useRosterPreview()}
      save={useRosterImport()}
      summary={(preview) => t('import.summary', { valid: preview.valid_count, errors: preview.error_count })}
      saveLabel={(preview) => t('import.save', { count: preview.rows.length })}
      fixFirst={t('import.fixFirst')}
      notes={(preview) =>
        preview.new_classes.length ? (
          <Text size="sm">{t('import.newClasses', { names: preview.new_classes.join(', ') })}</Text>
        ) : null
      }
      done={(result) =>
        t('import.done', {
          attached: result.attached,
          created: result.created,
          classes: result.classes_created,
        })
      }
      columns={[
        { accessor: 'email', title: t('import.email') },
        { accessor: 'full_name', title: t('import.fullName') },
        { accessor: 'student_code', title: t('import.code'), render: (row) => row.student_code ?? '' },
        { accessor: 'classes', title: t('import.classes'), render: (row) => row.classes.join(', ') },
        {
          accessor: 'account',
          title: t('import.account'),
          render: (row) => t(`import.accountValues.${row.account}`),
        },
      ]}
    />
  );
}

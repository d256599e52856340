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
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ClassItem, Invitation, RosterImportResult, RosterPreview, RosterRow } from '@prepwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmActionButton, ServerErrorAlert } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { FileImportPage } from '../../components/back-office/file-import';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import {
  templateUrl,
  useArchiveClass,
  useClassList,
  useClassOptions,
  useInvitationList,
  useInvite,
  useJoinCode,
  useRegenerateJoinCode,
  useRevokeInvitation,
  useRosterImport,
  useRosterPreview,
  useSaveClass,
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
        </Stack>
      ) : null}
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

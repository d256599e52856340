import { Card, Checkbox, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Permission, Role } from '@prepwise/contract';
import { useNavigate } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { type PermissionAction, permissionGroupsFor } from '../../lib/permission-groups';
import { useCreateRole, useRole, useUpdateRole } from './api';

const ACTIONS: PermissionAction[] = ['view', 'create', 'update', 'delete'];

type RoleValues = {
  name: string;
  description: string;
  permissions: string[];
};

/** Name, description and a permission matrix (resources × view/create/edit). */
function RoleForm({ role, onSaved }: { role?: Role; onSaved: (role: Role) => void }) {
  const { t } = useTranslation('admin');
  const { t: portal } = useTranslation('portal');
  const create = useCreateRole();
  const update = useUpdateRole(role?.id ?? '');
  const save = role ? update : create;
  const form = useAppForm<RoleValues>({
    initialValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
    rules: { name: ['required'], permissions: ['required'] },
    labels: { name: t('roles.fields.name'), permissions: t('roles.fields.permissions') },
  });
  const guard = useUnsavedChangesGuard(form.isDirty);
  const scope = useBackOfficeScope();
  const selected = new Set(form.values.permissions);
  // Only the permissions whose screens exist in this scope (lib/permission-groups.ts).
  const groups = permissionGroupsFor(scope.area);
  const offered = groups.flatMap((group) => group.permissions.map((item) => item.permission));

  const setPermissions = (next: Set<string>) => {
    // A permission the role holds but this editor does not offer stays as it is.
    const kept = form.values.permissions.filter((permission) => !(offered as string[]).includes(permission));
    form.setFieldValue('permissions', [...offered.filter((permission) => next.has(permission)), ...kept]);
    form.validateSoon('permissions');
  };
  const toggle = (permission: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(permission);
    else next.delete(permission);
    setPermissions(next);
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            name: values.name,
            description: values.description || null,
            permissions: values.permissions as Permission[],
          },
          {
            onSuccess: (saved) => {
              guard.allowLeave();
              onSaved(saved);
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="lg">
        {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
        <Stack gap="md" maw={560}>
          <TextInput label={t('roles.fields.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea
            label={t('roles.fields.description')}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
        </Stack>
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={2} size="h4">
                {t('roles.fields.permissions')}
                <Text span c="red" aria-hidden="true">
                  {' *'}
                </Text>
              </Title>
              <Text size="sm" c="dimmed">
                {scope.area === 'organization' ? portal('roles.permissionsHint') : t('roles.permissionsHint')}
              </Text>
            </div>
            <Text size="sm" c="dimmed" data-testid="permission-count">
              {t('roles.permissionCount', { count: offered.filter((item) => selected.has(item)).length })}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder verticalSpacing="xs" data-testid="permission-matrix">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roles.columns.resource')}</Table.Th>
                  {ACTIONS.map((action) => (
                    <Table.Th key={action} ta="center">
                      {t(`permissions.actions.${action}`)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="center">{t('roles.columns.all')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((group) => {
                  const resource = t(
                    `permissions.resources.${group.resource}` as 'permissions.resources.test',
                  );
                  const chosen = group.permissions.filter((item) => selected.has(item.permission)).length;
                  return (
                    <Table.Tr key={group.resource}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {resource}
                        </Text>
                      </Table.Td>
                      {ACTIONS.map((action) => {
                        const item = group.permissions.find((entry) => entry.action === action);
                        return (
                          <Table.Td key={action}>
                            {item ? (
                              <Checkbox
                                mx="auto"
                                w="fit-content"
                                checked={selected.has(item.permission)}
                                onChange={(event) => toggle(item.permission, event.currentTarget.checked)}
                                aria-label={`${resource}: ${t(`permissions.actions.${action}`)}`}
                                data-permission={item.permission}
                              />
                            ) : null}
                          </Table.Td>
                        );
                      })}
                      <Table.Td>
                        <Checkbox
                          mx="auto"
                          w="fit-content"
                          checked={chosen === group.permissions.length}
                          indeterminate={chosen > 0 && chosen < group.permissions.length}
                          onChange={(event) => {
                            const next = new Set(selected);
                            for (const item of group.permissions) {
                              if (event.currentTarget.checked) next.add(item.permission);
                              else next.delete(item.permission);
                            }
                            setPermissions(next);
                          }}
                          aria-label={t('roles.allOf', { resource })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {form.errorText('permissions') ? (
            <Text size="sm" c="red" role="alert">
              {form.errorText('permissions')}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <SubmitButton loading={save.isPending}>
            {role ? t('common.saveChanges') : t('roles.createSubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/staffs/role/create and /organization/staffs/role/create */
export function RoleCreatePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const LIST_PATH = useBackOfficeScope().web('/staffs/role');
  return (
    <>
      <title>{`${t('roles.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('roles.createTitle')}
        description={t('roles.createDescription')}
        back={{ to: LIST_PATH, label: t('roles.backToList') }}
      />
      <Card withBorder radius="lg" padding="lg">
        <RoleForm
          onSaved={(role) => {
            notifications.show({ color: 'teal', title: t('roles.createdTitle'), message: role.name });
            void navigate(LIST_PATH);
          }}
        />
      </Card>
    </>
  );
}

/** /admin/staffs/role/{id}/edit and /organization/staffs/role/{id}/edit */
export function RoleEditPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const LIST_PATH = useBackOfficeScope().web('/staffs/role');
  const role = useRole(id);
  return (
    <>
      <title>{`${t('roles.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={role.data ? t('roles.editNamed', { name: role.data.name }) : t('roles.editTitle')}
        description={role.data ? t('roles.heldBy', { count: role.data.staff_count }) : undefined}
        back={{ to: LIST_PATH, label: t('roles.backToList') }}
      />
      <Card withBorder radius="lg" padding="lg">
        <QueryState query={role}>
          {(data) => (
            <RoleForm
              role={data}
              onSaved={(saved) => {
                notifications.show({ color: 'teal', title: t('roles.savedTitle'), message: saved.name });
                void navigate(LIST_PATH);
              }}
            />
          )}
        </QueryState>
      </Card>
    </>
  );
}

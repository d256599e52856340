import { Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Role } from '@prepwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useListState } from '../../components/back-office/data-list';
import { fromSm, ListPage, RowLink } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useDeleteRole, useRoleList } from './api';

function DeleteRoleButton({ role }: { role: Role }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const remove = useDeleteRole();
  const held = role.staff_count > 0;
  const button = (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      disabled={held}
      onClick={() => setOpen(true)}
      aria-label={t('roles.deleteNamed', { name: role.name })}
    >
      {t('common.delete')}
    </Button>
  );
  return (
    <>
      {held ? (
        <Tooltip label={t('roles.deleteHeld', { count: role.staff_count })}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('roles.deleteTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('roles.deleteConfirm', { name: role.name })}</Text>
          {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(role.id, {
                  onSuccess: () => {
                    setOpen(false);
                    notifications.show({ color: 'teal', title: t('roles.deletedTitle'), message: role.name });
                  },
                })
              }
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /admin/staffs/role and /organization/staffs/role: the roles staff can be given, with their permissions. */
export function RoleListPage() {
  const { t, i18n } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const state = useListState();
  const roles = useRoleList({ page: state.page, search: state.search });
  const canUpdate = usePermission('update_role');
  const editPath = (role: Role) => scope.web(`/staffs/role/${role.id}/edit`);

  return (
    <ListPage<Role>
      title={t('roles.listTitle')}
      description={t('roles.listDescription')}
      create={{ to: scope.web('/staffs/role/create'), label: t('roles.create'), permission: 'create_role' }}
      searchPlaceholder={t('roles.searchPlaceholder')}
      query={roles}
      state={state}
      testId="role-table"
      emptyText={t('roles.none')}
      noMatchText={t('roles.noMatch')}
      columns={[
        {
          accessor: 'name',
          title: t('roles.columns.name'),
          render: (role) => (
            <>
              {canUpdate ? (
                <Anchor component={Link} to={editPath(role)} fw={600}>
                  {role.name}
                </Anchor>
              ) : (
                <Text fw={600}>{role.name}</Text>
              )}
              {role.description ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {role.description}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          accessor: 'permissions',
          title: t('roles.columns.permissions'),
          noWrap: true,
          render: (role) => (
            <Badge variant="light" radius="sm" style={{ overflow: 'visible' }}>
              {t('roles.permissionCount', { count: role.permissions.length })}
            </Badge>
          ),
        },
        { accessor: 'staff_count', title: t('roles.columns.staff') },
        {
          accessor: 'updated_at',
          title: t('roles.columns.updated'),
          visibleMediaQuery: fromSm,
          render: (role) => <Text size="sm">{formatDateTime(role.updated_at, i18n.language)}</Text>,
        },
      ]}
      rowActions={
        canUpdate
          ? (role) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RowLink to={editPath(role)} label={t('common.editNamed', { name: role.name })}>
                  {t('common.edit')}
                </RowLink>
                <DeleteRoleButton role={role} />
              </Group>
            )
          : undefined
      }
    />
  );
}

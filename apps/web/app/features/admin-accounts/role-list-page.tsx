import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { EDITOR_DEBOUNCE_MS, type Role } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { STAFF_PAGE_SIZE, useDeleteRole, useRoleList } from './api';
import { EmptyState, QueryState } from './query-state';

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

/** /admin/staffs/role: the roles staff can be given, with their permissions. */
export function RoleListPage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const searchParam = params.get('search') ?? undefined;
  const roles = useRoleList({ page, search: searchParam });
  const [search, setSearch] = useState(searchParam ?? '');
  const applySearch = useDebouncedCallback((value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('search', value.trim());
    else next.delete('search');
    next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  }, EDITOR_DEBOUNCE_MS);

  return (
    <>
      <title>{`${t('roles.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('roles.listTitle')}
        description={t('roles.listDescription')}
        actions={
          <PermissionGate permission="create_role">
            <Button component={Link} to="/admin/staffs/role/create" leftSection={<PlusIcon size={16} />}>
              {t('roles.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('common.search')}
            placeholder={t('roles.searchPlaceholder')}
            leftSection={<SearchIcon size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            maw={420}
          />
          <QueryState query={roles}>
            {(result) =>
              result.items.length === 0 ? (
                <EmptyState>{searchParam ? t('roles.noMatch') : t('roles.none')}</EmptyState>
              ) : (
                <>
                  <Table.ScrollContainer minWidth={720}>
                    <Table verticalSpacing="sm" highlightOnHover data-testid="role-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('roles.columns.name')}</Table.Th>
                          <Table.Th>{t('roles.columns.permissions')}</Table.Th>
                          <Table.Th>{t('roles.columns.staff')}</Table.Th>
                          <Table.Th>{t('roles.columns.updated')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {result.items.map((role) => (
                          <Table.Tr key={role.id}>
                            <Table.Td>
                              <PermissionGate
                                permission="update_role"
                                fallback={<Text fw={600}>{role.name}</Text>}
                              >
                                <Anchor component={Link} to={`/admin/staffs/role/${role.id}/edit`} fw={600}>
                                  {role.name}
                                </Anchor>
                              </PermissionGate>
                              {role.description ? (
                                <Text size="xs" c="dimmed" lineClamp={2}>
                                  {role.description}
                                </Text>
                              ) : null}
                            </Table.Td>
                            <Table.Td>
                              <Badge variant="light" radius="sm">
                                {t('roles.permissionCount', { count: role.permissions.length })}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{role.staff_count}</Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(role.updated_at, i18n.language)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <PermissionGate permission="update_role">
                                <Group gap={4} justify="flex-end" wrap="nowrap">
                                  <Button
                                    component={Link}
                                    to={`/admin/staffs/role/${role.id}/edit`}
                                    variant="light"
                                    size="compact-sm"
                                    aria-label={t('common.editNamed', { name: role.name })}
                                  >
                                    {t('common.edit')}
                                  </Button>
                                  <DeleteRoleButton role={role} />
                                </Group>
                              </PermissionGate>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <Group justify="space-between">
                    <Text size="sm" c="dimmed">
                      {t('common.total', { total: result.total })}
                    </Text>
                    {result.total > STAFF_PAGE_SIZE ? (
                      <Pagination
                        total={Math.ceil(result.total / result.pageSize)}
                        value={result.page}
                        onChange={(value) => {
                          const next = new URLSearchParams(params);
                          next.set('page', String(value));
                          setParams(next, { preventScrollReset: true });
                        }}
                        size="sm"
                      />
                    ) : null}
                  </Group>
                </>
              )
            }
          </QueryState>
        </Stack>
      </Card>
    </>
  );
}

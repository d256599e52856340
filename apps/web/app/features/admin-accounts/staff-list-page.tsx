import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { EDITOR_DEBOUNCE_MS, type Staff } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { STAFF_PAGE_SIZE, type StaffQuery, useRoleOptions, useStaffList } from './api';
import { EmptyState, QueryState } from './query-state';
import { StatusBadge } from './status-badge';
import { useCanEditStaff } from './use-can-edit-staff';

const STATUSES: Staff['status'][] = ['active', 'disabled'];

function readQuery(params: URLSearchParams): StaffQuery {
  const status = params.get('status');
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('search') ?? undefined,
    role_id: params.get('role') ?? undefined,
    status: status === 'active' || status === 'disabled' ? status : undefined,
  };
}

/** /admin/staffs/list: staff accounts with search, role and status filters. */
export function StaffListPage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const staff = useStaffList(query);
  const roles = useRoleOptions(usePermission('view_role'));
  const [search, setSearch] = useState(query.search ?? '');
  const canEdit = useCanEditStaff();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const applySearch = useDebouncedCallback(
    (value: string) => update({ search: value.trim() || null }),
    EDITOR_DEBOUNCE_MS,
  );

  return (
    <>
      <title>{`${t('staff.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('staff.listTitle')}
        description={t('staff.listDescription')}
        actions={
          <PermissionGate permission="create_user">
            <Button component={Link} to="/admin/staffs/list/create" leftSection={<PlusIcon size={16} />}>
              {t('staff.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('common.search')}
              placeholder={t('staff.searchPlaceholder')}
              leftSection={<SearchIcon size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
              style={{ flex: '1 1 16rem' }}
            />
            {roles.data ? (
              <Select
                label={t('fields.role')}
                placeholder={t('staff.allRoles')}
                data={roles.data.items.map((role) => ({ value: role.id, label: role.name }))}
                value={query.role_id ?? null}
                onChange={(value) => update({ role: value })}
                clearable
                style={{ flex: '0 1 14rem' }}
              />
            ) : null}
            <Select
              label={t('staff.statusLabel')}
              placeholder={t('staff.allStatuses')}
              data={STATUSES.map((status) => ({ value: status, label: t(`staff.status.${status}`) }))}
              value={query.status ?? null}
              onChange={(value) => update({ status: value })}
              clearable
              style={{ flex: '0 1 12rem' }}
            />
          </Group>
          <QueryState query={staff}>
            {(page) =>
              page.items.length === 0 ? (
                <EmptyState>
                  {query.search || query.role_id || query.status ? t('staff.noMatch') : t('staff.none')}
                </EmptyState>
              ) : (
                <>
                  <Table.ScrollContainer minWidth={720}>
                    <Table verticalSpacing="sm" highlightOnHover data-testid="staff-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('staff.columns.member')}</Table.Th>
                          <Table.Th>{t('fields.role')}</Table.Th>
                          <Table.Th>{t('staff.statusLabel')}</Table.Th>
                          <Table.Th>{t('staff.columns.lastLogin')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {page.items.map((member) => (
                          <Table.Tr key={member.id}>
                            <Table.Td>
                              <Anchor component={Link} to={`/admin/staffs/list/${member.id}/detail`} fw={600}>
                                {member.full_name}
                              </Anchor>
                              <Text size="xs" c="dimmed">
                                {member.email}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              {member.is_admin
                                ? t('home.superAdmin')
                                : (member.role?.name ?? t('home.noRole'))}
                            </Table.Td>
                            <Table.Td>
                              <StatusBadge status={member.status} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(member.last_login_at, i18n.language)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <Button
                                  component={Link}
                                  to={`/admin/staffs/list/${member.id}/detail`}
                                  variant="subtle"
                                  size="compact-sm"
                                  aria-label={t('common.viewNamed', { name: member.full_name })}
                                >
                                  {t('common.view')}
                                </Button>
                                {canEdit(member) ? (
                                  <Button
                                    component={Link}
                                    to={`/admin/staffs/list/${member.id}/edit`}
                                    variant="light"
                                    size="compact-sm"
                                    aria-label={t('common.editNamed', { name: member.full_name })}
                                  >
                                    {t('common.edit')}
                                  </Button>
                                ) : null}
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <Group justify="space-between">
                    <Text size="sm" c="dimmed">
                      {t('common.total', { total: page.total })}
                    </Text>
                    {page.total > STAFF_PAGE_SIZE ? (
                      <Pagination
                        total={Math.ceil(page.total / page.pageSize)}
                        value={page.page}
                        onChange={(value) => update({ page: String(value) })}
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

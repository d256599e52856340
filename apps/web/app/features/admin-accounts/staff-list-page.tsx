import { Anchor, Button, Card, Select, Stack, Text } from '@mantine/core';
import type { Staff } from '@prepwise/contract';
import { Link } from 'react-router';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useRoleOptions, useStaffList } from './api';
import { StatusBadge } from './status-badge';
import { useCanEditStaff } from './use-can-edit-staff';

const STATUSES: Staff['status'][] = ['active', 'disabled'];

/** /admin/staffs/list and /organization/staffs/list: staff accounts with search, role and status filters. */
export function StaffListPage() {
  const { t, i18n } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const state = useListState({ filters: ['role', 'status'] });
  const status = state.filters.status;
  const staff = useStaffList({
    page: state.page,
    search: state.search,
    role_id: state.filters.role,
    status: status === 'active' || status === 'disabled' ? status : undefined,
  });
  const roles = useRoleOptions(usePermission('view_role'));
  const canEdit = useCanEditStaff();
  const detailPath = (member: Staff) => scope.web(`/staffs/list/${member.id}/detail`);

  return (
    <>
      <title>{`${t('staff.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('staff.listTitle')}
        description={t('staff.listDescription')}
        actions={
          <PermissionGate permission="create_user">
            <Button
              component={Link}
              to={scope.web('/staffs/list/create')}
              leftSection={<PlusIcon size={16} />}
            >
              {t('staff.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('staff.searchPlaceholder')} />
            {roles.data ? (
              <Select
                label={t('fields.role')}
                placeholder={t('staff.allRoles')}
                data={roles.data.items.map((role) => ({ value: role.id, label: role.name }))}
                value={state.filters.role ?? null}
                onChange={(value) => state.setFilter('role', value)}
                clearable
                style={{ flex: '0 1 14rem' }}
              />
            ) : null}
            <Select
              label={t('staff.statusLabel')}
              placeholder={t('staff.allStatuses')}
              data={STATUSES.map((value) => ({ value, label: t(`staff.status.${value}`) }))}
              value={state.filters.status ?? null}
              onChange={(value) => state.setFilter('status', value)}
              clearable
              style={{ flex: '0 1 12rem' }}
            />
          </ListToolbar>
          <DataList<Staff>
            query={staff}
            state={state}
            label={t('staff.listTitle')}
            testId="staff-table"
            minWidth={720}
            emptyText={t('staff.none')}
            noMatchText={t('staff.noMatch')}
            columns={[
              {
                accessor: 'full_name',
                title: t('staff.columns.member'),
                render: (member) => (
                  <>
                    <Anchor component={Link} to={detailPath(member)} fw={600}>
                      {member.full_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </>
                ),
              },
              {
                accessor: 'role',
                title: t('fields.role'),
                render: (member) =>
                  member.is_admin ? t('home.superAdmin') : (member.role?.name ?? t('home.noRole')),
              },
              {
                accessor: 'status',
                title: t('staff.statusLabel'),
                render: (member) => <StatusBadge status={member.status} />,
              },
              {
                accessor: 'last_login_at',
                title: t('staff.columns.lastLogin'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (member) => (
                  <Text size="sm">{formatDateTime(member.last_login_at, i18n.language)}</Text>
                ),
              },
            ]}
            rowActions={(member) => (
              <>
                <Button
                  component={Link}
                  to={detailPath(member)}
                  variant="subtle"
                  size="compact-sm"
                  aria-label={t('common.viewNamed', { name: member.full_name })}
                >
                  {t('common.view')}
                </Button>
                {canEdit(member) ? (
                  <Button
                    component={Link}
                    to={scope.web(`/staffs/list/${member.id}/edit`)}
                    variant="light"
                    size="compact-sm"
                    aria-label={t('common.editNamed', { name: member.full_name })}
                  >
                    {t('common.edit')}
                  </Button>
                ) : null}
              </>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

import { Select, Text } from '@mantine/core';
import type { Staff } from '@prepwise/contract';
import { useListState } from '../../components/back-office/data-list';
import { fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useRoleOptions, useStaffList } from './api';
import { roleLabel } from './role-label';
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
    <ListPage<Staff>
      title={t('staff.listTitle')}
      description={t('staff.listDescription')}
      create={{ to: scope.web('/staffs/list/create'), label: t('staff.create'), permission: 'create_user' }}
      searchPlaceholder={t('staff.searchPlaceholder')}
      filters={
        <>
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
        </>
      }
      query={staff}
      state={state}
      testId="staff-table"
      minWidth={720}
      emptyText={t('staff.none')}
      noMatchText={t('staff.noMatch')}
      columns={[
        linkColumn('full_name', t('staff.columns.member'), detailPath, (member) => member.email),
        {
          accessor: 'role',
          title: t('fields.role'),
          render: (member) => roleLabel(t, member),
        },
        {
          accessor: 'status',
          title: t('staff.statusLabel'),
          render: (member) => <StatusBadge status={member.status} />,
        },
        {
          accessor: 'last_login_at',
          title: t('staff.columns.lastLogin'),
          visibleMediaQuery: fromSm,
          render: (member) => <Text size="sm">{formatDateTime(member.last_login_at, i18n.language)}</Text>,
        },
      ]}
      rowActions={(member) => (
        <>
          <RowLink
            to={detailPath(member)}
            variant="subtle"
            label={t('common.viewNamed', { name: member.full_name })}
          >
            {t('common.view')}
          </RowLink>
          {canEdit(member) ? (
            <RowLink
              to={scope.web(`/staffs/list/${member.id}/edit`)}
              label={t('common.editNamed', { name: member.full_name })}
            >
              {t('common.edit')}
            </RowLink>
          ) : null}
        </>
      )}
    />
  );
}

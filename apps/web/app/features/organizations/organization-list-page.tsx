import { Anchor, Button, Card, Select, Stack, Text } from '@mantine/core';
import { ORGANIZATION_FILTER_STATUSES, type OrganizationSummary } from '@prepwise/contract';
import { Link } from 'react-router';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useOrganizationList } from './api';
import { ORGANIZATION_PATHS } from './paths';
import { OrganizationStatusBadge } from './status-badge';

type Filter = (typeof ORGANIZATION_FILTER_STATUSES)[number];
const isFilter = (value: string | undefined): value is Filter =>
  (ORGANIZATION_FILTER_STATUSES as readonly string[]).includes(value ?? '');

/**
 * /admin/organization-management/list (every organization, status filter) and
 * /admin/organization-management/approve (the applications waiting for review).
 */
export function OrganizationListPage({ queue = false }: { queue?: boolean }) {
  const { t, i18n } = useTranslation('organizations');
  const state = useListState({ filters: queue ? [] : ['status'] });
  const status = queue ? 'pending' : state.filters.status;
  const organizations = useOrganizationList({
    page: state.page,
    search: state.search,
    status: isFilter(status) ? status : undefined,
  });
  const detailPath = (organization: OrganizationSummary) =>
    queue ? ORGANIZATION_PATHS.review(organization.id) : ORGANIZATION_PATHS.detail(organization.id);
  const title = queue ? t('queue.title') : t('list.title');

  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader
        title={title}
        description={queue ? t('queue.description') : t('list.description')}
        actions={
          queue ? null : (
            <PermissionGate permission="create_educator">
              <Button component={Link} to={ORGANIZATION_PATHS.create} leftSection={<PlusIcon size={16} />}>
                {t('list.create')}
              </Button>
            </PermissionGate>
          )
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('list.searchPlaceholder')} />
            {queue ? null : (
              <Select
                label={t('list.statusLabel')}
                placeholder={t('list.allStatuses')}
                data={ORGANIZATION_FILTER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
                value={state.filters.status ?? null}
                onChange={(value) => state.setFilter('status', value)}
                clearable
                style={{ flex: '0 1 12rem' }}
              />
            )}
          </ListToolbar>
          <DataList<OrganizationSummary>
            query={organizations}
            state={state}
            label={title}
            testId="organization-table"
            minWidth={820}
            emptyText={queue ? t('queue.none') : t('list.none')}
            noMatchText={t('list.noMatch')}
            columns={[
              {
                accessor: 'name',
                title: t('columns.organization'),
                render: (organization) => (
                  <>
                    <Anchor component={Link} to={detailPath(organization)} fw={600}>
                      {organization.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {organization.email}
                    </Text>
                  </>
                ),
              },
              {
                accessor: 'owner',
                title: t('columns.owner'),
                render: (organization) =>
                  organization.owner ? (
                    <>
                      <Text size="sm">{organization.owner.full_name}</Text>
                      <Text size="xs" c="dimmed">
                        {organization.owner.email}
                      </Text>
                    </>
                  ) : (
                    '—'
                  ),
              },
              {
                accessor: 'status',
                title: t('list.statusLabel'),
                width: 130,
                render: (organization) => <OrganizationStatusBadge organization={organization} />,
              },
              ...(queue
                ? []
                : [
                    {
                      accessor: 'staff_count',
                      title: t('columns.staff'),
                      textAlign: 'right' as const,
                    },
                    {
                      accessor: 'student_count',
                      title: t('columns.students'),
                      textAlign: 'right' as const,
                    },
                    {
                      accessor: 'test_count',
                      title: t('columns.tests'),
                      textAlign: 'right' as const,
                    },
                  ]),
              {
                accessor: 'created_at',
                title: queue ? t('columns.appliedAt') : t('columns.createdAt'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (organization) => (
                  <Text size="sm">{formatDateTime(organization.created_at, i18n.language)}</Text>
                ),
              },
            ]}
            rowActions={(organization) => (
              <Button
                component={Link}
                to={detailPath(organization)}
                variant={queue ? 'light' : 'subtle'}
                size="compact-sm"
                aria-label={t('list.openNamed', { name: organization.name })}
              >
                {queue ? t('queue.review') : t('list.open')}
              </Button>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

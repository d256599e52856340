import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { InfoRow, PermissionSummary } from '../back-office';
import { useStaff } from './api';
import { roleLabel } from './role-label';
import { StatusBadge } from './status-badge';
import { useCanEditStaff } from './use-can-edit-staff';

/** /admin/staffs/list/{id}/detail: one staff account and what its role allows. */
export function StaffDetailPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const member = useStaff(id);
  const canEdit = useCanEditStaff();
  return (
    <>
      <title>{`${member.data?.full_name ?? t('staff.detailTitle')} · Prepwise`}</title>
      <PageHeader
        title={member.data?.full_name ?? t('staff.detailTitle')}
        description={member.data?.email}
        back={{ to: scope.web('/staffs/list'), label: t('staff.backToList') }}
        actions={
          canEdit(member.data) ? (
            <Button component={Link} to={scope.web(`/staffs/list/${id}/edit`)}>
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      <QueryState query={member}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('staff.accountHeading')}
              </Title>
              <Stack gap="xs">
                <InfoRow label={t('fields.fullName')}>{data.full_name}</InfoRow>
                <InfoRow label={t('fields.email')}>{data.email}</InfoRow>
                <InfoRow label={t('fields.phone')}>{data.phone ?? '—'}</InfoRow>
                <InfoRow label={t('staff.statusLabel')}>
                  <StatusBadge status={data.status} />
                </InfoRow>
                <InfoRow label={t('staff.columns.lastLogin')}>
                  {formatDateTime(data.last_login_at, i18n.language)}
                </InfoRow>
                <InfoRow label={t('staff.createdAt')}>
                  {formatDateTime(data.created_at, i18n.language)}
                </InfoRow>
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="md">
                {roleLabel(t, data)}
              </Title>
              {data.is_admin ? (
                t('home.superAdminHint')
              ) : (
                <Stack gap="sm">
                  {data.is_owner ? <Text c="dimmed">{t('home.ownerHint')}</Text> : null}
                  <PermissionSummary permissions={data.permissions} />
                </Stack>
              )}
            </Card>
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

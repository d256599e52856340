import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationDetail } from '@prepwise/contract';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmActionButton, QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { isFieldValidationError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { StaffListPage } from '../admin-accounts';
import { InfoRow } from '../back-office';
import { AdminOrganizationStudentsScope, StudentListPage } from '../students';
import { type OrganizationAction, useOrganization, useOrganizationAction } from './api';
import { ORGANIZATION_PATHS } from './paths';
import { OrganizationStaffScope } from './staff-scope';
import { OrganizationStatusBadge } from './status-badge';

const TABS = ['profile', 'staff', 'students', 'tests', 'usage'] as const;
type Tab = (typeof TABS)[number];

/** Reject and suspend ask for a reason (mailed to the owner on rejection). */
function ReasonDialog({
  organization,
  action,
  opened,
  onClose,
}: {
  organization: OrganizationDetail;
  action: 'reject' | 'suspend';
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const mutation = useOrganizationAction(organization.id, action);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(t('actions.reasonRequired'));
      return;
    }
    mutation.mutate(reason.trim(), {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: t(`actions.${action}Done`), message: organization.name });
        setReason('');
        onClose();
      },
      onError: (failure) => {
        if (isFieldValidationError(failure)) setError(t('actions.reasonRequired'));
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(`actions.${action}Title`, { name: organization.name })}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`actions.${action}Hint`)}
        </Text>
        {mutation.error && !isFieldValidationError(mutation.error) ? (
          <ApiErrorAlert error={mutation.error} />
        ) : null}
        <Textarea
          label={t('actions.reason')}
          withAsterisk
          autosize
          minRows={3}
          value={reason}
          error={error}
          data-autofocus
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color={action === 'reject' ? 'red' : 'orange'}
            loading={mutation.isPending}
            onClick={submit}
          >
            {t(`actions.${action}Confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DirectAction({
  organization,
  action,
  color,
}: {
  organization: OrganizationDetail;
  action: Extract<OrganizationAction, 'approve' | 'reactivate'>;
  color: string;
}) {
  const { t } = useTranslation('organizations');
  const mutation = useOrganizationAction(organization.id, action);
  return (
    <ConfirmActionButton
      size="sm"
      variant="filled"
      color={color}
      title={t(`actions.${action}Title`, { name: organization.name })}
      text={t(`actions.${action}Text`, { name: organization.name })}
      confirmLabel={t(`actions.${action}`)}
      cancelLabel={t('actions.cancel')}
      pending={mutation.isPending}
      error={mutation.error}
      reset={mutation.reset}
      onConfirm={(done) =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            done();
            notifications.show({
              color: 'teal',
              title: t(`actions.${action}Done`),
              message: organization.name,
            });
          },
        })
      }
    >
      {t(`actions.${action}`)}
    </ConfirmActionButton>
  );
}

function Actions({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const [dialog, setDialog] = useState<'reject' | 'suspend' | null>(null);
  return (
    <PermissionGate permission="create_educator">
      <Group gap="sm">
        {organization.status !== 'approved' ? (
          <DirectAction organization={organization} action="approve" color="teal" />
        ) : null}
        {organization.status === 'pending' ? (
          <Button color="red" variant="light" onClick={() => setDialog('reject')}>
            {t('actions.reject')}
          </Button>
        ) : null}
        {organization.status === 'approved' && !organization.suspended_at ? (
          <Button color="orange" variant="light" onClick={() => setDialog('suspend')}>
            {t('actions.suspend')}
          </Button>
        ) : null}
        {organization.suspended_at ? (
          <DirectAction organization={organization} action="reactivate" color="teal" />
        ) : null}
        <Button component={Link} to={ORGANIZATION_PATHS.edit(organization.id)} variant="default">
          {t('actions.edit')}
        </Button>
      </Group>
      {dialog ? (
        <ReasonDialog
          organization={organization}
          action={dialog}
          opened={dialog !== null}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </PermissionGate>
  );
}

function Figure({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid="figure">
        {value}
      </Text>
      {children}
    </Card>
  );
}

function Profile({ organization }: { organization: OrganizationDetail }) {
  const { t, i18n } = useTranslation('organizations');
  return (
    <Stack gap="lg">
      {organization.suspended_at ? (
        <Alert color="orange" variant="light" title={t('detail.suspendedTitle')}>
          {t('detail.suspendedSince', { date: formatDateTime(organization.suspended_at, i18n.language) })}
          {organization.suspension_reason ? ` — ${organization.suspension_reason}` : null}
        </Alert>
      ) : null}
      {organization.status === 'rejected' && organization.review_note ? (
        <Alert color="red" variant="light" title={t('detail.rejectedTitle')}>
          {organization.review_note}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('detail.profileHeading')}
          </Title>
          <Stack gap="xs">
            <InfoRow label={t('fields.slug')}>
              <span data-testid="organization-slug">{organization.slug}</span>
            </InfoRow>
            <InfoRow label={t('fields.email')}>{organization.email}</InfoRow>
            <InfoRow label={t('fields.phone')}>{organization.phone ?? '—'}</InfoRow>
            <InfoRow label={t('fields.address')}>{organization.address ?? '—'}</InfoRow>
            <InfoRow label={t('fields.website')}>{organization.website ?? '—'}</InfoRow>
            <InfoRow label={t('fields.listed')}>
              {organization.is_listed ? t('detail.yes') : t('detail.no')}
            </InfoRow>
            <InfoRow label={t('columns.createdAt')}>
              {formatDateTime(organization.created_at, i18n.language)}
            </InfoRow>
            <InfoRow label={t('detail.reviewedAt')}>
              {organization.reviewed_at ? formatDateTime(organization.reviewed_at, i18n.language) : '—'}
            </InfoRow>
          </Stack>
          {organization.description ? (
            <Text size="sm" mt="md" style={{ whiteSpace: 'pre-line' }}>
              {organization.description}
            </Text>
          ) : null}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('detail.ownerHeading')}
          </Title>
          {organization.owner ? (
            <Stack gap="xs">
              <InfoRow label={t('fields.ownerName')}>{organization.owner.full_name}</InfoRow>
              <InfoRow label={t('fields.ownerEmail')}>{organization.owner.email}</InfoRow>
              <InfoRow label={t('detail.ownerLanguage')}>
                {t(`detail.language.${organization.owner.locale === 'en' ? 'en' : 'vi'}`)}
              </InfoRow>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('detail.noOwner')}
            </Text>
          )}
          {organization.join_code ? (
            <Group gap="xs" mt="md">
              <Text size="sm" c="dimmed">
                {t('detail.joinCode')}
              </Text>
              <Code fz="md">{organization.join_code}</Code>
            </Group>
          ) : null}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/organization-management/list/{id} and /approve/{id}/detail: one organization and what it holds. */
export function OrganizationDetailPage({ id, review = false }: { id: string; review?: boolean }) {
  const { t } = useTranslation('organizations');
  const organization = useOrganization(id);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = review ? 'profile' : (TABS.find((value) => value === requested) ?? 'profile');
  const data = organization.data;

  return (
    <>
      <title>{`${data?.name ?? t('detail.title')} · Prepwise`}</title>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {data?.name ?? t('detail.title')}
            {data ? <OrganizationStatusBadge organization={data} /> : null}
          </Group>
        }
        description={data?.email}
        back={
          review
            ? { to: ORGANIZATION_PATHS.queue, label: t('backToQueue') }
            : { to: ORGANIZATION_PATHS.list, label: t('backToList') }
        }
        actions={data ? <Actions organization={data} /> : null}
      />
      <QueryState query={organization}>
        {(detail) =>
          review ? (
            <Profile organization={detail} />
          ) : (
            <Tabs
              value={tab}
              onChange={(value) => {
                const next = new URLSearchParams();
                if (value && value !== 'profile') next.set('tab', value);
                setParams(next, { replace: true, preventScrollReset: true });
              }}
              keepMounted={false}
            >
              <Tabs.List mb="lg">
                {TABS.map((value) => (
                  <Tabs.Tab key={value} value={value}>
                    {t(`tabs.${value}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="profile">
                <Profile organization={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="staff">
                <OrganizationStaffScope organizationId={detail.id}>
                  <StaffListPage />
                </OrganizationStaffScope>
              </Tabs.Panel>
              <Tabs.Panel value="students">
                <Stack gap="lg">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                    <Figure label={t('detail.activeStudents')} value={detail.student_count} />
                  </SimpleGrid>
                  <AdminOrganizationStudentsScope organizationId={detail.id}>
                    <StudentListPage embedded />
                  </AdminOrganizationStudentsScope>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="tests">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                  <Figure label={t('detail.tests')} value={detail.test_count}>
                    {detail.is_listed && detail.status === 'approved' && !detail.suspended_at ? (
                      <Anchor component={Link} to={`/organizations/${detail.slug}`} size="sm">
                        {t('detail.publicPage')}
                      </Anchor>
                    ) : null}
                  </Figure>
                </SimpleGrid>
              </Tabs.Panel>
              <Tabs.Panel value="usage">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                  <Figure label={t('usage.studentAttempts')} value={detail.usage.student_attempts_30d} />
                  <Figure label={t('usage.activeStudents')} value={detail.usage.active_students_30d} />
                  <Figure label={t('usage.testAttempts')} value={detail.usage.test_attempts_30d} />
                </SimpleGrid>
              </Tabs.Panel>
            </Tabs>
          )
        }
      </QueryState>
    </>
  );
}

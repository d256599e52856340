import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@prepwise/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { InfoRow } from './admin-home';

const STATUS_COLORS = { approved: 'teal', pending: 'yellow', rejected: 'red' } as const;

/** /organization: the educator's organization and account, from the session user. */
export function OrganizationHome({ user }: { user: SessionUser }) {
  const { t } = useTranslation('admin');
  const organization = user.organization;

  return (
    <Stack gap="lg">
      <title>{`${t('organizationHome.title')} · Prepwise`}</title>
      <div>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t('organizationHome.eyebrow')}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" data-testid="organization-name">
            {organization?.name ?? t('organizationHome.noOrganization')}
          </Title>
          {organization ? (
            <Badge
              color={STATUS_COLORS[organization.status]}
              variant="light"
              data-testid="organization-status"
            >
              {t(`organizationHome.status.${organization.status}`)}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed">{t('organizationHome.greeting', { name: user.full_name })}</Text>
      </div>
      {organization?.status === 'approved' ? null : (
        <Alert color="yellow" variant="light">
          {t('organizationHome.notApproved')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('organizationHome.organizationHeading')}
          </Title>
          {organization ? (
            <Stack gap="xs">
              <InfoRow label={t('organizationHome.name')}>{organization.name}</InfoRow>
              <InfoRow label={t('organizationHome.slug')}>{organization.slug}</InfoRow>
              <InfoRow label={t('organizationHome.statusLabel')}>
                {t(`organizationHome.status.${organization.status}`)}
              </InfoRow>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('organizationHome.noOrganization')}
            </Text>
          )}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('organizationHome.accountHeading')}
          </Title>
          <Stack gap="xs">
            <InfoRow label={t('fields.fullName')}>{user.full_name}</InfoRow>
            <InfoRow label={t('fields.email')}>{user.email}</InfoRow>
            <InfoRow label={t('fields.phone')}>{user.phone ?? '—'}</InfoRow>
            <InfoRow label={t('fields.role')}>{user.role?.name ?? t('organizationHome.educator')}</InfoRow>
          </Stack>
          <Group mt="md">
            <Button component={Link} to="/organization/profile" variant="light" size="sm">
              {t('organizationHome.editProfile')}
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

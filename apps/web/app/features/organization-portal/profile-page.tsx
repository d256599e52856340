import { Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OrganizationProfile, SessionUser, Strategy } from '@prepwise/contract';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from '../../lib/i18n-react';
import { ChangePasswordForm, ProfileForm } from '../account';
import { InfoRow } from '../back-office';
import { useOrganizationProfile } from './api';
import { OrganizationProfileForm } from './organization-profile-form';

/** What every staff member sees of the organization; only the owner edits it. */
function OrganizationSummary({ profile }: { profile: OrganizationProfile }) {
  const { t } = useTranslation('portal');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="organization-summary">
      <Title order={2} size="h4">
        {t('organization.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('organization.ownerOnly', { owner: profile.owner?.full_name ?? '—' })}
      </Text>
      <Stack gap="xs">
        {profile.logo_url ? (
          <Image
            src={profile.logo_url}
            alt={t('organization.logoAlt')}
            w={72}
            h={72}
            fit="contain"
            radius="md"
          />
        ) : null}
        <InfoRow label={t('organization.fields.name')}>{profile.name}</InfoRow>
        <InfoRow label={t('organization.fields.email')}>{profile.email}</InfoRow>
        <InfoRow label={t('organization.fields.phone')}>{profile.phone ?? '—'}</InfoRow>
        <InfoRow label={t('organization.fields.address')}>{profile.address ?? '—'}</InfoRow>
        <InfoRow label={t('organization.fields.website')}>{profile.website ?? '—'}</InfoRow>
        <InfoRow label={t('organization.fields.listed')}>
          {profile.is_listed ? t('organization.listedYes') : t('organization.listedNo')}
        </InfoRow>
      </Stack>
    </Card>
  );
}

/**
 * /organization/profile: the staff member's own account (name, phone, password) and the
 * organization's profile — a form for its owner, a summary for the others.
 */
export function OrganizationProfilePage({ user, strategy }: { user: SessionUser; strategy: Strategy }) {
  const { t } = useTranslation('portal');
  const organization = useOrganizationProfile();
  return (
    <>
      <title>{`${t('profile.title')} · Prepwise`}</title>
      <PageHeader
        title={t('profile.title')}
        description={t('profile.description', { organization: user.organization?.name ?? '' })}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <ProfileForm user={user} strategy={strategy} />
          <div id="password">
            <ChangePasswordForm strategy={strategy} hasPassword={user.has_password} />
          </div>
        </SimpleGrid>
        {organization.error ? <ApiErrorAlert error={organization.error} /> : null}
        {organization.data ? (
          organization.data.owner?.id === user.id ? (
            <OrganizationProfileForm key={organization.data.id} profile={organization.data} />
          ) : (
            <OrganizationSummary profile={organization.data} />
          )
        ) : null}
      </Stack>
    </>
  );
}

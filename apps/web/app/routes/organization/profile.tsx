import { Stack, Text, Title } from '@mantine/core';
import { ChangePasswordForm, ProfileForm } from '../../features/account';
import { useTranslation } from '../../lib/i18n-react';
import { useSession } from '../../lib/session';

/** /organization/profile: the educator's profile and password, inside the organization portal. */
export default function OrganizationProfileRoute() {
  const { t } = useTranslation('account');
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Stack gap="lg">
      <title>{`${t('profile.title')} · Prepwise`}</title>
      <div>
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.description')}</Text>
      </div>
      <ProfileForm user={session.user} strategy={session.strategy} />
      <ChangePasswordForm strategy={session.strategy} hasPassword={session.user.has_password} />
    </Stack>
  );
}

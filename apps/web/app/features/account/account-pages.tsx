import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { SessionUser, Strategy } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

export interface AccountPaths {
  profile: string;
  changePassword: string;
}

function AccountHeader({
  title,
  description,
  paths,
  current,
}: {
  title: string;
  description: string;
  paths: AccountPaths;
  current: 'profile' | 'password';
}) {
  const { t } = useTranslation('account');
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      <Group gap={6} mt={4} role="navigation" aria-label={t('nav.label')}>
        <Button
          component={Link}
          to={paths.profile}
          size="compact-md"
          variant={current === 'profile' ? 'light' : 'subtle'}
          color={current === 'profile' ? undefined : 'gray'}
          aria-current={current === 'profile' ? 'page' : undefined}
        >
          {t('nav.profile')}
        </Button>
        <Button
          component={Link}
          to={paths.changePassword}
          size="compact-md"
          variant={current === 'password' ? 'light' : 'subtle'}
          color={current === 'password' ? undefined : 'gray'}
          aria-current={current === 'password' ? 'page' : undefined}
        >
          {t('nav.password')}
        </Button>
      </Group>
    </Stack>
  );
}

function Frame({ contained, children }: { contained: boolean; children: ReactNode }) {
  return contained ? (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      {children}
    </Container>
  ) : (
    <div>{children}</div>
  );
}

/** /profile and /admin/profile. `contained` for the public layout (the admin shell pads itself). */
export function ProfilePage({
  user,
  strategy,
  paths,
  contained = true,
}: {
  user: SessionUser;
  strategy: Strategy;
  paths: AccountPaths;
  contained?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <Frame contained={contained}>
      <title>{`${t('profile.title')} · Prepwise`}</title>
      <AccountHeader
        title={t('profile.title')}
        description={t('profile.description')}
        paths={paths}
        current="profile"
      />
      <ProfileForm user={user} strategy={strategy} />
    </Frame>
  );
}

/** /profile/change-password and /admin/profile/change-password. */
export function ChangePasswordPage({
  user,
  strategy,
  paths,
  contained = true,
}: {
  user: SessionUser;
  strategy: Strategy;
  paths: AccountPaths;
  contained?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <Frame contained={contained}>
      <title>{`${t('password.title')} · Prepwise`}</title>
      <AccountHeader
        title={t('password.title')}
        description={t('password.pageDescription')}
        paths={paths}
        current="password"
      />
      <ChangePasswordForm strategy={strategy} hasPassword={user.has_password} />
    </Frame>
  );
}

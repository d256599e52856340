import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SessionUser } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KeyIcon, ShieldIcon, UserIcon, UsersIcon } from '../../components/icons';
import { PermissionGate } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import { PermissionSummary } from './permission-summary';

export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Shortcut({
  to,
  icon,
  title,
  description,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap="sm" wrap="nowrap" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <ThemeIcon variant="light" size={36} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
    </Anchor>
  );
}

/** /admin: a greeting, the account and what its role allows; no figures that are not real. */
export function AdminHome({ user }: { user: SessionUser }) {
  const { t } = useTranslation('admin');
  const roleName = user.is_admin ? t('home.superAdmin') : (user.role?.name ?? t('home.noRole'));

  return (
    <Stack gap="lg">
      <title>{`${t('home.title')} · Prepwise`}</title>
      <div>
        <Title order={1} size="h2">
          {t('home.greeting', { name: user.full_name })}
        </Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('home.accountHeading')}
          </Title>
          <Stack gap="xs">
            <InfoRow label={t('fields.fullName')}>{user.full_name}</InfoRow>
            <InfoRow label={t('fields.email')}>{user.email}</InfoRow>
            <InfoRow label={t('fields.phone')}>{user.phone ?? '—'}</InfoRow>
            <InfoRow label={t('fields.role')}>
              <span data-testid="account-role">{roleName}</span>
            </InfoRow>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h4">
              {t('home.permissionsHeading')}
            </Title>
            {user.is_admin ? <Badge variant="filled">{t('home.allPermissions')}</Badge> : null}
          </Group>
          {user.is_admin ? (
            <Text size="sm" c="dimmed">
              {t('home.superAdminHint')}
            </Text>
          ) : (
            <PermissionSummary permissions={user.permissions} />
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('home.shortcutsHeading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <PermissionGate permission="view_user">
            <Shortcut
              to="/admin/staffs/list"
              icon={<UsersIcon />}
              title={t('menu.staffs')}
              description={t('home.staffsHint')}
            />
          </PermissionGate>
          <PermissionGate permission="view_role">
            <Shortcut
              to="/admin/staffs/role"
              icon={<ShieldIcon />}
              title={t('menu.roles')}
              description={t('home.rolesHint')}
            />
          </PermissionGate>
          <Shortcut
            to="/admin/profile"
            icon={<UserIcon />}
            title={t('menu.profile')}
            description={t('home.profileHint')}
          />
          <Shortcut
            to="/admin/profile/change-password"
            icon={<KeyIcon />}
            title={t('menu.changePassword')}
            description={t('home.passwordHint')}
          />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

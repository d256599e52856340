import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '@prepwise/contract';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { signOut } from '../../lib/sign-out';
import { ChevronDownIcon, LogOutIcon } from '../icons';
import classes from './user-menu.module.css';

export interface UserMenuLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Avatar button with the account links and "sign out". */
export function UserMenu({ user, links }: { user: SessionUser; links: UserMenuLink[] }) {
  const { t } = useTranslation();

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={t('userMenu.open', { name: user.full_name })}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar_url} alt="" radius="xl" size={32} color="violet-purple">
              {initialsOf(user.full_name)}
            </Avatar>
            <Text size="sm" fw={600} className={classes.name} visibleFrom="sm">
              {user.full_name}
            </Text>
            <ChevronDownIcon size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.full_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {links.map(({ to, label, icon: Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<LogOutIcon size={16} />} onClick={() => void signOut()}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

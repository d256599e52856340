import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SessionUser } from '@prepwise/contract';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { LogoMark } from '../icons';
import { allows, type PermissionRequirement } from '../permission-gate';
import classes from './back-office-shell.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitcher } from './language-switcher';
import { UserMenu, type UserMenuLink } from './user-menu';

export interface ShellMenuItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** Seed-spec §6: items the user lacks the permission for are not rendered. */
  permission?: PermissionRequirement;
  /** Only the organization's owner sees it (the session user's `is_owner`). */
  ownerOnly?: boolean;
  /** Active only on this exact path (not on the pages below it). */
  end?: boolean;
}

export interface ShellMenuSection {
  label?: string;
  items: ShellMenuItem[];
}

/** The sections and items `user` may see; empty sections disappear. */
export function visibleSections(sections: ShellMenuSection[], user: SessionUser | null): ShellMenuSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) => allows(user, item.permission) && (!item.ownerOnly || Boolean(user?.is_owner)),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

function isActive(item: ShellMenuItem, pathname: string) {
  return item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * The admin layout of seed-spec §2 (Mantine AppShell): header with the user menu, language and
 * colour switches; a sidebar built from menu data; a burger on phones.
 */
export function BackOfficeShell({
  areaLabel,
  homePath,
  sections,
  user,
  userLinks,
  children,
}: {
  areaLabel: string;
  homePath: string;
  sections: ShellMenuSection[];
  user: SessionUser;
  userLinks: UserMenuLink[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
      className={classes.shell}
    >
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'shell.closeMenu' : 'shell.openMenu')}
              aria-expanded={opened}
              aria-controls="back-office-navigation"
            />
            <Link to={homePath} className={classes.wordmark} aria-label={areaLabel}>
              <LogoMark />
              <span className={classes.brand}>{t('brand')}</span>
            </Link>
            <Badge variant="light" radius="sm" visibleFrom="xs">
              {areaLabel}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" visibleFrom="sm">
              <LanguageSwitcher />
              <ColorSchemeToggle />
            </Group>
            <UserMenu user={user} links={userLinks} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="back-office-navigation" component="nav" aria-label={t('shell.navigation')}>
        <AppShell.Section grow component={ScrollArea} p="sm">
          <Stack gap="md">
            {visibleSections(sections, user).map((section, index) => (
              <Stack gap={2} key={section.label ?? index}>
                {section.label ? (
                  <Text
                    size="xs"
                    fw={700}
                    c="dimmed"
                    tt="uppercase"
                    px="sm"
                    pb={4}
                    className={classes.sectionLabel}
                  >
                    {section.label}
                  </Text>
                ) : null}
                {section.items.map((item) => {
                  const Icon = item.icon;
                  return (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={item.label}
                      leftSection={<Icon size={18} />}
                      active={isActive(item, pathname)}
                      className={classes.navLink}
                      data-testid="shell-menu-item"
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section p="sm" hiddenFrom="sm" className={classes.navFooter}>
          <Group justify="space-between">
            <LanguageSwitcher />
            <ColorSchemeToggle />
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main" className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

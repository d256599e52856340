import { Button, Container, Group } from '@mantine/core';
import { type SessionUser, WEB_PATHS } from '@prepwise/contract';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import {
  BuildingIcon,
  ClipboardCheckIcon,
  DashboardIcon,
  KeyIcon,
  LogoMark,
  NotebookIcon,
  UserIcon,
  WalletIcon,
} from '../icons';
import { ColorSchemeToggle } from './color-scheme-toggle';
import classes from './default-layout.module.css';
import { LanguageSwitcher } from './language-switcher';
import type { UserMenuLink } from './user-menu';

/*
 * The account menu (Mantine Menu → Popover → floating-ui, ~25 KB gzipped) is only for signed-in
 * visitors: a separate chunk, so anonymous visitors of the public pages never download it. It is
 * still rendered on the server, so there is no flash.
 */
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function accountLinks(
  user: SessionUser,
  t: (
    key:
      | 'userMenu.dashboard'
      | 'userMenu.profile'
      | 'userMenu.changePassword'
      | 'userMenu.organization'
      | 'userMenu.admin'
      | 'userMenu.testHistory'
      | 'userMenu.mistakes'
      | 'userMenu.transactions',
  ) => string,
): UserMenuLink[] {
  if (user.scope === 'admin') {
    return [{ to: WEB_PATHS.admin, label: t('userMenu.admin'), icon: DashboardIcon }];
  }
  const links: UserMenuLink[] = [];
  if (user.scope === 'educator' && user.organization?.status === 'approved') {
    links.push({ to: WEB_PATHS.organization, label: t('userMenu.organization'), icon: BuildingIcon });
  }
  // The learner home is the learner's (educators take no tests of their own there).
  if (user.scope === 'user') {
    links.push({ to: WEB_PATHS.dashboard, label: t('userMenu.dashboard'), icon: DashboardIcon });
  }
  links.push(
    { to: WEB_PATHS.testHistory, label: t('userMenu.testHistory'), icon: ClipboardCheckIcon },
    { to: WEB_PATHS.mistakes, label: t('userMenu.mistakes'), icon: NotebookIcon },
    { to: WEB_PATHS.transactions, label: t('userMenu.transactions'), icon: WalletIcon },
    { to: WEB_PATHS.profile, label: t('userMenu.profile'), icon: UserIcon },
    { to: WEB_PATHS.changePassword, label: t('userMenu.changePassword'), icon: KeyIcon },
  );
  return links;
}

/** The wallet balance, in dong in both languages. */
const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

const SITE_LINKS = [
  { to: '/tests', key: 'nav.tests' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/grammar', key: 'nav.grammar' },
  { to: '/vocabulary', key: 'nav.vocabulary' },
  { to: '/roadmap', key: 'nav.roadmap' },
] as const;

/** The public sections: blog, grammar, roadmap (issue 6). */
function SiteNav({ visibleFrom }: { visibleFrom?: 'md' }) {
  const { t } = useTranslation('site');
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t('nav.label')} gap={4} wrap="nowrap" visibleFrom={visibleFrom}>
      {SITE_LINKS.map((link) => {
        const active = pathname === link.to || pathname.startsWith(`${link.to}/`);
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="compact-md"
            aria-current={active ? 'page' : undefined}
          >
            {t(link.key)}
          </Button>
        );
      })}
    </Group>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { pathname, search } = useLocation();
  const returnTo =
    pathname === WEB_PATHS.home ? '' : `?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.wordmark} aria-label={t('header.homeLabel')}>
          <LogoMark />
          <span>{t('brand')}</span>
        </Link>
        <SiteNav visibleFrom="md" />
        <Group gap="sm" wrap="nowrap" className={classes.headerActions}>
          <LanguageSwitcher />
          <ColorSchemeToggle />
          {user?.scope === 'user' ? (
            <Button
              component={Link}
              to={WEB_PATHS.transactions}
              variant="light"
              size="compact-md"
              leftSection={<WalletIcon size={16} />}
              aria-label={t('header.balance', { amount: vnd.format(user.user_amount) })}
              data-testid="header-balance"
              visibleFrom="xs"
            >
              {vnd.format(user.user_amount)}
            </Button>
          ) : null}
          {user ? (
            <Suspense fallback={<span className={classes.userMenuPlaceholder} />}>
              <UserMenu user={user} links={accountLinks(user, t)} />
            </Suspense>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={`${WEB_PATHS.signIn}${returnTo}`} variant="default" size="sm">
                {t('header.signIn')}
              </Button>
              <Button component={Link} to={WEB_PATHS.register} size="sm" visibleFrom="sm">
                {t('header.register')}
              </Button>
            </Group>
          )}
        </Group>
      </Container>
      <Container size="lg" hiddenFrom="md" pb={6}>
        <SiteNav />
      </Container>
    </header>
  );
}

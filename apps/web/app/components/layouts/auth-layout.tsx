import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { LogoMark } from '../icons';
import { QueryProvider } from '../query-provider';
import classes from './auth-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitcher } from './language-switcher';

/** The auth layout of seed-spec §2: brand, language switch and one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();

  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <header className={classes.topBar}>
        <Link to="/" className={classes.wordmark} aria-label={t('header.homeLabel')}>
          <LogoMark />
          <span>{t('brand')}</span>
        </Link>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitcher />
          <ColorSchemeToggle />
        </Group>
      </header>
      <main id="main" className={classes.main}>
        <QueryProvider>{children}</QueryProvider>
      </main>
      <footer className={classes.footer}>
        <Text size="xs" c="dimmed" ta="center">
          {t('footer.licence')}
        </Text>
      </footer>
    </div>
  );
}

/** The card of an auth page; `wide` for long forms (register-organization). */
export function AuthCard({
  title,
  description,
  width = 'narrow',
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="lg"
      className={width === 'wide' ? classes.cardWide : classes.card}
      p={{ base: 'lg', sm: 'xl' }}
    >
      <Stack gap={6} mb="lg">
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}

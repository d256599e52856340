import { Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../icons';
import { ColorSchemeToggle } from './color-scheme-toggle';
import classes from './default-layout.module.css';
import { LanguageSwitcher } from './language-switcher';

export function SiteHeader() {
  const { t } = useTranslation();

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.wordmark} aria-label={t('header.homeLabel')}>
          <LogoMark />
          <span>{t('brand')}</span>
        </Link>
        <Group gap="sm" wrap="nowrap">
          <LanguageSwitcher />
          <ColorSchemeToggle />
        </Group>
      </Container>
    </header>
  );
}

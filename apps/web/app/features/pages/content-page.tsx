import { Container, Text, Title } from '@mantine/core';
import type { ContentPage } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/icons';
import { formatDate } from './format-date';
import { Prose } from './prose';
import classes from './prose.module.css';

function PageBody({ page }: { page: ContentPage }) {
  const { t, i18n } = useTranslation('site');
  return (
    <article>
      <Title order={1} mb="xs">
        {page.title}
      </Title>
      <Text size="sm" c="dimmed" mb="xl">
        {t('page.updated', { date: formatDate(page.updated_at, i18n.language) })}
      </Text>
      <Prose html={page.content} testId="page-content" />
    </article>
  );
}

/** A generic page inside the default layout (the route wraps it with header and footer). */
export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <PageBody page={page} />
    </Container>
  );
}

/** The blank layout of seed-spec §2: no site header or footer, only a way back home. */
export function BlankLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="md" className={classes.blank}>
      <div className={classes.blankTop}>
        <Link to="/" className={classes.blankBrand} aria-label={t('header.homeLabel')}>
          <LogoMark size={24} />
          <span>{t('brand')}</span>
        </Link>
      </div>
      <main id="main">{children}</main>
    </Container>
  );
}

export function BlankPageView({ page }: { page: ContentPage }) {
  return (
    <BlankLayout>
      <PageBody page={page} />
    </BlankLayout>
  );
}

import { Container, type MantineSpacing, Text, Title } from '@mantine/core';
import type { ContentPage, Locale } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { formatDate } from './format-date';
import { Prose } from './prose';
import classes from './prose.module.css';

/** A page has an English version when it has both an English title and content. */
export const hasEnglishVersion = (page: ContentPage) => Boolean(page.title_en && page.content_en);

/** The text to show in an interface language: English when asked for and written, else Vietnamese. */
export function pageVersion(page: ContentPage, locale: Locale) {
  if (locale === 'en' && page.title_en && page.content_en) {
    return {
      lang: 'en' as const,
      title: page.title_en,
      content: page.content_en,
      metaTitle: page.meta_title_en,
      metaDescription: page.meta_description_en,
    };
  }
  return {
    lang: 'vi' as const,
    title: page.title,
    content: page.content,
    metaTitle: page.meta_title,
    metaDescription: page.meta_description,
  };
}

/** The note above content shown in Vietnamese because it has no version in the interface's language. */
export function LanguageNote({
  lang,
  testId,
  children,
  mb,
  mt,
}: {
  lang: Locale;
  testId: string;
  children: ReactNode;
  mb?: MantineSpacing;
  mt?: MantineSpacing;
}) {
  return (
    <Text size="sm" mb={mb} mt={mt} className={classes.languageNote} lang={lang} data-testid={testId}>
      {children}
    </Text>
  );
}

function PageBody({ page }: { page: ContentPage }) {
  const { t, i18n } = useTranslation('site');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'vi';
  const version = pageVersion(page, locale);
  return (
    <article lang={version.lang === locale ? undefined : version.lang}>
      {version.lang !== locale ? (
        <LanguageNote lang={locale} mb="md" testId="page-language-note">
          {t('page.onlyVietnamese')}
        </LanguageNote>
      ) : null}
      <Title order={1} mb="xs">
        {version.title}
      </Title>
      <Text size="sm" c="dimmed" mb="xl" lang={locale}>
        {t('page.updated', { date: formatDate(page.updated_at, i18n.language) })}
      </Text>
      <Prose html={version.content} testId="page-content" />
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

import { Alert, Button, Container, Text, TextInput, Title } from '@mantine/core';
import type { Page, PublicOrganization, PublicOrganizationDetail } from '@prepwise/contract';
import { Form, Link } from 'react-router';
import { SearchIcon } from '../../components/icons';
import type { ApiQuery } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { responsiveImage } from '../../lib/responsive-image';
import classes from './directory.module.css';
import { OrganizationJoin } from './organization-join';

export const DIRECTORY_PAGE_SIZE = 12;

export interface DirectoryQuery {
  search?: string;
  page: number;
}

/** Reads the URL leniently: an odd value is dropped instead of failing the page. */
export function readDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  return {
    search: params.get('search')?.trim().slice(0, 100) || undefined,
    page: Math.max(1, Math.min(1000, Math.floor(Number(params.get('page'))) || 1)),
  };
}

export function directoryApiQuery(query: DirectoryQuery): ApiQuery<'/public/organizations'> {
  return { page: query.page, pageSize: DIRECTORY_PAGE_SIZE, search: query.search || undefined };
}

function hrefFor(query: DirectoryQuery) {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/organizations${search ? `?${search}` : ''}`;
}

function Logo({ organization, large = false }: { organization: PublicOrganization; large?: boolean }) {
  const className = large ? classes.logoLarge : classes.logo;
  return organization.logo_url ? (
    <img
      {...responsiveImage(organization.logo_url, large ? '72px' : '48px')}
      alt=""
      className={className}
      width={large ? 72 : 48}
      height={large ? 72 : 48}
    />
  ) : (
    <span className={className} aria-hidden="true">
      {organization.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** /organizations: the organizations that chose to be listed, with a search. */
export function DirectoryPage({
  organizations,
  query,
}: {
  organizations: Page<PublicOrganization>;
  query: DirectoryQuery;
}) {
  const { t } = useTranslation('directory');
  const pages = Math.max(1, Math.ceil(organizations.total / organizations.pageSize));
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs" maw={680}>
            {t('list.lead')}
          </Text>
          <Form method="get" action="/organizations" role="search" className={classes.search}>
            <TextInput
              name="search"
              type="search"
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              defaultValue={query.search ?? ''}
              leftSection={<SearchIcon size={16} />}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit">{t('list.apply')}</Button>
          </Form>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <Text aria-live="polite" c="dimmed" size="sm" data-testid="directory-count">
          {t('list.count', { count: organizations.total })}
          {query.search ? (
            <>
              {' · '}
              <Link to="/organizations">{t('list.clear')}</Link>
            </>
          ) : null}
        </Text>
        {organizations.items.length === 0 ? (
          <Alert variant="light" color="gray" mt="lg" data-testid="empty-state">
            {query.search ? t('list.noMatch') : t('list.none')}
          </Alert>
        ) : (
          <div className={classes.grid}>
            {organizations.items.map((organization) => (
              <Link
                key={organization.slug}
                to={`/organizations/${organization.slug}`}
                className={classes.card}
                data-testid="organization-card"
              >
                <div className={classes.cardHead}>
                  <Logo organization={organization} />
                  <div>
                    <h2 className={classes.cardTitle}>{organization.name}</h2>
                    {organization.address ? <p className={classes.muted}>{organization.address}</p> : null}
                  </div>
                </div>
                {organization.description ? (
                  <Text size="sm" lineClamp={3}>
                    {organization.description}
                  </Text>
                ) : null}
                <p className={classes.muted}>{t('list.tests', { count: organization.test_count })}</p>
              </Link>
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t('list.pagination')} className={classes.pager}>
            {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
              <Link
                key={page}
                to={hrefFor({ ...query, page })}
                className={classes.pagerLink}
                aria-current={page === query.page ? 'page' : undefined}
              >
                {page}
              </Link>
            ))}
          </nav>
        ) : null}
      </Container>
    </>
  );
}

/** /organizations/{slug}: one organization's profile, contact and published tests. */
export function OrganizationPublicPage({
  organization,
  member = false,
}: {
  organization: PublicOrganizationDetail;
  member?: boolean;
}) {
  const { t } = useTranslation('directory');
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Link to="/organizations" className={classes.muted}>
            ← {t('detail.back')}
          </Link>
          <div className={classes.cardHead} style={{ marginTop: '0.75rem' }}>
            <Logo organization={organization} large />
            <div>
              <Title order={1}>{organization.name}</Title>
              {organization.address ? <p className={classes.muted}>{organization.address}</p> : null}
            </div>
          </div>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <div className={classes.layout}>
          <div>
            <Title order={2} size="h3" mb="sm">
              {t('detail.about')}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>
              {organization.description || t('detail.noDescription')}
            </Text>
            <Title order={2} size="h3" mt="xl" mb="sm">
              {t('detail.tests')}
            </Title>
            {organization.tests.length === 0 ? (
              <Text c="dimmed">{t('detail.noTests')}</Text>
            ) : (
              <ul className={classes.tests} data-testid="organization-tests">
                {organization.tests.map((test) => (
                  <li key={test.slug} className={classes.test}>
                    <Text fw={600}>{test.title}</Text>
                    <p className={classes.muted}>
                      {[
                        test.level,
                        t('detail.minutes', { count: test.duration_minutes }),
                        t('detail.questions', { count: test.question_count }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <OrganizationJoin slug={organization.slug} name={organization.name} member={member} />
          </div>
          <aside className={classes.panel} aria-labelledby="organization-contact">
            <Title order={2} size="h4" mb="sm" id="organization-contact">
              {t('detail.contact')}
            </Title>
            <dl className={classes.contact}>
              {organization.address ? (
                <>
                  <dt>{t('detail.address')}</dt>
                  <dd>{organization.address}</dd>
                </>
              ) : null}
              {organization.phone ? (
                <>
                  <dt>{t('detail.phone')}</dt>
                  <dd>
                    <a href={`tel:${organization.phone.replace(/[^+\d]/g, '')}`}>{organization.phone}</a>
                  </dd>
                </>
              ) : null}
              <dt>{t('detail.email')}</dt>
              <dd>
                <a href={`mailto:${organization.email}`}>{organization.email}</a>
              </dd>
              {organization.website ? (
                <>
                  <dt>{t('detail.website')}</dt>
                  <dd>
                    <a href={organization.website} rel="noopener nofollow" target="_blank">
                      {organization.website.replace(/^https?:\/\//, '')}
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
          </aside>
        </div>
      </Container>
    </>
  );
}

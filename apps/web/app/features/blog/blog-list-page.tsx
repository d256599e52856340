import { Alert, Button, Container, Group, Text, TextInput, Title } from '@mantine/core';
import { type BlogCategory, localName, type Page } from '@prepwise/contract';
import { Form, Link } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import classes from './blog.module.css';
import { PostCard, type PublicPostSummary } from './post-card';

export interface BlogListQuery {
  category?: string;
  search?: string;
  page: number;
}

export const BLOG_PAGE_SIZE = 9;

function hrefFor(query: BlogListQuery) {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/blog${search ? `?${search}` : ''}`;
}

/** /blog: every published post, newest first, with a category filter, search and pages. */
export function BlogListPage({
  posts,
  categories,
  query,
}: {
  posts: Page<PublicPostSummary>;
  categories: BlogCategory[];
  query: BlogListQuery;
}) {
  const { t, i18n } = useTranslation('site');
  const pages = Math.max(1, Math.ceil(posts.total / posts.pageSize));
  const active = categories.find((category) => category.slug === query.category);

  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>{active ? localName(active, i18n.language) : t('blog.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs" maw={640}>
            {active?.description || t('blog.lead')}
          </Text>
          <Form method="get" action="/blog" role="search" style={{ marginTop: '1.25rem', maxWidth: 560 }}>
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                name="search"
                type="search"
                label={t('blog.searchLabel')}
                placeholder={t('blog.searchPlaceholder')}
                defaultValue={query.search ?? ''}
                leftSection={<SearchIcon size={16} />}
                style={{ flex: 1 }}
              />
              <Button type="submit">{t('blog.searchAction')}</Button>
            </Group>
          </Form>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <nav aria-label={t('blog.categories')} className={classes.chips}>
          <Link
            to={hrefFor({ search: query.search, page: 1 })}
            className={classes.chip}
            aria-current={query.category ? undefined : 'page'}
          >
            {t('blog.allCategories')}
          </Link>
          {categories.map((category) => (
            <Link
              key={category.id}
              to={hrefFor({ category: category.slug, search: query.search, page: 1 })}
              className={classes.chip}
              aria-current={category.slug === query.category ? 'page' : undefined}
            >
              {localName(category, i18n.language)}
            </Link>
          ))}
        </nav>
        {query.search ? (
          <Text mt="lg" aria-live="polite">
            {t('blog.resultsFor', { count: posts.total, search: query.search })}
          </Text>
        ) : null}
        {posts.items.length === 0 ? (
          <Alert variant="light" color="gray" mt="lg" data-testid="empty-state">
            {query.search || query.category ? t('blog.noMatch') : t('blog.none')}
          </Alert>
        ) : (
          <div className={classes.grid} style={{ marginTop: '1.5rem' }}>
            {posts.items.map((post, index) => (
              <PostCard key={post.id} post={post} priority={index === 0} />
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t('blog.pagination')} className={classes.pager}>
            {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
              <Link
                key={page}
                to={hrefFor({ ...query, page })}
                className={classes.pagerLink}
                aria-current={page === query.page ? 'page' : undefined}
                aria-label={t('blog.pageN', { page })}
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

import { Anchor, Badge, Button, Card, Select, Stack, Text } from '@mantine/core';
import { type BlogPostSummary, POST_STATES } from '@prepwise/contract';
import { Link } from 'react-router';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { usePostList } from './admin-api';

const STATE_COLORS: Record<BlogPostSummary['state'], string> = {
  draft: 'gray',
  scheduled: 'yellow',
  published: 'teal',
};

export function PostStateBadge({ state }: { state: BlogPostSummary['state'] }) {
  const { t } = useTranslation('siteAdmin');
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="post-state">
      {t(`states.${state}`)}
    </Badge>
  );
}

/** /admin/blog: posts with a state filter and search. */
export function AdminPostListPage() {
  const { t, i18n } = useTranslation('siteAdmin');
  const state = useListState({ filters: ['state'] });
  const postState = POST_STATES.find((value) => value === state.filters.state);
  const list = usePostList({ page: state.page, search: state.search, state: postState });

  return (
    <>
      <title>{`${t('posts.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('posts.listTitle')}
        description={t('posts.listDescription')}
        actions={
          <Button component={Link} to="/admin/blog/create" leftSection={<PlusIcon size={16} />}>
            {t('posts.create')}
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} placeholder={t('posts.searchPlaceholder')} />
            <Select
              label={t('fields.state')}
              placeholder={t('posts.allStates')}
              data={POST_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              value={postState ?? null}
              onChange={(value) => state.setFilter('state', value)}
              clearable
              style={{ flex: '0 1 12rem' }}
            />
          </ListToolbar>
          <DataList<BlogPostSummary>
            query={list}
            state={state}
            label={t('posts.listTitle')}
            testId="posts-table"
            minWidth={560}
            emptyText={t('posts.none')}
            noMatchText={t('noMatch')}
            columns={[
              {
                accessor: 'title',
                title: t('fields.title'),
                render: (post) => (
                  <>
                    <Anchor component={Link} to={`/admin/blog/${post.id}/edit`} fw={600}>
                      {post.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /blog/{post.slug}
                    </Text>
                  </>
                ),
              },
              {
                accessor: 'category',
                title: t('fields.category'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (post) => post.category?.name ?? '—',
              },
              {
                accessor: 'state',
                title: t('fields.state'),
                render: (post) => <PostStateBadge state={post.state} />,
              },
              {
                accessor: 'published_at',
                title: t('fields.publishedAt'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                render: (post) => <Text size="sm">{formatDateTime(post.published_at, i18n.language)}</Text>,
              },
            ]}
            rowActions={(post) => (
              <>
                {post.state === 'published' ? (
                  <Button
                    component="a"
                    href={`/blog/${post.slug}`}
                    target="_blank"
                    variant="subtle"
                    size="compact-sm"
                    visibleFrom="sm"
                  >
                    {t('view')}
                  </Button>
                ) : null}
                <Button
                  component={Link}
                  to={`/admin/blog/${post.id}/edit`}
                  variant="light"
                  size="compact-sm"
                  aria-label={t('editNamed', { name: post.title })}
                >
                  {t('edit')}
                </Button>
              </>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

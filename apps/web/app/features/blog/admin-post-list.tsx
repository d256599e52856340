import { Badge, Select } from '@mantine/core';
import { type BlogPostSummary, POST_STATES } from '@prepwise/contract';
import { useListState } from '../../components/back-office/data-list';
import { dateColumn, fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
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
  const editPath = (post: BlogPostSummary) => `/admin/blog/${post.id}/edit`;
  return (
    <ListPage<BlogPostSummary>
      title={t('posts.listTitle')}
      description={t('posts.listDescription')}
      create={{ to: '/admin/blog/create', label: t('posts.create'), permission: 'create_blog' }}
      searchPlaceholder={t('posts.searchPlaceholder')}
      filters={
        <Select
          label={t('fields.state')}
          placeholder={t('posts.allStates')}
          data={POST_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
          value={postState ?? null}
          onChange={(value) => state.setFilter('state', value)}
          clearable
          style={{ flex: '0 1 12rem' }}
        />
      }
      query={list}
      state={state}
      testId="posts-table"
      emptyText={t('posts.none')}
      columns={[
        linkColumn('title', t('fields.title'), editPath, (post) => `/blog/${post.slug}`),
        {
          accessor: 'category',
          title: t('fields.category'),
          visibleMediaQuery: fromSm,
          render: (post) => post.category?.name ?? '—',
        },
        {
          accessor: 'state',
          title: t('fields.state'),
          render: (post) => <PostStateBadge state={post.state} />,
        },
        dateColumn('published_at', t('fields.publishedAt'), i18n.language),
      ]}
      rowActions={(post) => (
        <>
          {post.state === 'published' ? (
            <RowLink to={`/blog/${post.slug}`} external variant="subtle" visibleFrom="sm">
              {t('view')}
            </RowLink>
          ) : null}
          <RowLink to={editPath(post)} label={t('editNamed', { name: post.title })}>
            {t('edit')}
          </RowLink>
        </>
      )}
    />
  );
}

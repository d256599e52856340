import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BlogPostSummary, POST_STATES } from '@prepwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../components/admin-ui';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { ADMIN_PAGE_SIZE, usePostList } from './admin-api';

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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [state, setState] = useState<BlogPostSummary['state'] | null>(null);
  const [page, setPage] = useState(1);
  const list = usePostList({ page, search: debounced || undefined, state: state ?? undefined });

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
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('search')}
              placeholder={t('posts.searchPlaceholder')}
              leftSection={<SearchIcon size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 16rem' }}
            />
            <Select
              label={t('fields.state')}
              placeholder={t('posts.allStates')}
              data={POST_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              value={state}
              onChange={(value) => {
                setState(value as BlogPostSummary['state'] | null);
                setPage(1);
              }}
              clearable
              style={{ flex: '0 1 12rem' }}
            />
          </Group>
          <QueryState query={list}>
            {(data) =>
              data.items.length === 0 ? (
                <EmptyState>{debounced || state ? t('noMatch') : t('posts.none')}</EmptyState>
              ) : (
                <>
                  <Table.ScrollContainer minWidth={720}>
                    <Table verticalSpacing="sm" highlightOnHover data-testid="posts-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('fields.title')}</Table.Th>
                          <Table.Th>{t('fields.category')}</Table.Th>
                          <Table.Th>{t('fields.state')}</Table.Th>
                          <Table.Th>{t('fields.publishedAt')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.items.map((post) => (
                          <Table.Tr key={post.id}>
                            <Table.Td>
                              <Anchor component={Link} to={`/admin/blog/${post.id}/edit`} fw={600}>
                                {post.title}
                              </Anchor>
                              <Text size="xs" c="dimmed">
                                /blog/{post.slug}
                              </Text>
                            </Table.Td>
                            <Table.Td>{post.category?.name ?? '—'}</Table.Td>
                            <Table.Td>
                              <PostStateBadge state={post.state} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(post.published_at, i18n.language)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                {post.state === 'published' ? (
                                  <Button
                                    component="a"
                                    href={`/blog/${post.slug}`}
                                    target="_blank"
                                    variant="subtle"
                                    size="compact-sm"
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
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <Group justify="space-between">
                    <Text size="sm" c="dimmed">
                      {t('total', { total: data.total })}
                    </Text>
                    {data.total > ADMIN_PAGE_SIZE ? (
                      <Pagination
                        total={Math.ceil(data.total / data.pageSize)}
                        value={data.page}
                        onChange={setPage}
                        size="sm"
                      />
                    ) : null}
                  </Group>
                </>
              )
            }
          </QueryState>
        </Stack>
      </Card>
    </>
  );
}

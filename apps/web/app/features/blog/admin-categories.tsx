import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { BlogCategory } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton, EmptyState, QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import {
  ADMIN_PAGE_SIZE,
  useCategory,
  useCategoryList,
  useDeleteCategory,
  useSaveCategory,
} from './admin-api';

const LIST_PATH = '/admin/blog-category';

/** /admin/blog-category: categories with their post counts. */
export function AdminCategoryListPage() {
  const { t } = useTranslation('siteAdmin');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useCategoryList({ page, search: debounced || undefined });
  return (
    <>
      <title>{`${t('categories.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('categories.listTitle')}
        description={t('categories.listDescription')}
        actions={
          <Button component={Link} to={`${LIST_PATH}/create`} leftSection={<PlusIcon size={16} />}>
            {t('categories.create')}
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('search')}
            placeholder={t('categories.searchPlaceholder')}
            leftSection={<SearchIcon size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={420}
          />
          <QueryState query={list}>
            {(data) =>
              data.items.length === 0 ? (
                <EmptyState>{debounced ? t('noMatch') : t('categories.none')}</EmptyState>
              ) : (
                <>
                  <Table.ScrollContainer minWidth={560}>
                    <Table verticalSpacing="sm" highlightOnHover data-testid="categories-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('fields.name')}</Table.Th>
                          <Table.Th>{t('categories.posts')}</Table.Th>
                          <Table.Th>{t('fields.position')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.items.map((category) => (
                          <Table.Tr key={category.id}>
                            <Table.Td>
                              <Anchor component={Link} to={`${LIST_PATH}/${category.id}/edit`} fw={600}>
                                {category.name}
                              </Anchor>
                              <Text size="xs" c="dimmed">
                                {category.slug}
                              </Text>
                            </Table.Td>
                            <Table.Td>{category.post_count}</Table.Td>
                            <Table.Td>{category.position}</Table.Td>
                            <Table.Td>
                              <Group justify="flex-end">
                                <Button
                                  component={Link}
                                  to={`${LIST_PATH}/${category.id}/edit`}
                                  variant="light"
                                  size="compact-sm"
                                  aria-label={t('editNamed', { name: category.name })}
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

type CategoryValues = { name: string; slug: string; description: string; position: number | string };

function CategoryForm({ category }: { category?: BlogCategory }) {
  const { t } = useTranslation('siteAdmin');
  const navigate = useNavigate();
  const save = useSaveCategory(category?.id);
  const remove = useDeleteCategory(category?.id ?? '');
  const form = useAppForm<CategoryValues>({
    initialValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      position: category?.position ?? 0,
    },
    rules: { name: ['required'] },
    labels: { name: t('fields.name') },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            name: values.name,
            slug: values.slug.trim() || null,
            description: values.description.trim() || null,
            position: Number(values.position) || 0,
          },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('saved') });
              navigate(LIST_PATH);
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="md" maw={560}>
        {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={t('fields.slug')}
          description={t('posts.slugHint')}
          {...form.getInputProps('slug')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
        <NumberInput label={t('fields.position')} min={0} max={10000} {...form.getInputProps('position')} />
        <Group justify="space-between">
          <Group gap="sm">
            <SubmitButton loading={save.isPending}>{t('save')}</SubmitButton>
            <Button component={Link} to={LIST_PATH} variant="default">
              {t('cancel')}
            </Button>
          </Group>
          {category ? (
            <ConfirmDeleteButton
              name={category.name}
              title={t('delete')}
              label={t('delete')}
              confirmText={t('confirmDelete', { name: category.name })}
              onDelete={(done) => remove.mutate(undefined, { onSuccess: done })}
              onDeleted={() => navigate(LIST_PATH)}
              pending={remove.isPending}
              error={remove.error}
              reset={remove.reset}
              size="sm"
            />
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

export function AdminCategoryCreatePage() {
  const { t } = useTranslation('siteAdmin');
  return (
    <>
      <title>{`${t('categories.createTitle')} · Prepwise`}</title>
      <PageHeader title={t('categories.createTitle')} />
      <Card withBorder radius="lg" padding="lg">
        <CategoryForm />
      </Card>
    </>
  );
}

export function AdminCategoryEditPage({ id }: { id: string }) {
  const { t } = useTranslation('siteAdmin');
  const category = useCategory(id);
  return (
    <>
      <title>{`${t('categories.editTitle')} · Prepwise`}</title>
      <PageHeader title={t('categories.editTitle')} />
      <Card withBorder radius="lg" padding="lg">
        <QueryState query={category}>{(data) => <CategoryForm category={data} />}</QueryState>
      </Card>
    </>
  );
}

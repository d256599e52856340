import { Button, Card, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BlogCategory } from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton, QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useListState } from '../../components/back-office/data-list';
import { fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { PageHeader } from '../../components/page-header';
import { usePermission } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useCategory, useCategoryList, useDeleteCategory, useSaveCategory } from './admin-api';

const LIST_PATH = '/admin/blog-category';

/** /admin/blog-category: categories with their post counts. */
export function AdminCategoryListPage() {
  const { t } = useTranslation('siteAdmin');
  const state = useListState();
  const list = useCategoryList({ page: state.page, search: state.search });
  const editPath = (category: BlogCategory) => `${LIST_PATH}/${category.id}/edit`;
  return (
    <ListPage<BlogCategory>
      title={t('categories.listTitle')}
      description={t('categories.listDescription')}
      create={{ to: `${LIST_PATH}/create`, label: t('categories.create'), permission: 'create_blog' }}
      searchPlaceholder={t('categories.searchPlaceholder')}
      query={list}
      state={state}
      testId="categories-table"
      minWidth={440}
      emptyText={t('categories.none')}
      columns={[
        linkColumn('name', t('fields.name'), editPath, (category) => category.slug),
        { accessor: 'post_count', title: t('categories.posts') },
        { accessor: 'position', title: t('fields.position'), visibleMediaQuery: fromSm },
      ]}
      rowActions={(category) => (
        <RowLink to={editPath(category)} label={t('editNamed', { name: category.name })}>
          {t('edit')}
        </RowLink>
      )}
    />
  );
}

type CategoryValues = { name: string; slug: string; description: string; position: number | string };

function CategoryForm({ category }: { category?: BlogCategory }) {
  const { t } = useTranslation('siteAdmin');
  const navigate = useNavigate();
  const save = useSaveCategory(category?.id);
  const remove = useDeleteCategory(category?.id ?? '');
  const canDelete = usePermission('delete_blog');
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
          {category && canDelete ? (
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

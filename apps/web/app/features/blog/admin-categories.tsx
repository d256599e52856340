import { NumberInput, Textarea, TextInput } from '@mantine/core';
import type { BlogCategory } from '@prepwise/contract';
import { useListState } from '../../components/back-office/data-list';
import {
  CreateRecordPage,
  EditRecordPage,
  RecordForm,
  type RecordPages,
} from '../../components/back-office/form-page';
import { fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { useAppForm, valuesFrom } from '../../lib/forms';
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

type CategoryValues = {
  name: string;
  name_en: string;
  slug: string;
  description: string;
  position: number | string;
};

function CategoryForm({ category }: { category?: BlogCategory }) {
  const { t } = useTranslation('siteAdmin');
  const save = useSaveCategory(category?.id);
  const form = useAppForm<CategoryValues>({
    initialValues: valuesFrom(category, { name: '', name_en: '', slug: '', description: '', position: 0 }),
    rules: { name: ['required'] },
    labels: { name: t('fields.name') },
  });
  return (
    <RecordForm
      form={form}
      record={category}
      nameOf={(saved) => saved.name}
      listPath={LIST_PATH}
      deletion={{ permission: 'delete_blog', remove: useDeleteCategory(category?.id ?? '') }}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          name_en: values.name_en.trim() || null,
          slug: values.slug.trim() || null,
          description: values.description.trim() || null,
          position: Number(values.position) || 0,
        })
      }
      submitLabel={t('save')}
    >
      <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
      <TextInput
        label={t('fields.nameEn')}
        description={t('fields.nameEnHint')}
        lang="en"
        {...form.getInputProps('name_en')}
      />
      <TextInput label={t('fields.slug')} description={t('posts.slugHint')} {...form.getInputProps('slug')} />
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('description')}
      />
      <NumberInput label={t('fields.position')} min={0} max={10000} {...form.getInputProps('position')} />
    </RecordForm>
  );
}

const adminCategoryPages: RecordPages<BlogCategory> = {
  ns: 'siteAdmin',
  titles: ['categories.createTitle', 'categories.editTitle'],
  back: ['/blog-category', 'categories.listTitle'],
  useRecord: useCategory,
  form: (category) => <CategoryForm category={category} />,
  card: 720,
};

export const AdminCategoryCreatePage = () => <CreateRecordPage spec={adminCategoryPages} />;
export const AdminCategoryEditPage = ({ id }: { id: string }) => (
  <EditRecordPage spec={adminCategoryPages} id={id} />
);

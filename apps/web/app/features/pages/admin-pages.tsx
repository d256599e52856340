import { Badge, Fieldset, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ContentPage } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useListState } from '../../components/back-office/data-list';
import {
  CreateRecordPage,
  EditRecordPage,
  RecordForm,
  type RecordPages,
} from '../../components/back-office/form-page';
import { dateColumn, fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { useInvalidating } from '../../lib/admin-query';
import { apiClient } from '../../lib/api-client';
import { useAppForm, valuesFrom } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { RichTextEditor } from './rich-text-editor';

const KEY = ['admin', 'pages'] as const;
const PAGE_SIZE = 20;
const LIST_PATH = '/admin/pages';

type PageBody = Pick<ContentPage, 'title' | 'content' | 'layout' | 'status'> & {
  slug: string | null;
  meta_title: string | null;
  meta_description: string | null;
  title_en: string | null;
  content_en: string | null;
  meta_title_en: string | null;
  meta_description_en: string | null;
};

/** /admin/pages: generic pages (terms, privacy, about …) with their layout and status. */
export function AdminPageListPage() {
  const { t, i18n } = useTranslation('siteAdmin');
  const state = useListState();
  const list = useQuery({
    queryKey: [...KEY, 'list', state.search, state.page],
    queryFn: () =>
      apiClient.get('/admin/pages', {
        query: { search: state.search, page: state.page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  const editPath = (item: ContentPage) => `${LIST_PATH}/${item.id}/edit`;
  return (
    <ListPage<ContentPage>
      title={t('pages.listTitle')}
      description={t('pages.listDescription')}
      create={{ to: `${LIST_PATH}/create`, label: t('pages.create'), permission: 'create_page' }}
      searchPlaceholder={t('pages.searchPlaceholder')}
      query={list}
      state={state}
      testId="pages-table"
      emptyText={t('pages.none')}
      columns={[
        linkColumn('title', t('fields.title'), editPath, (item) => `/${item.slug}`),
        {
          accessor: 'layout',
          title: t('fields.layout'),
          visibleMediaQuery: fromSm,
          render: (item) => t(`layouts.${item.layout}`),
        },
        {
          accessor: 'status',
          title: t('fields.status'),
          render: (item) => (
            <Badge variant="light" color={item.status === 'published' ? 'teal' : 'gray'}>
              {t(`states.${item.status}`)}
            </Badge>
          ),
        },
        dateColumn('updated_at', t('updated'), i18n.language),
      ]}
      rowActions={(item) => (
        <>
          {item.status === 'published' ? (
            <RowLink to={`/${item.slug}`} external variant="subtle" visibleFrom="sm">
              {t('view')}
            </RowLink>
          ) : null}
          <RowLink to={editPath(item)} label={t('editNamed', { name: item.title })}>
            {t('edit')}
          </RowLink>
        </>
      )}
    />
  );
}

type PageValues = {
  title: string;
  slug: string;
  content: string;
  layout: 'default' | 'blank';
  status: 'draft' | 'published';
  meta_title: string;
  meta_description: string;
  title_en: string;
  content_en: string;
  meta_title_en: string;
  meta_description_en: string;
};

/** CKEditor leaves `<p></p>` (or `<p>&nbsp;</p>`) in a field the author emptied. */
const isEmptyHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '')
    .trim() === '';

function PageForm({ page }: { page?: ContentPage }) {
  const { t } = useTranslation('siteAdmin');
  const save = useInvalidating(
    (body: PageBody) =>
      page
        ? apiClient.put('/admin/pages/{id}', { path: { id: page.id }, body })
        : apiClient.post('/admin/pages', { body }),
    KEY,
  );
  const remove = useInvalidating(() => {
    if (!page) throw new Error('no page to delete');
    return apiClient.delete('/admin/pages/{id}', { path: { id: page.id } });
  }, KEY);
  const form = useAppForm<PageValues>({
    initialValues: valuesFrom<PageValues>(page, {
      title: '',
      slug: '',
      content: '',
      layout: 'default',
      status: 'draft',
      meta_title: '',
      meta_description: '',
      title_en: '',
      content_en: '',
      meta_title_en: '',
      meta_description_en: '',
    }),
    rules: { title: ['required'], content: ['required'] },
    labels: { title: t('fields.title'), content: t('fields.content') },
  });
  return (
    <RecordForm
      form={form}
      record={page}
      nameOf={(saved) => saved.title}
      listPath={LIST_PATH}
      deletion={{ permission: 'delete_page', remove }}
      onSubmit={(values) =>
        save.mutateAsync({
          ...values,
          slug: values.slug.trim() || null,
          meta_title: values.meta_title.trim() || null,
          meta_description: values.meta_description.trim() || null,
          title_en: values.title_en.trim() || null,
          content_en: isEmptyHtml(values.content_en) ? null : values.content_en,
          meta_title_en: values.meta_title_en.trim() || null,
          meta_description_en: values.meta_description_en.trim() || null,
        })
      }
      submitLabel={t('save')}
    >
      <TextInput label={t('fields.title')} withAsterisk {...form.getInputProps('title')} />
      <TextInput label={t('fields.slug')} description={t('pages.slugHint')} {...form.getInputProps('slug')} />
      <RichTextEditor
        label={t('fields.content')}
        required
        value={form.values.content}
        onChange={(html) => form.setFieldValue('content', html)}
        error={form.errorText('content')}
      />
      <Group gap="xl" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="page-layout-label">
            {t('fields.layout')}
          </Text>
          <SegmentedControl
            aria-labelledby="page-layout-label"
            data={[
              { value: 'default', label: t('layouts.default') },
              { value: 'blank', label: t('layouts.blank') },
            ]}
            {...form.getInputProps('layout')}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="page-status-label">
            {t('fields.status')}
          </Text>
          <SegmentedControl
            aria-labelledby="page-status-label"
            data={[
              { value: 'draft', label: t('states.draft') },
              { value: 'published', label: t('states.published') },
            ]}
            {...form.getInputProps('status')}
          />
        </Stack>
      </Group>
      <TextInput label={t('fields.metaTitle')} maxLength={70} {...form.getInputProps('meta_title')} />
      <Textarea
        label={t('fields.metaDescription')}
        maxLength={170}
        autosize
        minRows={2}
        {...form.getInputProps('meta_description')}
      />
      <Fieldset legend={t('pages.englishTitle')} data-testid="page-english">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('pages.englishHint')}
          </Text>
          <TextInput label={t('pages.titleEn')} lang="en" {...form.getInputProps('title_en')} />
          <RichTextEditor
            label={t('pages.contentEn')}
            value={form.values.content_en}
            onChange={(html) => form.setFieldValue('content_en', html)}
            error={form.errorText('content_en')}
          />
          <TextInput
            label={t('pages.metaTitleEn')}
            lang="en"
            maxLength={70}
            {...form.getInputProps('meta_title_en')}
          />
          <Textarea
            label={t('pages.metaDescriptionEn')}
            lang="en"
            maxLength={170}
            autosize
            minRows={2}
            {...form.getInputProps('meta_description_en')}
          />
        </Stack>
      </Fieldset>
    </RecordForm>
  );
}

function usePage(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiClient.get('/admin/pages/{id}', { path: { id } }),
  });
}

const adminPagePages: RecordPages<ContentPage> = {
  ns: 'siteAdmin',
  titles: ['pages.createTitle', 'pages.editTitle'],
  back: ['/pages', 'pages.listTitle'],
  useRecord: usePage,
  form: (page) => <PageForm page={page} />,
  card: 960,
};

export const AdminPageCreatePage = () => <CreateRecordPage spec={adminPagePages} />;
export const AdminPageEditPage = ({ id }: { id: string }) => <EditRecordPage spec={adminPagePages} id={id} />;

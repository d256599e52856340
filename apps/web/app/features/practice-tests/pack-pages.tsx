import { Badge, Group, MultiSelect, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { Pack } from '@prepwise/contract';
import { RowActions } from '../../components/admin-ui';
import { useListState } from '../../components/back-office/data-list';
import { CreateRecordPage, EditRecordPage, type RecordPages } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { fromSm, ListPage, linkColumn } from '../../components/back-office/list-page';
import { ChoiceSelect, NameSlugFields } from '../../components/back-office/record-fields';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { RichTextEditor } from '../pages';
import { useDeletePack, usePack, usePackList, useSavePack, useTestList } from './api';
import { TestStatusBadge } from './status-badge';

/** The packs' list, under the scope's area. */
const PACK_PATH = '/pack-exam';

export function formatVnd(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  }).format(value);
}

/** /admin/pack-exam: bundles of tests sold together. */
export function PackListPage() {
  const { t, i18n } = useTranslation('content');
  const scope = useBackOfficeScope();
  const state = useListState();
  const list = usePackList({ page: state.page, search: state.search });
  const remove = useDeletePack();
  const editPath = (pack: Pack) => scope.web(`${PACK_PATH}/${pack.id}/edit`);
  return (
    <ListPage<Pack>
      title={t('pack.listTitle')}
      description={t('pack.listDescription')}
      create={{ to: scope.web(`${PACK_PATH}/create`), label: t('pack.create'), permission: 'create_pack' }}
      query={list}
      state={state}
      testId="pack-table"
      emptyText={t('common.none')}
      columns={[
        linkColumn('name', t('fields.name'), editPath),
        {
          accessor: 'price_vnd',
          title: t('fields.price'),
          render: (pack) => formatVnd(pack.price_vnd, i18n.language),
        },
        {
          accessor: 'validity_days',
          title: t('fields.validity'),
          visibleMediaQuery: fromSm,
          render: (pack) => t('pack.days', { count: pack.validity_days }),
        },
        {
          accessor: 'status',
          title: t('fields.status'),
          render: (pack) => <TestStatusBadge status={pack.status} />,
        },
        {
          accessor: 'tests',
          title: t('pack.tests'),
          visibleMediaQuery: fromSm,
          render: (pack) => <Badge variant="light">{pack.tests.length}</Badge>,
        },
      ]}
      rowActions={(pack) => (
        <RowActions
          id={pack.id}
          name={pack.name}
          editTo={editPath(pack)}
          deleteTitle={t('pack.deleteTitle')}
          deleteConfirm={t('common.deleteConfirm', { name: pack.name })}
          remove={remove}
          editPermission="update_pack"
          deletePermission="delete_pack"
        />
      )}
    />
  );
}

function PackForm({ pack }: { pack?: Pack }) {
  const { t, i18n } = useTranslation('content');
  const scope = useBackOfficeScope();
  const save = useSavePack(pack?.id);
  const tests = useTestList({ page: 1, pageSize: 100 });
  const form = useAppForm({
    initialValues: {
      name: pack?.name ?? '',
      slug: pack?.slug ?? '',
      description: pack?.description ?? '',
      price_vnd: (pack?.price_vnd ?? '') as number | string,
      validity_days: (pack?.validity_days ?? 180) as number | string,
      status: pack?.status === 'published' ? 'published' : 'draft',
      test_ids: pack?.tests.map((test) => test.id) ?? [],
    },
    rules: { name: ['required'], price_vnd: ['required'], validity_days: ['required'] },
    labels: {
      name: t('fields.name'),
      slug: t('fields.slug'),
      price_vnd: t('fields.price'),
      validity_days: t('fields.validity'),
      test_ids: t('pack.tests'),
    },
  });
  const known = new Map((tests.data?.items ?? []).map((test) => [test.id, test.title]));
  for (const test of pack?.tests ?? []) if (!known.has(test.id)) known.set(test.id, test.title);
  const price = Number(form.values.price_vnd);
  return (
    <FormShell
      form={form}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          slug: values.slug.trim() || null,
          description: values.description || null,
          price_vnd: Number(values.price_vnd),
          validity_days: Number(values.validity_days),
          status: values.status === 'published' ? 'published' : 'draft',
          test_ids: values.test_ids,
        })
      }
      savedMessage={(saved) => saved.name}
      then={scope.web(PACK_PATH)}
      submitLabel={pack ? t('common.saveChanges') : t('pack.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameSlugFields form={form} field="name" slugLength={120} />
        <NumberInput
          label={t('fields.price')}
          withAsterisk
          min={0}
          max={100_000_000}
          step={10_000}
          thousandSeparator="."
          decimalSeparator=","
          suffix=" ₫"
          description={
            Number.isFinite(price) && form.values.price_vnd !== ''
              ? formatVnd(price, i18n.language)
              : undefined
          }
          {...form.getInputProps('price_vnd')}
        />
        <NumberInput
          label={t('fields.validity')}
          withAsterisk
          min={1}
          max={3650}
          {...form.getInputProps('validity_days')}
        />
        <ChoiceSelect
          label={t('fields.status')}
          values={['draft', 'published']}
          labelOf={(value) => t(`test.status.${value}`)}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('pack.tests')}
        description={t('pack.testsHint')}
        data={[...known].map(([value, label]) => ({ value, label }))}
        searchable
        clearable
        {...form.getInputProps('test_ids')}
      />
      {pack ? (
        <Group gap={6}>
          {pack.tests.map((test) => (
            <Group key={test.id} gap={4}>
              <Text size="xs">{test.title}</Text>
              <TestStatusBadge status={test.status} />
            </Group>
          ))}
        </Group>
      ) : null}
      <RichTextEditor
        label={t('fields.description')}
        value={form.values.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
    </FormShell>
  );
}

const packPages: RecordPages<Pack> = {
  ns: 'content',
  titles: ['pack.createTitle', 'pack.editTitle'],
  back: [PACK_PATH, 'pack.listTitle'],
  useRecord: usePack,
  form: (pack) => <PackForm pack={pack} />,
};

export const PackCreatePage = () => <CreateRecordPage spec={packPages} />;
export const PackEditPage = ({ id }: { id: string }) => <EditRecordPage spec={packPages} id={id} />;

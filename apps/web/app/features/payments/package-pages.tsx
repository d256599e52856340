import { Badge, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationPackage } from '@prepwise/contract';
import { useNavigate } from 'react-router';
import { FormErrorAlert, QueryState, RowActions } from '../../components/admin-ui';
import { useListState } from '../../components/back-office/data-list';
import { FormPage } from '../../components/back-office/form-page';
import { fromSm, ListPage, linkColumn } from '../../components/back-office/list-page';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { SubmitButton } from '../../components/submit-button';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useDeletePackage, usePackage, usePackageList, useSavePackage } from './api';
import { formatVnd } from './format';

const LIST_PATH = '/admin/organization-packages';

/** A package's name in the reader's language. */
export const packageName = (pkg: Pick<OrganizationPackage, 'name_vi' | 'name_en'>, language: string) =>
  language === 'en' ? pkg.name_en : pkg.name_vi;

/** /admin/organization-packages: what the platform sells to organizations. */
export function PackageListPage() {
  const { t, i18n } = useTranslation('payments');
  const state = useListState();
  const list = usePackageList({ page: state.page, search: state.search });
  const remove = useDeletePackage();
  const editPath = (pkg: OrganizationPackage) => `${LIST_PATH}/${pkg.id}/edit`;
  return (
    <ListPage<OrganizationPackage>
      title={t('packages.listTitle')}
      description={t('packages.listDescription')}
      create={{ to: `${LIST_PATH}/create`, label: t('packages.create'), permission: 'create_package' }}
      query={list}
      state={state}
      testId="package-table"
      emptyText={t('packages.none')}
      columns={[
        linkColumn<OrganizationPackage>(
          i18n.language === 'en' ? 'name_en' : 'name_vi',
          t('packages.name'),
          editPath,
          (pkg) => (i18n.language === 'en' ? pkg.name_vi : pkg.name_en),
        ),
        {
          accessor: 'price_vnd',
          title: t('packages.price'),
          render: (pkg) => formatVnd(pkg.price_vnd),
        },
        {
          accessor: 'period_months',
          title: t('packages.period'),
          visibleMediaQuery: fromSm,
          render: (pkg) => t('packages.months', { count: pkg.period_months }),
        },
        {
          accessor: 'student_seats',
          title: t('packages.limits.student_seats'),
          visibleMediaQuery: fromSm,
        },
        {
          accessor: 'is_active',
          title: t('packages.status'),
          render: (pkg) => (
            <Badge variant="light" color={pkg.is_active ? 'teal' : 'gray'}>
              {pkg.is_active ? t('packages.active') : t('packages.inactive')}
            </Badge>
          ),
        },
      ]}
      rowActions={(pkg) => (
        <RowActions
          id={pkg.id}
          name={packageName(pkg, i18n.language)}
          editTo={editPath(pkg)}
          deleteTitle={t('packages.deleteTitle')}
          deleteConfirm={t('packages.deleteConfirm', { name: packageName(pkg, i18n.language) })}
          remove={remove}
          editPermission="update_package"
          deletePermission="delete_package"
        />
      )}
    />
  );
}

const LIMIT_FIELDS = ['student_seats', 'staff_accounts', 'tests', 'ai_credits'] as const;

function PackageForm({ pkg }: { pkg?: OrganizationPackage }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const save = useSavePackage(pkg?.id);
  const form = useAppForm({
    initialValues: {
      name_vi: pkg?.name_vi ?? '',
      name_en: pkg?.name_en ?? '',
      price_vnd: (pkg?.price_vnd ?? '') as number | string,
      period_months: (pkg?.period_months ?? 1) as number | string,
      student_seats: (pkg?.student_seats ?? 50) as number | string,
      staff_accounts: (pkg?.staff_accounts ?? 5) as number | string,
      tests: (pkg?.tests ?? 30) as number | string,
      ai_credits: (pkg?.ai_credits ?? 200) as number | string,
      sort_order: (pkg?.sort_order ?? 0) as number | string,
      is_active: pkg?.is_active ?? true,
    },
    rules: {
      name_vi: ['required'],
      name_en: ['required'],
      price_vnd: ['required'],
      period_months: ['required'],
      student_seats: ['required'],
      staff_accounts: ['required'],
      tests: ['required'],
      ai_credits: ['required'],
    },
    labels: {
      name_vi: t('packages.nameVi'),
      name_en: t('packages.nameEn'),
      price_vnd: t('packages.price'),
      period_months: t('packages.periodMonths'),
      student_seats: t('packages.limits.student_seats'),
      staff_accounts: t('packages.limits.staff_accounts'),
      tests: t('packages.limits.tests'),
      ai_credits: t('packages.limits.ai_credits'),
      sort_order: t('packages.sortOrder'),
    },
  });
  const guard = useUnsavedChangesGuard(form.isDirty);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            name_vi: values.name_vi,
            name_en: values.name_en,
            price_vnd: Number(values.price_vnd),
            period_months: Number(values.period_months),
            student_seats: Number(values.student_seats),
            staff_accounts: Number(values.staff_accounts),
            tests: Number(values.tests),
            ai_credits: Number(values.ai_credits),
            sort_order: Number(values.sort_order) || 0,
            is_active: values.is_active,
          },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'teal', title: t('packages.saved'), message: saved.name_vi });
              guard.allowLeave();
              void navigate(LIST_PATH);
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="md">
        {save.error ? <FormErrorAlert error={save.error} shownFields={Object.keys(form.values)} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('packages.nameVi')} withAsterisk {...form.getInputProps('name_vi')} />
          <TextInput label={t('packages.nameEn')} withAsterisk {...form.getInputProps('name_en')} />
          <NumberInput
            label={t('packages.price')}
            withAsterisk
            min={1000}
            step={10_000}
            thousandSeparator="."
            decimalSeparator=","
            suffix=" ₫"
            {...form.getInputProps('price_vnd')}
          />
          <NumberInput
            label={t('packages.periodMonths')}
            withAsterisk
            min={1}
            max={36}
            {...form.getInputProps('period_months')}
          />
          {LIMIT_FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`packages.limits.${field}`)}
              description={t(`packages.limitHints.${field}`)}
              withAsterisk
              min={0}
              {...form.getInputProps(field)}
            />
          ))}
          <NumberInput
            label={t('packages.sortOrder')}
            min={0}
            max={1000}
            {...form.getInputProps('sort_order')}
          />
        </SimpleGrid>
        <Switch
          label={t('packages.isActive')}
          description={t('packages.isActiveHint')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <SubmitButton loading={save.isPending}>
            {pkg ? t('packages.saveChanges') : t('packages.create')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

const back = (label: string) => ({ to: LIST_PATH, label });

export function PackageCreatePage() {
  const { t } = useTranslation('payments');
  return (
    <FormPage title={t('packages.createTitle')} back={back(t('packages.listTitle'))}>
      <PackageForm />
    </FormPage>
  );
}

export function PackageEditPage({ id }: { id: string }) {
  const { t } = useTranslation('payments');
  const record = usePackage(id);
  return (
    <FormPage title={t('packages.editTitle')} back={back(t('packages.listTitle'))}>
      <QueryState query={record}>{(pkg) => <PackageForm pkg={pkg} />}</QueryState>
    </FormPage>
  );
}

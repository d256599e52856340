import {
  Alert,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN_LENGTH, type Staff } from '@prepwise/contract';
import { useNavigate } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PageHeader } from '../../components/page-header';
import { usePermission } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useCreateStaff, useRoleOptions, useStaff, useUpdateStaff } from './api';

function RoleSelect({
  value,
  onChange,
  error,
  required,
  allowNone,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  required?: boolean;
  allowNone?: boolean;
}) {
  const { t } = useTranslation('admin');
  const canViewRoles = usePermission('view_role');
  const roles = useRoleOptions(canViewRoles);
  if (!canViewRoles) {
    return (
      <Alert variant="light" color="yellow" title={t('fields.role')}>
        {t('staff.rolesHidden')}
      </Alert>
    );
  }
  const options = (roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }));
  return (
    <Select
      label={t('fields.role')}
      placeholder={roles.isPending ? t('common.loading') : t('staff.chooseRole')}
      data={allowNone ? [{ value: '', label: t('staff.noRoleOption') }, ...options] : options}
      value={value ?? (allowNone ? '' : null)}
      onChange={(next) => onChange(next ? next : null)}
      error={error}
      withAsterisk={required}
      searchable
      nothingFoundMessage={t('staff.noRoles')}
      allowDeselect={false}
    />
  );
}

/** /admin/staffs/list/create: a new staff account with a role and a first password. */
export function StaffCreatePage() {
  const { t } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const create = useCreateStaff();
  const form = useAppForm({
    initialValues: {
      full_name: '',
      email: '',
      phone: '',
      role_id: null as string | null,
      password: '',
      password_confirmation: '',
    },
    rules: {
      full_name: ['required'],
      email: ['required', 'email'],
      role_id: ['required'],
      password: ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      password_confirmation: ['required', ['confirmed', 'password']],
    },
    labels: {
      full_name: t('fields.fullName'),
      email: t('fields.email'),
      phone: t('fields.phone'),
      role_id: t('fields.role'),
    },
  });
  const guard = useUnsavedChangesGuard(form.isDirty);

  return (
    <>
      <title>{`${t('staff.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('staff.createTitle')}
        description={t('staff.createDescription')}
        back={{ to: scope.web('/staffs/list'), label: t('staff.backToList') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            create.mutate(
              {
                full_name: values.full_name,
                email: values.email,
                phone: values.phone || null,
                role_id: values.role_id ?? '',
                password: values.password,
                password_confirmation: values.password_confirmation,
              },
              {
                onSuccess: (member) => {
                  guard.allowLeave();
                  notifications.show({
                    color: 'teal',
                    title: t('staff.createdTitle'),
                    message: member.email,
                  });
                  void navigate(scope.web(`/staffs/list/${member.id}/detail`));
                },
                onError: (error) => form.applyServerErrors(error),
              },
            ),
          )}
        >
          <Stack gap="md">
            {create.error && !isFieldValidationError(create.error) ? (
              <ApiErrorAlert error={create.error} />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('fields.fullName')} withAsterisk {...form.getInputProps('full_name')} />
              <TextInput
                label={t('fields.email')}
                type="email"
                withAsterisk
                {...form.getInputProps('email')}
              />
              <TextInput label={t('fields.phone')} type="tel" {...form.getInputProps('phone')} />
              <RoleSelect
                value={form.values.role_id}
                onChange={(value) => {
                  form.setFieldValue('role_id', value);
                  form.validateSoon('role_id');
                }}
                error={form.errorText('role_id')}
                required
              />
              <PasswordInput
                label={t('staff.firstPassword')}
                description={t('staff.firstPasswordHint', { min: PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('staff.passwordConfirmation')}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password_confirmation')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <SubmitButton loading={create.isPending}>{t('staff.createSubmit')}</SubmitButton>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}

function StaffEditForm({ member }: { member: Staff }) {
  const { t } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const update = useUpdateStaff(member.id);
  const form = useAppForm({
    initialValues: {
      full_name: member.full_name,
      phone: member.phone ?? '',
      role_id: member.role?.id ?? null,
      status: member.status === 'disabled' ? 'disabled' : 'active',
    },
    rules: { full_name: ['required'] },
    labels: { full_name: t('fields.fullName'), phone: t('fields.phone'), status: t('staff.statusLabel') },
  });
  const guard = useUnsavedChangesGuard(form.isDirty);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          {
            full_name: values.full_name,
            phone: values.phone || null,
            role_id: values.role_id,
            status: values.status === 'disabled' ? 'disabled' : 'active',
          },
          {
            onSuccess: () => {
              guard.allowLeave();
              notifications.show({ color: 'teal', title: t('staff.savedTitle'), message: member.email });
              void navigate(scope.web(`/staffs/list/${member.id}/detail`));
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="md">
        {update.error && !isFieldValidationError(update.error) ? (
          <ApiErrorAlert error={update.error} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('fields.fullName')} withAsterisk {...form.getInputProps('full_name')} />
          <TextInput label={t('fields.email')} value={member.email} disabled readOnly />
          <TextInput label={t('fields.phone')} type="tel" {...form.getInputProps('phone')} />
          {member.is_admin ? (
            <TextInput label={t('fields.role')} value={t('home.superAdmin')} disabled readOnly />
          ) : (
            <RoleSelect
              value={form.values.role_id}
              onChange={(value) => form.setFieldValue('role_id', value)}
              error={form.errorText('role_id')}
              allowNone
            />
          )}
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('staff.statusLabel')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'active', label: t('staff.status.active') },
              { value: 'disabled', label: t('staff.status.disabled') },
            ]}
            {...form.getInputProps('status', { validateOnChange: true })}
            style={{ alignSelf: 'flex-start' }}
            aria-label={t('staff.statusLabel')}
          />
          {form.errorText('status') ? (
            <Text size="sm" c="red" role="alert">
              {form.errorText('status')}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t('staff.disableHint')}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <SubmitButton loading={update.isPending}>{t('common.saveChanges')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/staffs/list/{id}/edit: name, phone, role and whether the account may sign in. */
export function StaffEditPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const scope = useBackOfficeScope();
  const member = useStaff(id);
  return (
    <>
      <title>{`${t('staff.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={member.data ? t('staff.editNamed', { name: member.data.full_name }) : t('staff.editTitle')}
        back={{ to: scope.web(`/staffs/list/${id}/detail`), label: t('staff.backToDetail') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <QueryState query={member}>{(data) => <StaffEditForm member={data} />}</QueryState>
      </Card>
    </>
  );
}

import { Card, Checkbox, Divider, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type OrganizationDetail, PASSWORD_MIN_LENGTH } from '@prepwise/contract';
import { useNavigate } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import {
  OrganizationContactFields,
  useContactLabels,
} from '../../components/organization-fields/contact-fields';
import {
  OwnerAccountFields,
  useOwnerLabels,
} from '../../components/organization-fields/owner-account-fields';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { type AppForm, useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { uploadImage } from '../pages';
import { useCreateOrganization, useOrganization, useUpdateOrganization } from './api';
import { LogoField } from './logo-field';
import { ORGANIZATION_PATHS } from './paths';
import { type OrganizationProfileValues, profileBodyOf, profileValuesOf } from './profile-values';

function useProfileLabels() {
  const { t } = useTranslation('organizations');
  return { ...useContactLabels(), slug: t('fields.slug'), logo_url: t('logo.label') };
}

type ProfileForm = AppForm<OrganizationProfileValues & { slug: string }>;

/**
 * The organization's profile. The logo is offered once the organization exists: it is uploaded into the
 * organization's own media, so that its portal may keep it.
 */
function ProfileFields({ form, organizationId }: { form: ProfileForm; organizationId?: string }) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="md">
      {organizationId ? (
        <LogoField
          upload={(file) => uploadImage(file, `/admin/organizations/${organizationId}/media`)}
          value={form.values.logo_url}
          onChange={(url) => form.setFieldValue('logo_url', url)}
          error={form.errorText('logo_url')}
        />
      ) : null}
      <OrganizationContactFields form={form} />
      <TextInput
        label={t('fields.slug')}
        description={organizationId ? t('fields.slugHint') : t('fields.slugOptionalHint')}
        withAsterisk={Boolean(organizationId)}
        {...form.getInputProps('slug')}
      />
      <Checkbox
        label={t('fields.isListed')}
        description={t('fields.isListedHint')}
        {...form.getInputProps('is_listed', { type: 'checkbox' })}
      />
    </Stack>
  );
}

/** /admin/organization-management/list/create: an organization and its owner, approved at once. */
export function OrganizationCreatePage() {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const labels = useProfileLabels();
  const form = useAppForm({
    initialValues: {
      ...profileValuesOf(),
      slug: '',
      owner: { full_name: '', email: '', phone: '', password: '', password_confirmation: '' },
    },
    rules: {
      name: ['required'],
      email: ['required', 'email'],
      'owner.full_name': ['required'],
      'owner.email': ['required', 'email'],
      'owner.password': ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      'owner.password_confirmation': ['required', ['confirmed', 'password']],
    },
    labels: {
      ...labels,
      ...useOwnerLabels('admin'),
    },
  });
  const guard = useUnsavedChangesGuard(form.isDirty);

  return (
    <>
      <title>{`${t('form.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('form.createTitle')}
        description={t('form.createDescription')}
        back={{ to: ORGANIZATION_PATHS.list, label: t('backToList') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={860}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            create.mutate(
              {
                ...profileBodyOf(values),
                slug: values.slug || undefined,
                owner: {
                  full_name: values.owner.full_name,
                  email: values.owner.email,
                  phone: values.owner.phone || null,
                  password: values.owner.password,
                  password_confirmation: values.owner.password_confirmation,
                },
              },
              {
                onSuccess: (organization) => {
                  notifications.show({ color: 'teal', title: t('form.created'), message: organization.name });
                  guard.allowLeave();
                  void navigate(ORGANIZATION_PATHS.detail(organization.id));
                },
                onError: (error) => form.applyServerErrors(error),
              },
            ),
          )}
        >
          <Stack gap="lg">
            {create.error && !isFieldValidationError(create.error) ? (
              <ApiErrorAlert error={create.error} />
            ) : null}
            <ProfileFields form={form as unknown as ProfileForm} />
            <Divider />
            <Title order={2} size="h4">
              {t('form.ownerHeading')}
            </Title>
            <OwnerAccountFields form={form} filledBy="admin" />
            <Group justify="flex-end">
              <SubmitButton loading={create.isPending}>{t('form.createSubmit')}</SubmitButton>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}

function OrganizationEditForm({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const update = useUpdateOrganization(organization.id);
  const form = useAppForm({
    initialValues: { ...profileValuesOf(organization), slug: organization.slug },
    rules: { name: ['required'], slug: ['required'], email: ['required', 'email'] },
    labels: useProfileLabels(),
  });
  const guard = useUnsavedChangesGuard(form.isDirty);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          { ...profileBodyOf(values), slug: values.slug },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: t('form.saved'), message: organization.name });
              guard.allowLeave();
              void navigate(ORGANIZATION_PATHS.detail(organization.id));
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="lg">
        {update.error && !isFieldValidationError(update.error) ? (
          <ApiErrorAlert error={update.error} />
        ) : null}
        <ProfileFields form={form} organizationId={organization.id} />
        <Group justify="flex-end">
          <SubmitButton loading={update.isPending}>{t('form.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/organization-management/list/{organizationId}/edit */
export function OrganizationEditPage({ id }: { id: string }) {
  const { t } = useTranslation('organizations');
  const organization = useOrganization(id);
  return (
    <>
      <title>{`${t('form.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={
          organization.data ? t('form.editNamed', { name: organization.data.name }) : t('form.editTitle')
        }
        back={{ to: ORGANIZATION_PATHS.detail(id), label: t('backToDetail') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={860}>
        <QueryState query={organization}>{(data) => <OrganizationEditForm organization={data} />}</QueryState>
      </Card>
    </>
  );
}

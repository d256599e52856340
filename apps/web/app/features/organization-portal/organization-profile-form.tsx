import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationProfile } from '@prepwise/contract';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import {
  OrganizationContactFields,
  useContactLabels,
} from '../../components/organization-fields/contact-fields';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { LogoField, profileBodyOf, profileValuesOf } from '../organizations';
import { uploadImage } from '../pages';
import { useUpdateOrganizationProfile } from './api';

/** The organization's public profile, edited by its owner (PUT /api/educator/organization). */
export function OrganizationProfileForm({ profile }: { profile: OrganizationProfile }) {
  const { t } = useTranslation('portal');
  const { t: tLogo } = useTranslation('organizations');
  const save = useUpdateOrganizationProfile();
  const form = useAppForm({
    initialValues: profileValuesOf(profile),
    rules: { name: ['required'], email: ['required', 'email'] },
    labels: {
      ...useContactLabels(),
      logo_url: tLogo('logo.label'),
      is_listed: t('organization.fields.listed'),
    },
  });
  useUnsavedChangesGuard(form.isDirty);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="organization-profile-form">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(profileBodyOf(values), {
            onSuccess: (saved) => {
              form.setInitialValues(profileValuesOf(saved));
              form.setValues(profileValuesOf(saved));
              form.resetDirty(profileValuesOf(saved));
              notifications.show({
                color: 'teal',
                title: t('organization.savedTitle'),
                message: saved.name,
              });
            },
            onError: (error) => form.applyServerErrors(error),
          }),
        )}
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t('organization.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('organization.description')}
            </Text>
          </div>
          {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
          <LogoField
            upload={(file) => uploadImage(file, '/educator/media')}
            value={form.values.logo_url}
            onChange={(url) => form.setFieldValue('logo_url', url)}
            error={form.errorText('logo_url')}
          />
          <OrganizationContactFields form={form} />
          <Switch
            label={t('organization.fields.listed')}
            description={t('organization.listedHint', { slug: profile.slug })}
            {...form.getInputProps('is_listed', { type: 'checkbox', validateOnChange: true })}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!form.isDirty() || save.isPending}
              onClick={() => form.reset()}
            >
              {t('organization.undo')}
            </Button>
            <SubmitButton loading={save.isPending}>{t('organization.save')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

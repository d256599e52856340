import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationProfile } from '@prepwise/contract';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { LogoField } from '../organizations';
import { uploadImage } from '../pages';
import { useUpdateOrganizationProfile } from './api';

function valuesOf(profile: OrganizationProfile) {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone ?? '',
    address: profile.address ?? '',
    website: profile.website ?? '',
    description: profile.description ?? '',
    logo_url: profile.logo_url ?? '',
    is_listed: profile.is_listed,
  };
}

/** The organization's public profile, edited by its owner (PUT /api/educator/organization). */
export function OrganizationProfileForm({ profile }: { profile: OrganizationProfile }) {
  const { t } = useTranslation('portal');
  const { t: tLogo } = useTranslation('organizations');
  const save = useUpdateOrganizationProfile();
  const form = useAppForm({
    initialValues: valuesOf(profile),
    rules: { name: ['required'], email: ['required', 'email'] },
    labels: {
      name: t('organization.fields.name'),
      email: t('organization.fields.email'),
      phone: t('organization.fields.phone'),
      address: t('organization.fields.address'),
      website: t('organization.fields.website'),
      description: t('organization.fields.description'),
      logo_url: tLogo('logo.label'),
      is_listed: t('organization.fields.listed'),
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="organization-profile-form">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            {
              name: values.name,
              email: values.email,
              phone: values.phone || null,
              address: values.address || null,
              website: values.website || null,
              description: values.description || null,
              logo_url: values.logo_url || null,
              is_listed: values.is_listed,
            },
            {
              onSuccess: (saved) => {
                form.setInitialValues(valuesOf(saved));
                form.setValues(valuesOf(saved));
                form.resetDirty(valuesOf(saved));
                notifications.show({
                  color: 'teal',
                  title: t('organization.savedTitle'),
                  message: saved.name,
                });
              },
              onError: (error) => form.applyServerErrors(error),
            },
          ),
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('organization.fields.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={t('organization.fields.email')}
              type="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <TextInput label={t('organization.fields.phone')} type="tel" {...form.getInputProps('phone')} />
            <TextInput
              label={t('organization.fields.website')}
              type="url"
              placeholder="https://"
              {...form.getInputProps('website')}
            />
          </SimpleGrid>
          <TextInput label={t('organization.fields.address')} {...form.getInputProps('address')} />
          <Textarea
            label={t('organization.fields.description')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
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

import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from '../../lib/i18n-react';

/** The labels of the contact fields, also for the form's validation messages (by field path). */
export function useContactLabels(prefix = '') {
  const { t } = useTranslation('organizations');
  return {
    [`${prefix}name`]: t('fields.name'),
    [`${prefix}email`]: t('fields.email'),
    [`${prefix}phone`]: t('fields.phone'),
    [`${prefix}address`]: t('fields.address'),
    [`${prefix}website`]: t('fields.website'),
    [`${prefix}description`]: t('fields.description'),
  };
}

/**
 * An organization's name, contact details and description, as a centre's application and the admin's
 * organization form both ask them. `prefix` is where they sit in the form's values (`organization.`).
 */
export function OrganizationContactFields({
  form,
  prefix = '',
}: {
  form: { getInputProps: (path: string) => GetInputPropsReturnType };
  prefix?: string;
}) {
  const { t } = useTranslation('organizations');
  const field = (name: string) => form.getInputProps(`${prefix}${name}`);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('fields.name')}
          placeholder={t('fields.namePlaceholder')}
          withAsterisk
          {...field('name')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          placeholder={t('fields.emailPlaceholder')}
          withAsterisk
          {...field('email')}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('fields.phonePlaceholder')}
          {...field('phone')}
        />
        <TextInput label={t('fields.website')} type="url" placeholder="https://" {...field('website')} />
      </SimpleGrid>
      <TextInput label={t('fields.address')} {...field('address')} />
      <Textarea
        label={t('fields.description')}
        description={t('fields.descriptionHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...field('description')}
      />
    </Stack>
  );
}

import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';

/** Who fills the owner's account in: the owner applying, or the admin creating it for them. */
export type OwnerFilledBy = 'self' | 'admin';

/** The labels of the owner's fields (`owner.…` paths), also for the form's validation messages. */
export function useOwnerLabels(filledBy: OwnerFilledBy) {
  const { t } = useTranslation('organizations');
  return {
    'owner.full_name': t(`owner.${filledBy}.fullName`),
    'owner.email': t(`owner.${filledBy}.email`),
    'owner.phone': t('fields.phone'),
    'owner.password': t(`owner.${filledBy}.password`),
  };
}

/**
 * The educator account that owns an organization: name, sign-in e-mail, phone and a first password,
 * under `owner.` in the form's values. The wording follows who fills it in; the browser offers its
 * saved name and e-mail only to an owner filling in their own.
 */
export function OwnerAccountFields({
  form,
  filledBy,
}: {
  form: { getInputProps: (path: string) => GetInputPropsReturnType };
  filledBy: OwnerFilledBy;
}) {
  const { t } = useTranslation('organizations');
  const labels = useOwnerLabels(filledBy);
  const own = filledBy === 'self';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={labels['owner.full_name']}
          autoComplete={own ? 'name' : 'off'}
          withAsterisk
          {...form.getInputProps('owner.full_name')}
        />
        <TextInput
          label={labels['owner.email']}
          type="email"
          autoComplete={own ? 'email' : 'off'}
          withAsterisk
          {...form.getInputProps('owner.email')}
        />
        <TextInput
          label={labels['owner.phone']}
          type="tel"
          autoComplete={own ? 'tel' : 'off'}
          placeholder={t('fields.phonePlaceholder')}
          {...form.getInputProps('owner.phone')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput
          label={labels['owner.password']}
          description={t(`owner.${filledBy}.passwordHint`, { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('owner.password')}
        />
        <PasswordInput
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('owner.password_confirmation')}
        />
      </SimpleGrid>
    </Stack>
  );
}

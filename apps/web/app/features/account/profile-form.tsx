import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SessionUser, Strategy } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { initialsOf } from '../../components/layouts/user-menu';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { updateProfile } from './api';

function valuesOf(user: SessionUser) {
  return { full_name: user.full_name, phone: user.phone ?? '', date_of_birth: user.date_of_birth ?? '' };
}

/** Name, phone and date of birth of the signed-in user; the email is shown, not edited. */
export function ProfileForm({ user, strategy }: { user: SessionUser; strategy: Strategy }) {
  const { t } = useTranslation('account');
  const revalidator = useRevalidator();
  const form = useAppForm({
    initialValues: valuesOf(user),
    rules: { full_name: ['required'] },
    labels: {
      full_name: t('fields.fullName'),
      phone: t('fields.phone'),
      date_of_birth: t('fields.dateOfBirth'),
    },
  });

  useUnsavedChangesGuard(form.isDirty);

  const save = useMutation({
    mutationFn: (values: ReturnType<typeof valuesOf>) =>
      updateProfile(strategy, {
        full_name: values.full_name,
        phone: values.phone.trim() === '' ? null : values.phone,
        date_of_birth: values.date_of_birth === '' ? null : values.date_of_birth,
      }),
    onSuccess: (updated) => {
      // The saved values are the new starting point: not dirty (resetDirty clears the fields' flags too).
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      notifications.show({
        color: 'teal',
        title: t('profile.savedTitle'),
        message: t('profile.savedMessage'),
      });
      void revalidator.revalidate();
    },
    onError: (error) => form.applyServerErrors(error),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar src={user.avatar_url} alt="" size={56} radius="xl" color="violet-purple">
          {initialsOf(user.full_name)}
        </Avatar>
        <div>
          <Title order={2} size="h4">
            {user.full_name}
          </Title>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </div>
      </Group>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="profile-form">
        <Stack gap="md">
          {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.fullName')}
              autoComplete="name"
              withAsterisk
              {...form.getInputProps('full_name')}
            />
            <TextInput
              label={t('fields.email')}
              value={user.email}
              readOnly
              disabled
              description={t('profile.emailHint')}
            />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              autoComplete="tel"
              placeholder={t('profile.phonePlaceholder')}
              {...form.getInputProps('phone')}
            />
            <TextInput
              label={t('fields.dateOfBirth')}
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              {...form.getInputProps('date_of_birth', { validateOnChange: true })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="button"
              variant="default"
              disabled={!form.isDirty() || save.isPending}
              onClick={() => form.reset()}
            >
              {t('actions.cancel')}
            </Button>
            {/* Nothing to save until a field changes; saved values become the form's new starting point. */}
            <SubmitButton loading={save.isPending} disabled={!form.isDirty()}>
              {t('actions.save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Alert, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN_LENGTH, type Strategy } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { changePassword } from './api';

const emptyValues = { current_password: '', password: '', password_confirmation: '' };

/** Change the password; the API ends every other session of the account. */
export function ChangePasswordForm({ strategy, hasPassword }: { strategy: Strategy; hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const form = useAppForm({
    initialValues: emptyValues,
    rules: {
      current_password: ['required'],
      password: ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      password_confirmation: ['required', ['confirmed', 'password']],
    },
    labels: {
      current_password: t('fields.currentPassword'),
      password: t('fields.newPassword'),
      password_confirmation: t('fields.passwordConfirmation'),
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof emptyValues) => changePassword(strategy, values),
    onSuccess: () => {
      form.reset();
      notifications.show({
        color: 'teal',
        title: t('password.savedTitle'),
        message: t('password.savedMessage'),
      });
    },
    onError: (error) => form.applyServerErrors(error),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} id="password">
      <Stack gap={4} mb="lg">
        <Title order={2} size="h4">
          {t('password.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('password.description')}
        </Text>
      </Stack>
      {hasPassword ? null : (
        <Alert variant="light" mb="md">
          {t('password.noPasswordYet')}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => save.mutate(values))}
        data-testid="change-password-form"
      >
        <Stack gap="md" maw={480}>
          {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('fields.passwordConfirmation')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password_confirmation')}
          />
          <Group>
            <SubmitButton loading={save.isPending}>{t('password.submit')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN_LENGTH, WEB_PATHS } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { CheckIcon, MailIcon } from '../../components/icons';
import { AuthCard } from '../../components/layouts/auth-layout';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { registerLearner } from './api';

/** /register: a learner account, signed in at once; a taken address gets the "check your mail" answer. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const form = useAppForm({
    initialValues: { full_name: '', email: '', password: '', password_confirmation: '' },
    rules: {
      full_name: ['required'],
      email: ['required', 'email'],
      password: ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      password_confirmation: ['required', ['confirmed', 'password']],
    },
    labels: {
      full_name: t('fields.fullName'),
      email: t('fields.email'),
      password: t('fields.password'),
      password_confirmation: t('fields.passwordConfirmation'),
    },
  });
  const navigate = useNavigate();
  const register = useMutation({
    mutationFn: registerLearner,
    onSuccess: (result) => {
      if (!result.signed_in) return;
      // A new account is signed in at once: on to the learner's home, greeted there.
      notifications.show({
        color: 'teal',
        title: t('register.welcomeTitle'),
        message: t('register.welcomeMessage'),
      });
      void navigate('/', { replace: true });
    },
    onError: (error) => form.applyServerErrors(error),
  });

  // A taken address: the same message as ever (its owner got a mail); no session.
  if (register.isSuccess && !register.data.signed_in) {
    const email = form.getValues().email.trim().toLowerCase();
    return (
      <AuthCard title={t('register.successTitle')}>
        <title>{`${t('register.successTitle')} · Prepwise`}</title>
        <Stack gap="md" data-testid="register-success">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal">
            <CheckIcon size={26} />
          </ThemeIcon>
          <Text>{t('register.successMessage')}</Text>
          <Alert variant="light" icon={<MailIcon size={18} />}>
            {t('register.successMail', { email })}
          </Alert>
          <Button
            component={Link}
            to={`${WEB_PATHS.signIn}?${new URLSearchParams({ email })}`}
            size="md"
            fullWidth
          >
            {t('register.goToSignIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} description={t('register.description')}>
      <title>{`${t('register.title')} · Prepwise`}</title>
      <form noValidate onSubmit={form.onSubmit((values) => register.mutate(values))}>
        <Stack gap="md">
          {register.error && !isFieldValidationError(register.error) ? (
            <ApiErrorAlert error={register.error} />
          ) : null}
          <TextInput
            label={t('fields.fullName')}
            autoComplete="name"
            placeholder={t('placeholders.fullName')}
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            description={t('hints.password', { min: PASSWORD_MIN_LENGTH })}
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
          <SubmitButton size="md" fullWidth loading={register.isPending}>
            {t('register.submit')}
          </SubmitButton>
          <Text size="xs" c="dimmed" ta="center" data-testid="register-terms">
            {withLinks(t('register.terms', { terms: '{{terms}}', privacy: '{{privacy}}' }), {
              terms: (
                <Anchor component={Link} to="/term" inherit>
                  {t('register.termsLink')}
                </Anchor>
              ),
              privacy: (
                <Anchor component={Link} to="/privacy" inherit>
                  {t('register.privacyLink')}
                </Anchor>
              ),
            })}
          </Text>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="lg">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={WEB_PATHS.signIn} fw={600}>
          {t('register.signInLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** A translated sentence with `{{name}}` markers, each replaced by its element (a link in the sentence). */
function withLinks(sentence: string, parts: Record<string, ReactNode>): ReactNode[] {
  return sentence.split(/(\{\{\w+\}\})/).map((piece) => {
    const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
    return name && parts[name] ? <Fragment key={name}>{parts[name]}</Fragment> : piece;
  });
}

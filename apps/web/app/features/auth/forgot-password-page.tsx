import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, WEB_PATHS } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { CheckIcon } from '../../components/icons';
import { AuthCard } from '../../components/layouts/auth-layout';
import { OtpInput } from '../../components/otp-input';
import { SubmitButton } from '../../components/submit-button';
import { ApiError, isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { requestResetCode, resetPassword, verifyResetCode } from './api';
import { useResendCountdown } from './resend-countdown';

type Step = 'email' | 'code' | 'password' | 'done';
const STEPS: Step[] = ['email', 'code', 'password'];
/** /forgot-password: email → the emailed 6-digit code → a new password → sign in. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const resendIn = useResendCountdown(sentAt);

  const emailForm = useAppForm({
    initialValues: { email: '' },
    rules: { email: ['required', 'email'] },
    labels: { email: t('fields.email') },
  });
  const passwordForm = useAppForm({
    initialValues: { password: '', password_confirmation: '' },
    rules: {
      password: ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      password_confirmation: ['required', ['confirmed', 'password']],
    },
    labels: { password: t('fields.newPassword'), password_confirmation: t('fields.passwordConfirmation') },
  });

  const sendCode = useMutation({
    mutationFn: (address: string) => requestResetCode(address),
    onSuccess: (_result, address) => {
      setEmail(address.trim().toLowerCase());
      setCode('');
      setCodeError(null);
      setSentAt(Date.now());
      setStep('code');
    },
    onError: (error) => emailForm.applyServerErrors(error),
  });

  const codeProblem = (error: unknown) => {
    if (error instanceof ApiError && error.key === 'TOO_MANY_ATTEMPTS') return t('forgot.tooManyCodes');
    if (error instanceof ApiError && (error.key === 'INVALID_CODE' || error.key === 'VALIDATION_FAILED')) {
      return t('forgot.invalidCode');
    }
    return null;
  };

  const verify = useMutation({
    mutationFn: (value: string) => verifyResetCode(email, value),
    onSuccess: () => setStep('password'),
    onError: (error) => setCodeError(codeProblem(error)),
  });

  const reset = useMutation({
    mutationFn: (values: { password: string; password_confirmation: string }) =>
      resetPassword({ email, code, ...values }),
    onSuccess: () => setStep('done'),
    onError: (error) => {
      const problem = codeProblem(error);
      if (problem && !passwordForm.applyServerErrors(error)) {
        setCodeError(problem);
        setStep('code');
      }
    },
  });

  const stepNumber = STEPS.indexOf(step) + 1;
  const progress =
    step === 'done' ? null : (
      <Text size="xs" fw={700} c="violet-purple" tt="uppercase" data-testid="forgot-step">
        {t('forgot.step', { current: stepNumber, total: STEPS.length })}
      </Text>
    );

  if (step === 'done') {
    return (
      <AuthCard title={t('forgot.doneTitle')}>
        <title>{`${t('forgot.doneTitle')} · Prepwise`}</title>
        <Stack gap="md" data-testid="reset-done">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal">
            <CheckIcon size={26} />
          </ThemeIcon>
          <Text>{t('forgot.doneMessage')}</Text>
          <Button
            component={Link}
            to={`${WEB_PATHS.signIn}?${new URLSearchParams({ email })}`}
            size="md"
            fullWidth
          >
            {t('forgot.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (step === 'password') {
    return (
      <AuthCard title={t('forgot.passwordTitle')} description={t('forgot.passwordDescription', { email })}>
        <title>{`${t('forgot.title')} · Prepwise`}</title>
        <form noValidate onSubmit={passwordForm.onSubmit((values) => reset.mutate(values))}>
          <Stack gap="md">
            {progress}
            {reset.error && !isFieldValidationError(reset.error) && !codeProblem(reset.error) ? (
              <ApiErrorAlert error={reset.error} />
            ) : null}
            <PasswordInput
              label={t('fields.newPassword')}
              description={t('hints.password', { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              withAsterisk
              {...passwordForm.getInputProps('password')}
            />
            <PasswordInput
              label={t('fields.passwordConfirmation')}
              autoComplete="new-password"
              withAsterisk
              {...passwordForm.getInputProps('password_confirmation')}
            />
            <SubmitButton size="md" fullWidth loading={reset.isPending}>
              {t('forgot.savePassword')}
            </SubmitButton>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  if (step === 'code') {
    return (
      <AuthCard
        title={t('forgot.codeTitle')}
        description={t('forgot.codeDescription', { email, length: RESET_CODE_LENGTH })}
      >
        <title>{`${t('forgot.title')} · Prepwise`}</title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length !== RESET_CODE_LENGTH) {
              setCodeError(t('forgot.codeIncomplete', { length: RESET_CODE_LENGTH }));
              return;
            }
            verify.mutate(code);
          }}
        >
          <Stack gap="md">
            {progress}
            <OtpInput
              length={RESET_CODE_LENGTH}
              mode="digits"
              label={t('forgot.codeLabel')}
              value={code}
              onChange={(value) => {
                setCode(value);
                setCodeError(null);
              }}
              onComplete={(value) => {
                if (!verify.isPending) verify.mutate(value);
              }}
              error={codeError ?? undefined}
              disabled={verify.isPending}
              autoFocus
            />
            {verify.error && !codeProblem(verify.error) ? <ApiErrorAlert error={verify.error} /> : null}
            <SubmitButton size="md" fullWidth loading={verify.isPending}>
              {t('forgot.verify')}
            </SubmitButton>
            <Group justify="space-between" gap="xs">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setStep('email');
                  setSentAt(null);
                }}
              >
                {t('forgot.otherEmail')}
              </Anchor>
              <Button
                variant="subtle"
                size="compact-sm"
                disabled={resendIn > 0}
                loading={sendCode.isPending}
                onClick={() => sendCode.mutate(email)}
              >
                {resendIn > 0 ? t('forgot.resendIn', { seconds: resendIn }) : t('forgot.resend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.description')}>
      <title>{`${t('forgot.title')} · Prepwise`}</title>
      <form noValidate onSubmit={emailForm.onSubmit((values) => sendCode.mutate(values.email))}>
        <Stack gap="md">
          {progress}
          {sendCode.error && !isFieldValidationError(sendCode.error) ? (
            <ApiErrorAlert error={sendCode.error} />
          ) : null}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            withAsterisk
            {...emailForm.getInputProps('email')}
          />
          <SubmitButton size="md" fullWidth loading={sendCode.isPending}>
            {t('forgot.sendCode')}
          </SubmitButton>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={WEB_PATHS.signIn}>
          {t('forgot.backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

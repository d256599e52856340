import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RESET_CODE_LENGTH, type TokensResult, WEB_PATHS } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { AuthCard } from '../../components/layouts/auth-layout';
import { OtpInput } from '../../components/otp-input';
import { SubmitButton } from '../../components/submit-button';
import { ApiError, isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useGoogleClientId } from '../../lib/root-data';
import {
  homeFor,
  isSafeReturnPath,
  SESSION_EXPIRED_REASON,
  SIGN_IN_REASON_PARAM,
  STAFF_SIGN_IN_PARAM,
  STAFF_SIGN_IN_VALUE,
} from '../../lib/route-access';
import { requestSignInCode, signIn, signInWithGoogle } from './api';
import { GoogleSignInButton } from './google-sign-in-button';
import { useResendCountdown } from './resend-countdown';

const STAFF_PARAM = STAFF_SIGN_IN_PARAM;
const STAFF_VALUE = STAFF_SIGN_IN_VALUE;

function withParams(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return `${WEB_PATHS.signIn}${query ? `?${query}` : ''}`;
}

/**
 * /sign-in for learners and educators (strategy user/educator), with a switch to the staff
 * sign-in (strategy admin) kept in the URL (`?as=staff`) so it can be linked and reloaded.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const googleClientId = useGoogleClientId();
  const isStaff = params.get(STAFF_PARAM) === STAFF_VALUE;
  const redirectTo = params.get('redirectTo');
  const expired = params.get(SIGN_IN_REASON_PARAM) === SESSION_EXPIRED_REASON;

  const form = useAppForm({
    initialValues: { email: params.get('email') ?? '', password: '' },
    rules: { email: ['required', 'email'], password: ['required'] },
    labels: { email: t('fields.email'), password: t('fields.password') },
  });

  const finish = (result: TokensResult) => {
    const target = isSafeReturnPath(redirectTo) ? redirectTo : homeFor(result.user);
    void navigate(target, { replace: true });
  };

  // While the account's sign-ins wait (429 TOO_MANY_ATTEMPTS), its owner asks for a mailed code and
  // signs in with the code and the password (docs/security.md, V6.3.1).
  const [locked, setLocked] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const passwordSignIn = useMutation({
    mutationFn: (values: { email: string; password: string; code?: string }) =>
      signIn(isStaff ? 'admin' : 'user', values),
    onSuccess: finish,
    onError: (error) => {
      form.applyServerErrors(error);
      if (error instanceof ApiError && error.key === 'TOO_MANY_ATTEMPTS') setLocked(true);
      if (error instanceof ApiError && error.key === 'INVALID_CODE') {
        setCode('');
        setCodeError(t('signIn.codeInvalid'));
      }
    },
  });
  const [codeAskedAt, setCodeAskedAt] = useState<number | null>(null);
  const resendIn = useResendCountdown(codeAskedAt);
  const sendCode = useMutation({
    mutationFn: (email: string) => requestSignInCode(isStaff ? 'admin' : 'user', email),
    onSuccess: () => {
      setCode('');
      setCodeError(null);
      setCodeAskedAt(Date.now());
    },
  });
  const googleSignIn = useMutation({ mutationFn: signInWithGoogle, onSuccess: finish });
  const codeSent = locked && sendCode.isSuccess;
  const failure =
    (passwordSignIn.error instanceof ApiError && passwordSignIn.error.key === 'INVALID_CODE'
      ? null
      : passwordSignIn.error) ?? googleSignIn.error;
  const busy = passwordSignIn.isPending || googleSignIn.isPending;

  return (
    <AuthCard
      title={isStaff ? t('signIn.staffTitle') : t('signIn.title')}
      description={isStaff ? t('signIn.staffDescription') : t('signIn.description')}
    >
      <title>{`${isStaff ? t('signIn.staffTitle') : t('signIn.title')} · Prepwise`}</title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          googleSignIn.reset();
          if (codeSent) {
            if (code.length !== RESET_CODE_LENGTH) {
              setCodeError(t('signIn.codeIncomplete', { length: RESET_CODE_LENGTH }));
              return;
            }
            passwordSignIn.mutate({ ...values, code });
          } else passwordSignIn.mutate(values);
        })}
      >
        <Stack gap="md">
          {expired && !failure ? (
            <Alert color="yellow" variant="light" role="status" data-testid="session-expired">
              {t('signIn.sessionExpired')}
            </Alert>
          ) : null}
          {failure && !isFieldValidationError(failure) ? (
            <ApiErrorAlert
              error={failure}
              messages={
                failure === googleSignIn.error
                  ? { INVALID_TOKEN: t('signIn.googleFailed') }
                  : { INVALID_CREDENTIALS: t('signIn.invalidCredentials') }
              }
            />
          ) : null}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            placeholder={t('placeholders.email')}
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          {locked ? (
            <Stack gap="sm" data-testid="sign-in-code">
              {codeSent ? (
                <>
                  <Text size="sm" role="status" data-testid="sign-in-code-sent">
                    {t('signIn.codeSent', { email: form.values.email })}
                  </Text>
                  <OtpInput
                    length={RESET_CODE_LENGTH}
                    mode="digits"
                    label={t('signIn.codeLabel')}
                    value={code}
                    onChange={(value) => {
                      setCode(value);
                      setCodeError(null);
                    }}
                    error={codeError ?? undefined}
                    disabled={passwordSignIn.isPending}
                  />
                </>
              ) : (
                <Text size="sm">{t('signIn.lockedHelp')}</Text>
              )}
              {sendCode.error ? <ApiErrorAlert error={sendCode.error} /> : null}
              <Button
                variant="light"
                size="sm"
                loading={sendCode.isPending}
                disabled={!form.values.email || resendIn > 0}
                onClick={() => sendCode.mutate(form.values.email.trim())}
                data-testid="send-sign-in-code"
              >
                {resendIn > 0
                  ? t('signIn.resendIn', { seconds: resendIn })
                  : codeSent
                    ? t('signIn.resendCode')
                    : t('signIn.sendCode')}
              </Button>
            </Stack>
          ) : null}
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={WEB_PATHS.forgotPassword} size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <SubmitButton size="md" fullWidth loading={passwordSignIn.isPending} disabled={busy}>
            {t('signIn.submit')}
          </SubmitButton>
        </Stack>
      </form>

      {!isStaff && googleClientId ? (
        <Stack gap="md" mt="md">
          <Divider label={t('signIn.or')} labelPosition="center" />
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={(credential) => {
              passwordSignIn.reset();
              googleSignIn.mutate(credential);
            }}
          />
        </Stack>
      ) : null}

      <Stack gap="xs" mt="xl" align="center">
        {isStaff ? null : (
          <Text size="sm" ta="center">
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to={WEB_PATHS.register} fw={600}>
              {t('signIn.registerLink')}
            </Anchor>
          </Text>
        )}
        <Divider w="100%" my="xs" />
        {isStaff ? (
          <Button
            component={Link}
            to={withParams(params, { [STAFF_PARAM]: null })}
            variant="subtle"
            size="sm"
            data-testid="learner-sign-in-switch"
          >
            {t('signIn.learnerSwitch')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={withParams(params, { [STAFF_PARAM]: STAFF_VALUE })}
            variant="light"
            size="sm"
            data-testid="staff-sign-in-switch"
          >
            {t('signIn.staffSwitch')}
          </Button>
        )}
        {isStaff ? null : (
          <Anchor component={Link} to={WEB_PATHS.registerOrganization} size="sm" fw={500} underline="always">
            {t('signIn.organizationLink')}
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}

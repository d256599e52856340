import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEB_PATHS } from '@prepwise/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { apiClient } from '../../lib/api-client';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { useSession } from '../../lib/session';

/**
 * /join/:token, the link of an invitation mail. An address with an account signs in (and comes back
 * here) and accepts; a new address (or one made by a roster import) chooses a name and password and
 * is signed in by the answer.
 */
export function AcceptInvitationPage({ token }: { token: string }) {
  const { t } = useTranslation('students');
  const { t: tm } = useTranslation('messages');
  const session = useSession();
  const invitation = useQuery({
    queryKey: ['public', 'invitation', token],
    queryFn: () => apiClient.get('/public/invitations/{token}', { path: { token } }),
    retry: false,
  });
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const accept = useMutation({
    mutationFn: (body: object) =>
      apiClient.post('/public/invitations/{token}/accept', { path: { token }, body }),
    onSuccess: (result) => {
      // A new account was signed in by cookies: load the app again as that learner.
      if (result.signed_in) window.location.assign(WEB_PATHS.profile);
    },
  });
  const errors = (accept.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  const fieldError = (field: string) => (errors[field] ? looseT(tm)(errors[field]) : undefined);
  const returnTo = `/join/${token}`;

  let body: React.ReactNode = null;
  if (invitation.error) {
    const key = (invitation.error as { errors?: Record<string, string> }).errors?.token;
    body = (
      <Alert color="red" variant="light" title={t('accept.invalid')} data-testid="invitation-invalid">
        {key ? looseT(tm)(key) : <ApiErrorAlert error={invitation.error} />}
      </Alert>
    );
  } else if (invitation.data) {
    const data = invitation.data;
    const intro = (
      <Text>{t('accept.intro', { organization: data.organization.name, email: data.email })}</Text>
    );
    if (accept.data && !accept.data.signed_in) {
      body = (
        <Stack>
          <Text c="teal" fw={600} role="status">
            {t('accept.done', { organization: accept.data.organization.name })}
          </Text>
          <Button component={Link} to={WEB_PATHS.profile}>
            {t('join.mine')}
          </Button>
        </Stack>
      );
    } else if (data.account_exists) {
      const signedIn = session.status === 'signed-in';
      body = (
        <Stack>
          {intro}
          {signedIn ? null : <Text c="dimmed">{t('accept.existing')}</Text>}
          {accept.error ? <ApiErrorAlert error={accept.error} /> : null}
          {signedIn ? (
            <Button onClick={() => accept.mutate({})} loading={accept.isPending}>
              {t('accept.accept')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${WEB_PATHS.signIn}?${new URLSearchParams({ redirectTo: returnTo, email: data.email })}`}
            >
              {t('accept.signIn')}
            </Button>
          )}
        </Stack>
      );
    } else {
      body = (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            accept.mutate({ full_name: fullName, password, password_confirmation: confirmation });
          }}
        >
          <Stack>
            {intro}
            <Text c="dimmed">{t('accept.newAccount')}</Text>
            <TextInput label={t('detail.email')} value={data.email} readOnly />
            <TextInput
              label={t('accept.fullName')}
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              error={fieldError('full_name')}
              autoComplete="name"
              maxLength={120}
            />
            <PasswordInput
              label={t('accept.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldError('password')}
              autoComplete="new-password"
            />
            <PasswordInput
              label={t('accept.passwordConfirmation')}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              error={fieldError('password_confirmation')}
              autoComplete="new-password"
            />
            {accept.error &&
            Object.keys(errors).every(
              (f) => !['full_name', 'password', 'password_confirmation'].includes(f),
            ) ? (
              <ApiErrorAlert error={accept.error} />
            ) : null}
            <Button type="submit" loading={accept.isPending}>
              {t('accept.create')}
            </Button>
          </Stack>
        </form>
      );
    }
  }
  return (
    <Stack maw={520} mx="auto" py="xl" px="md">
      <title>{`${t('accept.title')} · Prepwise`}</title>
      <Card withBorder radius="lg" padding="xl">
        <Title order={1} size="h2" mb="md">
          {invitation.data?.organization.name ?? t('accept.title')}
        </Title>
        {body}
      </Card>
    </Stack>
  );
}

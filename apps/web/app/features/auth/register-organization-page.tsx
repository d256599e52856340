import { Anchor, Button, Divider, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, WEB_PATHS } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { BuildingIcon } from '../../components/icons';
import { AuthCard } from '../../components/layouts/auth-layout';
// Shared with the admin's organization form; components/, so this public page gets none of the back office.
import {
  OrganizationContactFields,
  useContactLabels,
} from '../../components/organization-fields/contact-fields';
import {
  OwnerAccountFields,
  useOwnerLabels,
} from '../../components/organization-fields/owner-account-fields';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { registerOrganization } from './api';

const initialValues = {
  organization: { name: '', email: '', phone: '', address: '', website: '', description: '' },
  owner: { full_name: '', email: '', phone: '', password: '', password_confirmation: '' },
};

/** /register-organization: a school or centre applies, with its owner's educator account. */
export function RegisterOrganizationPage() {
  const { t } = useTranslation('auth');
  const form = useAppForm({
    initialValues,
    rules: {
      'organization.name': ['required'],
      'organization.email': ['required', 'email'],
      'owner.full_name': ['required'],
      'owner.email': ['required', 'email'],
      'owner.password': ['required', ['minLength', PASSWORD_MIN_LENGTH]],
      'owner.password_confirmation': ['required', ['confirmed', 'password']],
    },
    labels: {
      ...useContactLabels('organization.'),
      ...useOwnerLabels('self'),
    },
  });
  const apply = useMutation({
    mutationFn: registerOrganization,
    onError: (error) => form.applyServerErrors(error),
  });

  if (apply.isSuccess) {
    const { organization, owner } = form.getValues();
    return (
      <AuthCard title={t('organization.successTitle')}>
        <title>{`${t('organization.successTitle')} · Prepwise`}</title>
        <Stack gap="md" data-testid="organization-success">
          <ThemeIcon size={48} radius="xl" variant="light">
            <BuildingIcon size={26} />
          </ThemeIcon>
          <Text>{t('organization.successMessage', { name: organization.name.trim() })}</Text>
          <List spacing="xs" size="sm">
            <List.Item>{t('organization.successReview')}</List.Item>
            <List.Item>
              {t('organization.successMail', { email: owner.email.trim().toLowerCase() })}
            </List.Item>
            <List.Item>{t('organization.successSignIn')}</List.Item>
          </List>
          <Button component={Link} to={WEB_PATHS.home} variant="light" size="md" fullWidth>
            {t('organization.backHome')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('organization.title')} description={t('organization.description')} width="wide">
      <title>{`${t('organization.title')} · Prepwise`}</title>
      <form noValidate onSubmit={form.onSubmit((values) => apply.mutate(values))}>
        <Stack gap="lg">
          {apply.error && !isFieldValidationError(apply.error) ? <ApiErrorAlert error={apply.error} /> : null}
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('organization.detailsHeading')}
            </Title>
            <OrganizationContactFields form={form} prefix="organization." />
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('organization.ownerHeading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('organization.ownerHint')}
            </Text>
            <OwnerAccountFields form={form} filledBy="self" />
          </Stack>
          <SubmitButton size="md" loading={apply.isPending}>
            {t('organization.submit')}
          </SubmitButton>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="lg">
        {t('organization.haveAccount')}{' '}
        <Anchor component={Link} to={WEB_PATHS.signIn} fw={600}>
          {t('register.signInLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

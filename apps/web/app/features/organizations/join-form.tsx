import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LearnerOrganization } from '@prepwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { apiClient } from '../../lib/api-client';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { OpenAssignedTests } from '../assignments';

const MINE = ['user', 'organizations'] as const;

/** The signed-in learner's organizations (GET /api/user/organizations). */
export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: MINE,
    queryFn: () => apiClient.get('/user/organizations'),
    enabled,
  });
}

/**
 * The join form: a learner enters an organization's code (or arrives with `?code=` from the join
 * link) and becomes its student. Used on /organizations/{slug} and on /join-organization.
 */
export function JoinForm({
  initialCode = '',
  onJoined,
}: {
  initialCode?: string;
  onJoined?: (organization: LearnerOrganization) => void;
}) {
  const { t } = useTranslation('students');
  const { t: tm } = useTranslation('messages');
  const client = useQueryClient();
  const [code, setCode] = useState(initialCode);
  const [joined, setJoined] = useState<LearnerOrganization | null>(null);
  const join = useMutation({
    mutationFn: (value: string) => apiClient.post('/user/organizations/join', { body: { code: value } }),
    onSuccess: (organization) => {
      setJoined(organization);
      void client.invalidateQueries({ queryKey: MINE });
      onJoined?.(organization);
    },
  });
  const fieldKey = (join.error as { errors?: Record<string, string> } | null)?.errors?.code;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate(code.trim());
      }}
      data-testid="join-form"
    >
      <Stack gap="sm">
        <Group align="flex-start">
          <TextInput
            label={t('join.code')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            error={fieldKey ? looseT(tm)(fieldKey) : undefined}
            maxLength={32}
            autoComplete="off"
            style={{ flex: '1 1 12rem' }}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
          />
          <Button type="submit" mt={25} loading={join.isPending} disabled={code.trim() === ''}>
            {t('join.submit')}
          </Button>
        </Group>
        {join.error && !fieldKey ? <ApiErrorAlert error={join.error} /> : null}
        {joined ? (
          <>
            <Text c="teal" fw={600} role="status">
              {t('join.joined', { name: joined.name })}
            </Text>
            <Text size="sm" data-testid="joined-placement">
              {joined.classes.length > 0
                ? t('join.placedIn', { classes: joined.classes.map((c) => c.name).join(', ') })
                : t('join.waiting')}
            </Text>
            <OpenAssignedTests organizationSlug={joined.slug} organizationName={joined.name} />
          </>
        ) : null}
      </Stack>
    </form>
  );
}

/** The learner's organizations with their classes (shown on /profile and /join-organization). */
export function MyOrganizations({ showJoinLink = false }: { showJoinLink?: boolean }) {
  const { t } = useTranslation('students');
  const mine = useMyOrganizations();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="my-organizations">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('join.mine')}
        </Title>
        {showJoinLink ? (
          <Anchor component={Link} to="/join-organization" size="sm">
            {t('join.joinOne')}
          </Anchor>
        ) : null}
      </Group>
      {mine.error ? <ApiErrorAlert error={mine.error} /> : null}
      {mine.data && mine.data.length === 0 ? <Text c="dimmed">{t('join.none')}</Text> : null}
      <Stack gap="xs">
        {mine.data?.map((organization) => (
          <div key={organization.id}>
            <Anchor component={Link} to={`/organizations/${organization.slug}`} fw={600}>
              {organization.name}
            </Anchor>
            <Group gap={4} mt={2}>
              {organization.classes.map((c) => (
                <Badge key={c.id} variant="light" size="sm" tt="none">
                  {c.name}
                </Badge>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** /join-organization: the join form for a signed-in learner, and their organizations. */
export function JoinOrganizationPage({ initialCode }: { initialCode?: string }) {
  const { t } = useTranslation('students');
  return (
    <Stack gap="lg" maw={640} mx="auto" py="xl" px="md">
      <title>{`${t('join.title')} · Prepwise`}</title>
      <div>
        <Title order={1} size="h2">
          {t('join.title')}
        </Title>
        <Text c="dimmed">{t('join.description')}</Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <JoinForm initialCode={initialCode} />
      </Card>
      <MyOrganizations />
    </Stack>
  );
}

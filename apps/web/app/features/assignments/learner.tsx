import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type AttemptResult, type LearnerAssignment, localTitle } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ServerErrorAlert } from '../../components/admin-ui';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore, ResultView } from '../practice';
import {
  assignedExamPath,
  assignedResultPath,
  assignedTestPath,
  startAssignedAttempt,
  useMyAssignments,
} from './api';
import { AssignmentStateBadge } from './assignments-section';

function AssignedTestCard({
  assignment,
  showOrganization,
}: {
  assignment: LearnerAssignment;
  showOrganization: boolean;
}) {
  const { t, i18n } = useTranslation('assignments');
  const { organization, test } = assignment;
  return (
    <Card withBorder radius="md" padding="md" data-testid="assigned-test">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>{localTitle(test, i18n.language)}</Text>
            {showOrganization ? (
              <Text size="xs" c="dimmed">
                {organization.name}
              </Text>
            ) : null}
          </div>
          <AssignmentStateBadge state={assignment.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {assignment.state === 'upcoming'
            ? t('learner.opensAt', { date: formatDateTime(assignment.opens_at, i18n.language) })
            : t('learner.closesAt', { date: formatDateTime(assignment.closes_at, i18n.language) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('learner.attemptsUsed', {
            used: assignment.attempts_used,
            allowed: assignment.attempts_allowed,
          })}
        </Text>
        {assignment.last_result ? (
          <Text size="sm">
            {t('learner.lastScore')}:{' '}
            <Text span fw={700}>
              {assignment.last_result.max_score !== null
                ? `${formatScore(assignment.last_result.score)} / ${formatScore(assignment.last_result.max_score)}`
                : t('learner.submitted')}
            </Text>
          </Text>
        ) : null}
        <Group gap="xs" mt={4}>
          <Button component={Link} to={assignedTestPath(organization.slug, test.slug)} size="compact-sm">
            {assignment.open_attempt_id ? t('learner.resume') : t('learner.open')}
          </Button>
          {assignment.last_result ? (
            <Button
              component={Link}
              to={assignedResultPath(organization.slug, test.slug, assignment.last_result.id)}
              size="compact-sm"
              variant="default"
            >
              {t('learner.viewResult')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The signed-in learner's assigned tests: on their profile (every organization) and on an organization's
 * page (that organization's). Renders nothing when none is assigned.
 */
export function MyAssignedTests({ organizationSlug }: { organizationSlug?: string }) {
  const { t } = useTranslation('assignments');
  const assignments = useMyAssignments(organizationSlug);
  const list = (assignments.data ?? []).filter((entry) => entry.state !== 'closed' || entry.last_result);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="assigned-tests-title" data-testid="assigned-tests">
      <Title order={2} size="h4" id="assigned-tests-title" mb="sm">
        {t('learner.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {list.map((assignment) => (
          <AssignedTestCard
            key={assignment.id}
            assignment={assignment}
            showOrganization={!organizationSlug}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * The tests of one organization open for the learner now, each with its link; shown right after they
 * join with the centre's code (what their class was given), or a sentence when there is none yet.
 */
export function OpenAssignedTests({
  organizationSlug,
  organizationName,
}: {
  organizationSlug: string;
  organizationName: string;
}) {
  const { t } = useTranslation('assignments');
  const assignments = useMyAssignments(organizationSlug);
  const open = (assignments.data ?? []).filter((entry) => entry.state === 'open');
  return (
    <section aria-labelledby="open-tests-title" data-testid="open-tests">
      <Title order={2} size="h5" id="open-tests-title" mb="xs">
        {t('learner.openTitle', { name: organizationName })}
      </Title>
      {assignments.error ? <ServerErrorAlert error={assignments.error} /> : null}
      {assignments.data && open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('learner.noneOpen', { name: organizationName })}
        </Text>
      ) : null}
      <Stack gap="sm">
        {open.map((assignment) => (
          <AssignedTestCard key={assignment.id} assignment={assignment} showOrganization={false} />
        ))}
      </Stack>
    </section>
  );
}

/** /organizations/{slug}/test/{testSlug}: the assigned test's window and attempts; start or resume. */
export function AssignedTestPage({ slug, assignment }: { slug: string; assignment: LearnerAssignment }) {
  const { t, i18n } = useTranslation('assignments');
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const [code, setCode] = useState('');
  const { t: tm } = useTranslation('messages');
  const left = assignment.attempts_allowed - assignment.attempts_used;
  // A new attempt asks for the access code; resuming the open one does not.
  const asksCode = assignment.access_code_required && assignment.open_attempt_id === null;
  const codeError =
    error instanceof ApiError && error.errors?.access_code ? looseT(tm)(error.errors.access_code) : null;
  const canStart = assignment.state === 'open' && (assignment.open_attempt_id !== null || left > 0);
  const minutes = assignment.time_limit_minutes ?? assignment.test.duration_minutes;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const attempt = await startAssignedAttempt(slug, assignment.test.slug, asksCode ? code : undefined);
      navigate(assignedExamPath(slug, assignment.test.slug, attempt.id));
    } catch (caught) {
      setError(caught);
      setStarting(false);
    }
  };
  return (
    <Stack gap="lg" maw={760} mx="auto" px="md" py="xl">
      <div>
        <Text size="sm" c="dimmed" component={Link} to={`/organizations/${encodeURIComponent(slug)}`}>
          {assignment.organization.name}
        </Text>
        <Group gap="sm" mt={4}>
          <Title order={1} size="h2">
            {localTitle(assignment.test, i18n.language)}
          </Title>
          <AssignmentStateBadge state={assignment.state} />
        </Group>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Text size="sm">
            <Text span c="dimmed">
              {t('learner.window')}:{' '}
            </Text>
            {t('card.window', {
              from: formatDateTime(assignment.opens_at, i18n.language),
              to: formatDateTime(assignment.closes_at, i18n.language),
            })}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {t('learner.timeLimit')}:{' '}
            </Text>
            {t('learner.minutes', { count: minutes })}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {t('learner.questions')}:{' '}
            </Text>
            {assignment.test.question_count}
          </Text>
          <Text size="sm" data-testid="attempts-used">
            {t('learner.attemptsUsed', {
              used: assignment.attempts_used,
              allowed: assignment.attempts_allowed,
            })}
          </Text>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {t(`learner.policy.${assignment.answers_shown}`)}
        </Text>
        {assignment.single_device ? (
          <Text size="sm" c="dimmed" mt="xs" data-testid="single-device-note">
            {t('learner.singleDevice')}
          </Text>
        ) : null}
        {error && !codeError ? <ServerErrorAlert error={error} shownFields={['access_code']} /> : null}
        {canStart && asksCode ? (
          <TextInput
            mt="md"
            maw={320}
            label={t('learner.accessCode')}
            description={t('learner.accessCodeHint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && code.trim()) void start();
            }}
            error={codeError}
            autoComplete="off"
            withAsterisk
            data-testid="access-code"
          />
        ) : null}
        <Group mt="lg" gap="sm">
          {canStart ? (
            <Button
              onClick={start}
              loading={starting}
              disabled={asksCode && !code.trim()}
              data-testid="start-assigned"
            >
              {assignment.open_attempt_id ? t('learner.resume') : t('learner.start')}
            </Button>
          ) : (
            <Alert color="gray" variant="light" py={8}>
              {assignment.state === 'upcoming'
                ? t('learner.notOpen', { date: formatDateTime(assignment.opens_at, i18n.language) })
                : assignment.state === 'open'
                  ? t('learner.noAttemptsLeft')
                  : t('learner.closed')}
            </Alert>
          )}
          {assignment.last_result ? (
            <Button
              component={Link}
              variant="default"
              to={assignedResultPath(slug, assignment.test.slug, assignment.last_result.id)}
            >
              {t('learner.viewResult')}
            </Button>
          ) : null}
        </Group>
      </Card>
      {assignment.state === 'open' ? (
        <Text size="xs" c="dimmed">
          {t('learner.deadlineNote')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** /organizations/{slug}/test/{testSlug}/result/{id}: the score, and the review once the policy releases it. */
export function AssignedResultPage({ slug, result }: { slug: string; result: AttemptResult }) {
  const { t, i18n } = useTranslation('assignments');
  const withheld = result.review_withheld;
  return (
    <Stack gap="lg" maw={960} mx="auto" px="md" py="xl">
      <Group gap="xs">
        <Button
          component={Link}
          to={assignedTestPath(slug, result.test.slug)}
          variant="subtle"
          size="compact-sm"
        >
          {t('learner.back')}
        </Button>
      </Group>
      <ResultView
        result={result}
        ownAttempt
        retake={false}
        reviewWithheld={
          withheld ? (
            <Alert color="blue" variant="light" data-testid="review-withheld">
              {withheld.until
                ? t('learner.reviewAfter', { date: formatDateTime(withheld.until, i18n.language) })
                : t('learner.reviewNever')}
            </Alert>
          ) : undefined
        }
      />
    </Stack>
  );
}

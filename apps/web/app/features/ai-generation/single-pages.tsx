import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { AiJob } from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import { QueryState, ServerErrorAlert } from '../../components/admin-ui';
import { BackOfficePage, FormPage } from '../../components/back-office/form-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import {
  GENERATE_PATH,
  REVIEW_PATH,
  SINGLE_AI_PATH,
  useCreateJob,
  useDraft,
  useDraftList,
  useJob,
  useJobAction,
} from './api';
import { JobForm, UsageLine } from './job-pages';
import { DraftReview } from './review-pages';
import { JobProgress, ProviderLine } from './shared';

/** /question-bank/single/ai: one question written while the author waits, then reviewed on its own page. */
export function SingleGeneratePage() {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  return (
    <FormPage
      title={t('single.title')}
      description={
        <>
          {t('single.description')}
          <UsageLine />
        </>
      }
      back={{ to: scope.web(GENERATE_PATH), label: t('jobs.title') }}
      card={860}
    >
      <JobForm
        single
        submitLabel={t('single.generate')}
        onCreated={(job) => void navigate(scope.web(`${SINGLE_AI_PATH}/${job.id}`))}
      />
    </FormPage>
  );
}

/**
 * /question-bank/single/ai/{id}: the question being written (the job of one item), then its review —
 * approve, reject or edit it here — and another one with the same settings.
 */
export function SingleResultPage({ id }: { id: string }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const job = useJob(id);
  return (
    <BackOfficePage
      title={t('single.resultTitle')}
      back={{ to: scope.web(SINGLE_AI_PATH), label: t('single.title') }}
    >
      <QueryState query={job}>{(data) => <SingleResult job={data} />}</QueryState>
    </BackOfficePage>
  );
}

function SingleResult({ job }: { job: AiJob }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const live = job.status === 'queued' || job.status === 'running';
  const drafts = useDraftList({ page: 1, job_id: job.id, pageSize: 1 }, { poll: live });
  const draft = drafts.data?.items[0];
  const again = useCreateJob();
  const retry = useJobAction('retry');
  const generateAgain = () =>
    again.mutate(
      {
        provider: job.provider,
        format_id: job.format.id,
        level_id: job.level?.id ?? null,
        task: job.task,
        count: 1,
        topic: job.topic,
        source_text: job.source_text,
        explanation_language: job.explanation_language,
      },
      { onSuccess: (next) => void navigate(scope.web(`${SINGLE_AI_PATH}/${next.id}`)) },
    );
  const failed = !live && job.progress.failed + job.progress.cancelled > 0;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>
              {t(`task.${job.task}`)} · {job.format.exam_name} · {job.format.name}
              {job.level ? ` · ${job.level.code}` : ''}
            </Text>
            <ProviderLine provider={job.provider} model={job.model} />
          </Stack>
          <PermissionGate permission="create_question">
            <Group gap="xs">
              {failed ? (
                <Button variant="light" loading={retry.isPending} onClick={() => retry.mutate(job.id)}>
                  {t('single.retry')}
                </Button>
              ) : null}
              <Button variant="default" component={Link} to={scope.web(SINGLE_AI_PATH)}>
                {t('single.newSettings')}
              </Button>
              <Button loading={again.isPending} disabled={live} onClick={generateAgain}>
                {t('single.again')}
              </Button>
            </Group>
          </PermissionGate>
        </Group>
        {again.error ? <ServerErrorAlert error={again.error} /> : null}
        {retry.error ? <ServerErrorAlert error={retry.error} /> : null}
      </Card>
      {live || (!draft && drafts.isPending) ? (
        <Card withBorder radius="lg" padding="lg" data-testid="ai-single-writing">
          <Group gap="md" wrap="nowrap">
            <Loader size="sm" />
            <Stack gap={4} style={{ flex: 1 }}>
              <Text>{t('single.writing')}</Text>
              <JobProgress progress={job.progress} size="sm" />
            </Stack>
          </Group>
        </Card>
      ) : draft ? (
        <OneDraft key={draft.id} id={draft.id} />
      ) : (
        <Alert color="gray">{t('jobs.noItems')}</Alert>
      )}
      <Anchor component={Link} to={scope.web(`${REVIEW_PATH}?job=${job.id}`)} size="sm">
        {t('single.inQueue')}
      </Anchor>
    </Stack>
  );
}

/** The draft with its checks (the list leaves them out), reviewed in place: a decision stays on this page. */
function OneDraft({ id }: { id: string }) {
  const draft = useDraft(id);
  return (
    <QueryState query={draft}>
      {(data) => <DraftReview draft={data} onDecided={() => void draft.refetch()} />}
    </QueryState>
  );
}

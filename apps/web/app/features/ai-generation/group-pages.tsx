import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { AiDraft, AiJob } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState, ServerErrorAlert } from '../../components/admin-ui';
import { BackOfficePage, FormPage } from '../../components/back-office/form-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { plainText, RichText } from '../question-bank';
import {
  GENERATE_PATH,
  GROUP_AI_PATH,
  REVIEW_PATH,
  useApproveGroup,
  useDraftList,
  useJob,
  useJobAction,
} from './api';
import { JobForm, UsageLine } from './job-pages';
import { DraftStatusBadge, JobProgress, ProviderLine, useDraftError } from './shared';

/**
 * /question-bank/group/ai: reading questions about the author's text, a cloze passage, or a listening
 * script with its questions, to approve as one group.
 */
export function GroupGeneratePage() {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  return (
    <FormPage
      title={t('group.title')}
      description={
        <>
          {t('group.description')}
          <UsageLine />
        </>
      }
      back={{ to: scope.web(GENERATE_PATH), label: t('jobs.title') }}
      card={860}
    >
      <JobForm
        group
        submitLabel={t('group.generate')}
        onCreated={(job) => void navigate(scope.web(`${GROUP_AI_PATH}/${job.id}`))}
      />
    </FormPage>
  );
}

/**
 * /question-bank/group/ai/{id}: the passage and the questions written about it; each is reviewed in the
 * bank's editor (or rejected), then the ones waiting join the bank together as one question group.
 */
export function GroupResultPage({ id }: { id: string }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const job = useJob(id);
  return (
    <BackOfficePage
      title={t('group.resultTitle')}
      back={{ to: scope.web(GROUP_AI_PATH), label: t('group.title') }}
    >
      <QueryState query={job}>{(data) => <GroupResult job={data} />}</QueryState>
    </BackOfficePage>
  );
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);

function GroupResult({ job }: { job: AiJob }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const live = job.status === 'queued' || job.status === 'running';
  const drafts = useDraftList({ page: 1, job_id: job.id, pageSize: 20 }, { poll: live });
  const retry = useJobAction('retry');
  const items = [...(drafts.data?.items ?? [])].sort((a, b) => a.position - b.position);
  const failed = !live && job.progress.failed + job.progress.cancelled > 0;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>
              {job.format.exam_name} · {job.format.name}
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
              <Button variant="default" component={Link} to={scope.web(GROUP_AI_PATH)}>
                {t('single.newSettings')}
              </Button>
            </Group>
          </PermissionGate>
        </Group>
        {live ? (
          <Group gap="md" wrap="nowrap" mt="sm" data-testid="ai-group-writing">
            <Loader size="sm" />
            <Stack gap={4} style={{ flex: 1 }}>
              <Text size="sm">{t('group.writing')}</Text>
              <JobProgress progress={job.progress} size="sm" />
            </Stack>
          </Group>
        ) : null}
        {retry.error ? <ServerErrorAlert error={retry.error} /> : null}
      </Card>
      {job.task === 'listening' ? (
        <ListeningScript job={job} live={live} />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="xs" data-testid="ai-group-passage">
            <Text fw={600}>{job.cloze_passage ? t('fields.clozePassage') : t('group.passage')}</Text>
            {job.cloze_passage ? (
              <RichText value={job.cloze_passage} />
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {paragraphs(job.source_text ?? '').join('\n\n')}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text fw={600}>{t('group.questions')}</Text>
          <Stack gap="md" data-testid="ai-group-questions">
            {items.map((draft, index) => (
              <DraftItem key={draft.id} draft={draft} number={index + 1} />
            ))}
          </Stack>
        </Stack>
      </Card>
      {live ? null : (
        <ApproveGroup job={job} waiting={items.filter((d) => d.status === 'pending_review').length} />
      )}
    </Stack>
  );
}

/** A listening job's script, line by line with its speakers, once the provider has written it. */
function ListeningScript({ job, live }: { job: AiJob; live: boolean }) {
  const { t } = useTranslation('ai');
  const script = job.listening_script;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="xs" data-testid="ai-group-script">
        <Group gap="xs">
          <Text fw={600}>{t('group.script')}</Text>
          {script ? (
            <Badge variant="light" color="grape">
              {t(`group.scriptKind_${script.kind}`)}
            </Badge>
          ) : null}
        </Group>
        {script?.audio_url ? (
          // biome-ignore lint/a11y/useMediaCaption: the script shown below is the recording's transcript.
          <audio controls preload="none" src={script.audio_url} data-testid="ai-script-audio" />
        ) : null}
        {script ? (
          script.lines.map((line, index) => (
            // Lines are fixed once written; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a script's lines never move.
            <Text key={index} size="sm" data-testid="ai-script-line">
              <Text span fw={700}>
                {line.speaker}:
              </Text>{' '}
              {line.text}
            </Text>
          ))
        ) : live ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('group.writingScript')}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function DraftItem({ draft, number }: { draft: AiDraft; number: number }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const errorText = useDraftError();
  const question = draft.question;
  const key = (question?.answer as { key?: string } | null)?.key;
  return (
    <Stack gap={6} data-testid="ai-group-question">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600}>
          {number}.{' '}
          {question ? plainText(question.stem) : draft.error ? errorText(draft.error) : t('jobs.waiting')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <DraftStatusBadge status={draft.status} />
          {draft.status === 'pending_review' ? (
            <PermissionGate permission="update_question">
              <Anchor component={Link} to={scope.web(`${REVIEW_PATH}/${draft.id}/edit`)} size="sm">
                {t('review.open')}
              </Anchor>
            </PermissionGate>
          ) : null}
        </Group>
      </Group>
      {question?.options?.length ? (
        <List size="sm" spacing={2} listStyleType="none">
          {question.options.map((option) => (
            <List.Item key={option.key}>
              <Text
                size="sm"
                span
                fw={option.key === key ? 700 : undefined}
                c={option.key === key ? 'teal' : undefined}
              >
                {option.key}. {plainText(option.content)}
              </Text>
              {option.key === key ? (
                <Badge size="xs" color="teal" variant="light" ml={6}>
                  {t('fields.answer')}
                </Badge>
              ) : null}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

function ApproveGroup({ job, waiting }: { job: AiJob; waiting: number }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const approve = useApproveGroup(job.id);
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = missing || (approve.error instanceof ApiError && !!approve.error.errors?.title);
  if (approve.data)
    return (
      <Alert color="teal" title={t('group.approved')} data-testid="ai-group-approved">
        <Anchor component={Link} to={scope.web(`/question-bank/group/${approve.data.group_id}/edit`)}>
          {t('group.openGroup')}
        </Anchor>
      </Alert>
    );
  if (waiting === 0) return <Alert color="gray">{t('group.nothing')}</Alert>;
  return (
    <PermissionGate permission="create_question">
      <Card withBorder radius="lg" padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Checked here first, as every form is; the server checks again.
            setMissing(!title.trim());
            if (title.trim()) approve.mutate({ title });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('group.groupTitle')}
              description={t('group.groupTitleHint')}
              withAsterisk
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                setMissing(false);
              }}
              error={fieldError ? t('group.titleRequired') : undefined}
            />
            <Text size="sm" c="dimmed">
              {job.task === 'listening' ? t('group.approveHintScript') : t('group.approveHint')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" color="teal" loading={approve.isPending}>
                {t('group.approve')}
              </Button>
            </Group>
            {approve.error && !fieldError ? <ServerErrorAlert error={approve.error} /> : null}
          </Stack>
        </form>
      </Card>
    </PermissionGate>
  );
}

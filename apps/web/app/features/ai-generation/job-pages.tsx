import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  AI_CLOZE_GAPS_MAX,
  AI_GROUP_TASKS,
  AI_JOB_COUNT_MAX,
  AI_JOB_STATUSES,
  AI_LISTENING_QUESTIONS_MAX,
  AI_TASK_KINDS,
  AI_TASKS,
  type AiDraft,
  type AiJob,
  type AiProvider,
  type AiTask,
  typesAllowedInPart,
} from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import { QueryState, ServerErrorAlert } from '../../components/admin-ui';
import { DataList, useListState } from '../../components/back-office/data-list';
import { BackOfficePage, FormPage } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { dateColumn, fromSm, ListPage, RowLink } from '../../components/back-office/list-page';
import { ChoiceSelect } from '../../components/back-office/record-fields';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { oneOf } from '../../lib/admin-query';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import { PartSelect, plainText, usePartOptions } from '../question-bank';
import {
  GENERATE_PATH,
  GROUP_AI_PATH,
  REVIEW_PATH,
  SINGLE_AI_PATH,
  useAiStatus,
  useAiVocabularyTopics,
  useCreateJob,
  useDraftList,
  useJob,
  useJobAction,
  useJobList,
} from './api';
import { DraftStatusBadge, JobProgress, JobStatusBadge, ProviderLine, useDraftError } from './shared';

/** "N questions generated (M this month)": the organization's (or platform's) AI usage. */
export function UsageLine() {
  const { t } = useTranslation('ai');
  const status = useAiStatus();
  if (!status.data) return null;
  return (
    // Inside the page header's description (a paragraph): a span shown as its own line.
    <Text component="span" display="block" size="sm" c="dimmed" data-testid="ai-usage">
      {t('usage', { count: status.data.usage.generated, month: status.data.usage.this_month })}
    </Text>
  );
}

/** /question-bank/generate: the generation jobs with their progress. */
export function JobListPage() {
  const { t, i18n } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const state = useListState({ filters: ['status'] });
  const list = useJobList({
    page: state.page,
    search: state.search,
    status: oneOf(state.filters.status, AI_JOB_STATUSES),
  });
  return (
    <ListPage<AiJob>
      title={t('jobs.title')}
      description={
        <>
          {t('jobs.description')}
          <UsageLine />
        </>
      }
      actions={
        <Group gap="xs">
          <PermissionGate permission="create_question">
            <Button component={Link} to={scope.web(SINGLE_AI_PATH)} variant="light">
              {t('single.title')}
            </Button>
            <Button component={Link} to={scope.web(GROUP_AI_PATH)} variant="light">
              {t('group.title')}
            </Button>
          </PermissionGate>
          <Button component={Link} to={scope.web(REVIEW_PATH)} variant="default">
            {t('review.title')}
          </Button>
        </Group>
      }
      create={{
        to: scope.web(`${GENERATE_PATH}/create`),
        label: t('jobs.create'),
        permission: 'create_question',
      }}
      searchPlaceholder={t('jobs.searchPlaceholder')}
      filters={
        <Select
          label={t('fields.status')}
          placeholder={t('common.all')}
          data={AI_JOB_STATUSES.map((status) => ({ value: status, label: t(`jobStatus.${status}`) }))}
          value={state.filters.status ?? null}
          onChange={(value) => state.setFilter('status', value)}
          clearable
          style={{ flex: '0 1 12rem' }}
        />
      }
      query={list}
      state={state}
      testId="ai-job-table"
      emptyText={t('jobs.empty')}
      columns={[
        {
          accessor: 'task',
          title: t('fields.task'),
          render: (job) => (
            <>
              <Anchor component={Link} to={scope.web(`${GENERATE_PATH}/${job.id}/detail`)} fw={600}>
                {t(`task.${job.task}`)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {job.format.exam_name} · {job.format.name}
                {job.level ? ` · ${job.level.code}` : ''}
              </Text>
            </>
          ),
        },
        {
          accessor: 'provider',
          title: t('fields.provider'),
          visibleMediaQuery: fromSm,
          render: (job) => <ProviderLine provider={job.provider} model={job.model} />,
        },
        {
          accessor: 'status',
          title: t('fields.status'),
          render: (job) => <JobStatusBadge status={job.status} />,
        },
        {
          accessor: 'progress',
          title: t('fields.progress'),
          render: (job) => <JobProgress progress={job.progress} size="sm" />,
        },
        dateColumn<AiJob>('created_at', t('fields.created'), i18n.language),
      ]}
      rowActions={(job) => (
        <RowLink to={scope.web(`${GENERATE_PATH}/${job.id}/detail`)} label={t('jobs.open')}>
          {t('jobs.open')}
        </RowLink>
      )}
    />
  );
}

interface JobFormValues {
  [key: string]: unknown;
  provider: AiProvider;
  format_id: string;
  level_id: string;
  task: string;
  count: number;
  topic: string;
  source_text: string;
  vocabulary_topic_id: string;
  explanation_language: 'vi' | 'en';
}

/** /question-bank/generate/create: what to generate, and with which provider. */
export function JobCreatePage() {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  return (
    <FormPage
      title={t('jobs.createTitle')}
      back={{ to: scope.web(GENERATE_PATH), label: t('jobs.title') }}
      card={860}
    >
      <JobForm
        submitLabel={t('jobs.start')}
        onCreated={(job) => void navigate(scope.web(`${GENERATE_PATH}/${job.id}/detail`))}
      />
    </FormPage>
  );
}

/**
 * What to generate and with which provider: a background job of many items, or (`single`) one question
 * written while the author waits, without the count.
 */
export function JobForm({
  single = false,
  group = false,
  submitLabel,
  onCreated,
}: {
  single?: boolean;
  /** Reading questions about the author's text, approved together as one group: the text comes first. */
  group?: boolean;
  submitLabel: string;
  onCreated: (job: AiJob) => void;
}) {
  const { t, i18n } = useTranslation('ai');
  const status = useAiStatus();
  const create = useCreateJob();
  const vocabularyTopics = useAiVocabularyTopics();
  const parts = usePartOptions();
  const types = useQuestionTypeOptions();
  const levels = useLevelOptions();
  const labels = {
    provider: t('fields.provider'),
    format_id: t('fields.part'),
    level_id: t('fields.level'),
    task: t('fields.task'),
    count: t('fields.count'),
    topic: t('fields.topic'),
    source_text: t('fields.sourceText'),
    vocabulary_topic_id: t('fields.vocabularyTopic'),
    explanation_language: t('fields.explanationLanguage'),
  };
  const form = useAppForm<JobFormValues>({
    initialValues: {
      provider: 'builtin',
      format_id: '',
      level_id: '',
      task: group ? 'reading' : 'word_form',
      count: group ? 4 : 10,
      topic: '',
      source_text: '',
      vocabulary_topic_id: '',
      explanation_language: 'vi',
    },
    // A reading group needs its text; the server says so (a cloze can be built from the word list).
    rules: { format_id: ['required'], task: ['required'] },
    labels,
  });
  const values = form.getValues();
  const cloze = values.task === 'cloze';
  const listening = values.task === 'listening';
  const format = values.format_id ? parts.formats.get(values.format_id) : undefined;
  // The part's allowed types that this scope's type list knows, and an organization's own types (allowed
  // in every part); when it knows none of them, every task is offered and the server decides.
  const allowedKinds = new Set(
    (format?.allowed_question_type_ids.length ? typesAllowedInPart(types.data?.items ?? [], format) : []).map(
      (type) => type.answer_kind,
    ),
  );
  const tasks = AI_TASKS.filter(
    (task) =>
      !format?.allowed_question_type_ids.length ||
      allowedKinds.size === 0 ||
      allowedKinds.has(AI_TASK_KINDS[task]),
  );
  const providers = status.data?.providers ?? [{ provider: 'builtin' as const, model: '', offline: true }];
  const chosen = providers.find((provider) => provider.provider === values.provider);
  return (
    <FormShell
      form={form}
      labels={labels}
      testId="ai-job-form"
      onSubmit={(submitted) =>
        create.mutateAsync({
          provider: submitted.provider,
          format_id: submitted.format_id,
          level_id: submitted.level_id || null,
          task: submitted.task as AiTask,
          count: single ? 1 : Number(submitted.count),
          topic: submitted.topic || null,
          source_text: submitted.task === 'listening' ? null : submitted.source_text || null,
          vocabulary_topic_id: submitted.vocabulary_topic_id || null,
          explanation_language: submitted.explanation_language,
        })
      }
      savedMessage={(job) => t(`task.${job.task}`)}
      onSaved={onCreated}
      submitLabel={submitLabel}
    >
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('fields.provider')}
        </Text>
        <SegmentedControl
          data={providers.map((provider) => ({
            value: provider.provider,
            label: t(`provider.${provider.provider}`),
          }))}
          {...form.getInputProps('provider')}
        />
        {chosen?.offline ? (
          <Alert color="blue" variant="light" data-testid="ai-offline-note">
            {t('jobs.offlineNote')}
          </Alert>
        ) : chosen ? (
          <Alert color="grape" variant="light">
            {t('jobs.modelNote', { model: chosen.model })}
          </Alert>
        ) : null}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PartSelect
          label={t('fields.part')}
          value={values.format_id || null}
          onChange={(value) => {
            form.setFieldValue('format_id', value ?? '');
            const kinds = value ? parts.formats.get(value) : undefined;
            if (kinds && !tasks.includes(values.task as AiTask)) form.setFieldValue('task', '');
          }}
          error={form.errorText('format_id')}
          required
        />
        <ChoiceSelect
          label={t('fields.task')}
          withAsterisk
          values={tasks.filter((task) => AI_GROUP_TASKS.includes(task) === group)}
          labelOf={(task) => t(`task.${task}`)}
          {...form.getInputProps('task')}
          error={form.errorText('task')}
        />
        <Select
          label={t('fields.level')}
          placeholder={t('common.any')}
          data={(levels.data?.items ?? []).map((level) => ({
            value: level.id,
            label: `${level.code} – ${level.name}`,
          }))}
          clearable
          {...form.getInputProps('level_id')}
        />
        {single ? null : (
          <NumberInput
            label={cloze ? t('group.gapCount') : group ? t('group.count') : t('fields.count')}
            min={1}
            max={
              cloze
                ? AI_CLOZE_GAPS_MAX
                : listening
                  ? AI_LISTENING_QUESTIONS_MAX
                  : group
                    ? 10
                    : AI_JOB_COUNT_MAX
            }
            withAsterisk
            {...form.getInputProps('count')}
          />
        )}
        <TextInput
          label={t('fields.topic')}
          description={t('jobs.topicHint')}
          {...form.getInputProps('topic')}
        />
        <Select
          label={t('fields.explanationLanguage')}
          data={[
            { value: 'vi', label: 'Tiếng Việt' },
            { value: 'en', label: 'English' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('explanation_language')}
        />
        <Select
          label={t('fields.vocabularyTopic')}
          description={t('jobs.vocabularyTopicHint')}
          placeholder={t('jobs.noVocabularyTopic')}
          data={(vocabularyTopics.data ?? []).map((topic) => ({
            value: topic.id,
            label: `${i18n.language === 'en' ? topic.name_en : topic.name_vi} · ${topic.level} (${topic.words})`,
          }))}
          searchable
          clearable
          {...form.getInputProps('vocabulary_topic_id')}
          error={form.errorText('vocabulary_topic_id')}
        />
      </SimpleGrid>
      {listening ? (
        // The generator writes the script: there is no text to give.
        <Alert color="blue" variant="light" data-testid="ai-listening-note">
          {t('group.listeningHint')}
        </Alert>
      ) : (
        <Textarea
          label={cloze ? t('group.passageOptional') : group ? t('group.passage') : t('fields.sourceText')}
          description={cloze ? t('group.clozeHint') : group ? undefined : t('jobs.sourceHint')}
          withAsterisk={group && !cloze}
          autosize
          minRows={group ? 8 : 3}
          maxRows={group ? 20 : 10}
          {...form.getInputProps('source_text')}
          error={form.errorText('source_text')}
        />
      )}
    </FormShell>
  );
}

/** /question-bank/generate/{id}/detail: the job's progress, its items, cancel and retry. */
export function JobDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const job = useJob(id);
  return (
    <BackOfficePage
      title={t('jobs.detailTitle')}
      back={{ to: scope.web(GENERATE_PATH), label: t('jobs.title') }}
    >
      <QueryState query={job}>{(data) => <JobDetail job={data} />}</QueryState>
    </BackOfficePage>
  );
}

function JobDetail({ job }: { job: AiJob }) {
  const { t, i18n } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const cancel = useJobAction('cancel');
  const retry = useJobAction('retry');
  const state = useListState();
  const live = job.status === 'queued' || job.status === 'running';
  const items = useDraftList({ page: state.page, job_id: job.id }, { poll: live });
  const errorText = useDraftError();
  const canRetry = !live && job.progress.failed + job.progress.cancelled > 0;
  const facts: [string, string][] = [
    [t('fields.task'), t(`task.${job.task}`)],
    [t('fields.part'), `${job.format.exam_name} · ${job.format.name}`],
    [t('fields.level'), job.level?.code ?? '—'],
    [t('fields.count'), String(job.count)],
    [t('fields.topic'), job.topic ?? '—'],
    [
      t('fields.vocabularyTopic'),
      job.vocabulary_topic
        ? i18n.language === 'en'
          ? job.vocabulary_topic.name_en
          : job.vocabulary_topic.name_vi
        : '—',
    ],
    [t('fields.explanationLanguage'), job.explanation_language === 'vi' ? 'Tiếng Việt' : 'English'],
    [t('fields.seed'), String(job.seed)],
    [t('fields.createdBy'), job.created_by?.full_name ?? '—'],
    [t('fields.created'), new Date(job.created_at).toLocaleString(i18n.language)],
  ];
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <JobStatusBadge status={job.status} />
                <ProviderLine provider={job.provider} model={job.model} />
              </Group>
            </Stack>
            <Group gap="xs">
              <Button
                component={Link}
                to={scope.web(`${REVIEW_PATH}?job=${job.id}&status=pending_review`)}
                variant="light"
              >
                {t('jobs.reviewItems')}
              </Button>
              <PermissionGate permission="create_question">
                {live ? (
                  <Button
                    color="orange"
                    variant="light"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate(job.id)}
                  >
                    {t('jobs.cancel')}
                  </Button>
                ) : null}
                {canRetry ? (
                  <Button variant="light" loading={retry.isPending} onClick={() => retry.mutate(job.id)}>
                    {t('jobs.retry')}
                  </Button>
                ) : null}
              </PermissionGate>
            </Group>
          </Group>
          <JobProgress progress={job.progress} />
          {cancel.error ? <ServerErrorAlert error={cancel.error} /> : null}
          {retry.error ? <ServerErrorAlert error={retry.error} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {job.source_text ? (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {job.source_text}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <DataList<AiDraft>
          label={t('jobs.items')}
          query={items}
          state={state}
          testId="ai-job-items"
          emptyText={t('jobs.noItems')}
          minWidth={560}
          columns={[
            { accessor: 'position', title: '#', render: (draft) => draft.position + 1 },
            {
              accessor: 'question',
              title: t('fields.question'),
              render: (draft) =>
                draft.question ? (
                  <Text size="sm" lineClamp={2} maw={460}>
                    {plainText(draft.question.stem)}
                  </Text>
                ) : (
                  <Text size="sm" c={draft.error ? 'red' : 'dimmed'}>
                    {draft.error ? errorText(draft.error) : t('jobs.waiting')}
                  </Text>
                ),
            },
            {
              accessor: 'status',
              title: t('fields.status'),
              render: (draft) => <DraftStatusBadge status={draft.status} />,
            },
            { accessor: 'attempts', title: t('fields.attempts'), visibleMediaQuery: fromSm },
          ]}
          rowActions={(draft) =>
            draft.question ? (
              <RowLink to={scope.web(`${REVIEW_PATH}/${draft.id}/edit`)} label={t('review.open')}>
                {t('review.open')}
              </RowLink>
            ) : null
          }
        />
      </Card>
    </Stack>
  );
}

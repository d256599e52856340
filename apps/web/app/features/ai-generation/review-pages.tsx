import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AI_DRAFT_STATUSES,
  AI_TASKS,
  type AiDraft,
  type AiDraftStatus,
  type AiTask,
  type AnswerKind,
  type Question,
  typesAllowedInPart,
} from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState, ServerErrorAlert } from '../../components/admin-ui';
import { ListFilter, useListState } from '../../components/back-office/data-list';
import { FormShell } from '../../components/back-office/form-shell';
import { dateColumn, fromSm, ListPage, RowLink } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { ApiError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import {
  draftFromQuestion,
  kindOf,
  plainText,
  QUESTION_EDITOR_FIELDS,
  type QuestionDraft,
  QuestionEditor,
  QuestionPreview,
  questionFields,
  usePartOptions,
} from '../question-bank';
import {
  GENERATE_PATH,
  REVIEW_PATH,
  useApproveDraft,
  useBulkReviewDrafts,
  useDraft,
  useDraftList,
  useRejectDraft,
  useSaveDraft,
} from './api';
import { DraftStatusBadge, ProviderLine, useDraftError } from './shared';

/** /question-bank/ai: the generated items, waiting for review first. */
export function ReviewListPage() {
  const { t, i18n } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const levels = useLevelOptions();
  const state = useListState({ filters: ['job', 'status', 'task', 'level'] });
  const list = useDraftList({
    page: state.page,
    search: state.search,
    job_id: state.filters.job,
    status: state.filters.status as AiDraftStatus | undefined,
    task: state.filters.task as AiTask | undefined,
    level_id: state.filters.level,
  });
  const approve = useApproveDraft();
  const errorText = useDraftError();
  const [selected, setSelected] = useState<AiDraft[]>([]);
  const [bulk, setBulk] = useState<'approve' | 'reject' | null>(null);
  return (
    <>
      <BulkReviewModal
        action={bulk}
        ids={selected.map((draft) => draft.id)}
        onClose={() => setBulk(null)}
        onDone={() => {
          setBulk(null);
          setSelected([]);
        }}
      />
      <ListPage<AiDraft>
        title={t('review.title')}
        description={t('review.description')}
        actions={
          <Button component={Link} to={scope.web(GENERATE_PATH)} variant="default">
            {t('jobs.title')}
          </Button>
        }
        create={{
          to: scope.web(`${GENERATE_PATH}/create`),
          label: t('jobs.create'),
          permission: 'create_question',
        }}
        searchPlaceholder={t('review.searchPlaceholder')}
        filters={
          <>
            {state.filters.job ? (
              <Button
                variant="light"
                size="sm"
                onClick={() => state.setFilter('job', null)}
                data-testid="ai-job-filter"
              >
                {t('review.oneJob')} ×
              </Button>
            ) : null}
            <ListFilter
              state={state}
              name="status"
              label={t('fields.status')}
              data={AI_DRAFT_STATUSES.map((status) => ({ value: status, label: t(`draftStatus.${status}`) }))}
              width="11rem"
            />
            <ListFilter
              state={state}
              name="task"
              label={t('fields.task')}
              data={AI_TASKS.map((task) => ({ value: task, label: t(`task.${task}`) }))}
              width="12rem"
            />
            <ListFilter
              state={state}
              name="level"
              label={t('fields.level')}
              data={(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.code }))}
              width="8rem"
            />
          </>
        }
        query={list}
        state={state}
        testId="ai-draft-table"
        emptyText={t('review.empty')}
        selection={{
          selected,
          onChange: setSelected,
          isSelectable: (draft) => draft.status === 'pending_review',
          actions: (picked) => (
            <>
              <PermissionGate permission="create_question">
                <Button size="compact-sm" color="teal" variant="light" onClick={() => setBulk('approve')}>
                  {t('review.bulkApprove', { count: picked.length })}
                </Button>
              </PermissionGate>
              <PermissionGate permission="update_question">
                <Button size="compact-sm" color="red" variant="light" onClick={() => setBulk('reject')}>
                  {t('review.bulkReject', { count: picked.length })}
                </Button>
              </PermissionGate>
            </>
          ),
        }}
        columns={[
          {
            accessor: 'question',
            title: t('fields.question'),
            render: (draft) =>
              draft.question ? (
                <Anchor
                  component={Link}
                  to={scope.web(`${REVIEW_PATH}/${draft.id}/edit`)}
                  size="sm"
                  maw={440}
                  lineClamp={2}
                >
                  {plainText(draft.question.stem)}
                </Anchor>
              ) : (
                <Text size="sm" c="red">
                  {errorText(draft.error) || t('jobs.waiting')}
                </Text>
              ),
          },
          {
            accessor: 'task',
            title: t('fields.task'),
            visibleMediaQuery: fromSm,
            render: (draft) => (
              <>
                <Text size="sm">{t(`task.${draft.task}`)}</Text>
                <Text size="xs" c="dimmed">
                  {draft.format.name}
                  {draft.level ? ` · ${draft.level.code}` : ''}
                </Text>
              </>
            ),
          },
          {
            accessor: 'status',
            title: t('fields.status'),
            render: (draft) => <DraftStatusBadge status={draft.status} />,
          },
          dateColumn<AiDraft>('created_at', t('fields.created'), i18n.language),
        ]}
        rowActions={(draft) =>
          draft.status === 'pending_review' ? (
            <Group gap={6} wrap="nowrap">
              <PermissionGate permission="create_question">
                <Button
                  size="compact-sm"
                  color="teal"
                  variant="light"
                  loading={approve.isPending && approve.variables === draft.id}
                  onClick={() => approve.mutate(draft.id)}
                  aria-label={t('review.approveNamed', {
                    name: plainText(draft.question?.stem).slice(0, 40),
                  })}
                >
                  {t('review.approve')}
                </Button>
              </PermissionGate>
              <RowLink to={scope.web(`${REVIEW_PATH}/${draft.id}/edit`)} label={t('review.open')}>
                {t('review.open')}
              </RowLink>
            </Group>
          ) : null
        }
      />
    </>
  );
}

/** Asks before approving or rejecting the selected drafts, naming how many; a rejection takes a reason. */
function BulkReviewModal({
  action,
  ids,
  onClose,
  onDone,
}: {
  action: 'approve' | 'reject' | null;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('ai');
  const bulk = useBulkReviewDrafts();
  const [reason, setReason] = useState('');
  const reasonError = bulk.error instanceof ApiError && bulk.error.errors?.reason;
  const count = ids.length;
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={
        action === 'reject' ? t('review.bulkRejectTitle', { count }) : t('review.bulkApproveTitle', { count })
      }
      centered
    >
      <form
        noValidate
        data-testid="ai-bulk-review"
        onSubmit={(event) => {
          event.preventDefault();
          if (!action) return;
          bulk.mutate(
            { ids, action, ...(action === 'reject' ? { reason } : {}) },
            {
              onSuccess: (result) => {
                notifications.show({
                  color: 'teal',
                  message: t(action === 'approve' ? 'review.bulkApproved' : 'review.bulkRejected', {
                    count: result.changed,
                  }),
                });
                setReason('');
                onDone();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {action === 'reject'
              ? t('review.bulkRejectConfirm', { count })
              : t('review.bulkApproveConfirm', { count })}
          </Text>
          {action === 'reject' ? (
            <Textarea
              label={t('review.reason')}
              description={t('review.reasonHint')}
              withAsterisk
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError ? t('review.reasonRequired') : undefined}
              data-autofocus
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={action === 'reject' ? 'red' : 'teal'} loading={bulk.isPending}>
              {action === 'reject' ? t('review.bulkReject', { count }) : t('review.bulkApprove', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
      {bulk.error && !reasonError ? <ServerErrorAlert error={bulk.error} /> : null}
    </Modal>
  );
}

/** /question-bank/ai/{id}/edit: the checks, the bank's editor, approve or reject. */
export function ReviewEditPage({ id }: { id: string }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const draft = useDraft(id);
  return (
    <>
      <title>{`${t('review.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('review.editTitle')}
        back={{ to: scope.web(REVIEW_PATH), label: t('review.title') }}
      />
      <QueryState query={draft}>{(data) => <DraftReview draft={data} />}</QueryState>
    </>
  );
}

/** The draft as the bank's editor holds it. */
function editorDraft(draft: AiDraft): QuestionDraft {
  const q = draft.question!;
  return draftFromQuestion({
    id: '',
    group_id: null,
    position: 0,
    format: draft.format,
    level: q.level_id ? { id: q.level_id, code: draft.level?.code ?? '' } : null,
    question_type: { id: q.question_type_id, name: '', answer_kind: 'single_choice' },
    stem: q.stem,
    options: q.options ?? [],
    items: q.items ?? [],
    answer: q.answer,
    explanation_vi: q.explanation_vi ?? null,
    explanation_en: q.explanation_en ?? null,
    tags: (q.tags as string[] | undefined) ?? [],
    source_note: q.source_note ?? null,
    audio: null,
    image: null,
    created_at: draft.created_at,
    updated_at: draft.created_at,
  } satisfies Question);
}

/**
 * A draft's review: the bank's editor with approve and reject while it waits, its state afterwards,
 * the checks and the audit. `onDecided` replaces the default (back to the review queue).
 */
export function DraftReview({ draft, onDecided }: { draft: AiDraft; onDecided?: () => void }) {
  const { t, i18n } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const errorText = useDraftError();
  const person = (p: AiDraft['generated_by'], at?: string | null) =>
    p ? `${p.full_name}${at ? ` · ${new Date(at).toLocaleString(i18n.language)}` : ''}` : '—';
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        {draft.status === 'pending_review' && draft.question ? (
          <DraftEditorWhenReady draft={draft} onDecided={onDecided} />
        ) : (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="sm">
              <Group gap="xs">
                <DraftStatusBadge status={draft.status} />
              </Group>
              {draft.error ? <Alert color="red">{errorText(draft.error)}</Alert> : null}
              {draft.reject_reason ? (
                <Alert color="gray" title={t('review.rejectedBecause')} data-testid="ai-reject-reason">
                  {draft.reject_reason}
                </Alert>
              ) : null}
              {draft.question ? (
                <QuestionPreview
                  draft={editorDraft(draft)}
                  kind={(draft.answer_kind ?? undefined) as AnswerKind | undefined}
                />
              ) : null}
              {draft.question_id ? (
                <Anchor component={Link} to={scope.web(`/question-bank/single/${draft.question_id}/edit`)}>
                  {t('review.openInBank')}
                </Anchor>
              ) : null}
            </Stack>
          </Card>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          {draft.checks.length > 0 ? <Checks checks={draft.checks} /> : null}
          <Card withBorder radius="lg" padding="md">
            <Stack gap={6}>
              <Text fw={600}>{t('review.audit')}</Text>
              <ProviderLine provider={draft.provider} model={draft.model} />
              <Fact label={t('fields.task')} value={t(`task.${draft.task}`)} />
              <Fact label={t('fields.part')} value={`${draft.format.exam_name} · ${draft.format.name}`} />
              <Fact label={t('review.generatedBy')} value={person(draft.generated_by, draft.created_at)} />
              <Fact label={t('review.editedBy')} value={person(draft.edited_by, draft.edited_at)} />
              <Fact label={t('review.reviewedBy')} value={person(draft.reviewed_by, draft.reviewed_at)} />
              <Fact label={t('fields.attempts')} value={String(draft.attempts)} />
              <Anchor component={Link} to={scope.web(`${GENERATE_PATH}/${draft.job_id}/detail`)} size="sm">
                {t('review.openJob')}
              </Anchor>
              {draft.prompt ? (
                <details>
                  <summary>
                    <Text span size="sm">
                      {t('review.prompt')}
                    </Text>
                  </summary>
                  <Code block mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {draft.prompt}
                  </Code>
                </details>
              ) : null}
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function Checks({ checks }: { checks: AiDraft['checks'] }) {
  const { t } = useTranslation('ai');
  return (
    <Card withBorder radius="lg" padding="md" data-testid="ai-checks">
      <Stack gap="xs">
        <Text fw={600}>{t('checks.title')}</Text>
        <List spacing={6} size="sm" center>
          {checks.map((check) => (
            <List.Item
              key={check.code}
              icon={
                <ThemeIcon size={20} radius="xl" color={check.ok ? 'teal' : 'orange'} variant="light">
                  {check.ok ? '✓' : '!'}
                </ThemeIcon>
              }
            >
              <Text size="sm">
                {t(`checks.${check.code}.${check.ok ? 'ok' : 'warn'}`, check.values ?? {})}
              </Text>
              {!check.ok && check.detail ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {check.detail}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

interface EditorValues {
  [key: string]: unknown;
  question: QuestionDraft;
}

/**
 * The editor once the question types are known: a save sends the options only for a type that has them,
 * so a save made before the types arrive would drop a choice question's options.
 */
function DraftEditorWhenReady(props: { draft: AiDraft; onDecided?: () => void }) {
  const types = useQuestionTypeOptions();
  return <QueryState query={types}>{() => <DraftEditor {...props} />}</QueryState>;
}

function DraftEditor({ draft, onDecided }: { draft: AiDraft; onDecided?: () => void }) {
  const { t } = useTranslation('ai');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const save = useSaveDraft(draft.id);
  const approve = useApproveDraft();
  const reject = useRejectDraft();
  const types = useQuestionTypeOptions();
  const parts = usePartOptions();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const form = useAppForm<EditorValues>({ initialValues: { question: editorDraft(draft) } });
  const question = form.getValues().question;
  const format = parts.formats.get(draft.format.id);
  const allTypes = types.data?.items ?? [];
  const allowed = typesAllowedInPart(allTypes, format);
  const kind = kindOf(allTypes, question.question_type_id);
  const fieldErrors = Object.fromEntries(
    QUESTION_EDITOR_FIELDS.map((field) => [field, form.errorText(field)]).filter(([, text]) => text),
  ) as Record<string, string>;
  const done = (message: string) => {
    notifications.show({ color: 'teal', title: message, message: plainText(question.stem).slice(0, 80) });
    if (onDecided) onDecided();
    else void navigate(scope.web(`${REVIEW_PATH}?job=${draft.job_id}&status=pending_review`));
  };
  const dirty = form.isDirty();
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <FormShell
          form={form}
          testId="ai-draft-form"
          onSubmit={() => save.mutateAsync(questionFields(question, kind))}
          savedMessage={() => plainText(question.stem).slice(0, 80)}
          submitLabel={t('review.saveEdit')}
          labels={{
            stem: t('fields.question'),
            answer: t('fields.answer'),
            options: t('fields.options'),
            question_type_id: t('fields.task'),
          }}
        >
          <QuestionEditor
            draft={question}
            onChange={(next) => form.setFieldValue('question', next)}
            types={allowed}
            errors={fieldErrors}
          />
        </FormShell>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t('editorPreview')}</Text>
          <QuestionPreview draft={question} kind={kind} />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {dirty ? t('review.saveFirst') : t('review.decide')}
          </Text>
          <Group gap="xs">
            <PermissionGate permission="update_question">
              <Button color="red" variant="light" onClick={() => setRejecting(true)} disabled={dirty}>
                {t('review.reject')}
              </Button>
            </PermissionGate>
            <PermissionGate permission="create_question">
              <Button
                color="teal"
                loading={approve.isPending}
                disabled={dirty}
                onClick={() => approve.mutate(draft.id, { onSuccess: () => done(t('review.approved')) })}
              >
                {t('review.approve')}
              </Button>
            </PermissionGate>
          </Group>
        </Group>
        {approve.error ? <ServerErrorAlert error={approve.error} /> : null}
      </Card>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('review.rejectTitle')} centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            reject.mutate({ id: draft.id, reason }, { onSuccess: () => done(t('review.rejected')) });
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t('review.reason')}
              description={t('review.reasonHint')}
              withAsterisk
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={
                reject.error instanceof ApiError && reject.error.errors?.reason
                  ? t('review.reasonRequired')
                  : undefined
              }
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                {t('review.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
        {reject.error && !(reject.error instanceof ApiError && reject.error.errors?.reason) ? (
          <ServerErrorAlert error={reject.error} />
        ) : null}
      </Modal>
      <Badge variant="outline" color="gray" style={{ alignSelf: 'flex-start' }}>
        {t('review.onlyApproved')}
      </Badge>
    </Stack>
  );
}

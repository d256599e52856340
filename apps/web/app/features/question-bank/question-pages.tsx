import { Anchor, Badge, Box, Button, Card, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Question } from '@prepwise/contract';
import { typesAllowedInPart } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert, QueryState, type RemoveMutation, RowActions } from '../../components/admin-ui';
import {
  type ListColumn,
  ListFilter,
  type ListSort,
  type ListState,
  useListState,
} from '../../components/back-office/data-list';
import { FormPage } from '../../components/back-office/form-page';
import { dateColumn, fromSm, ListPage, type ListPageProps } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PermissionGate } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import { type QuestionQuery, useDeleteQuestion, useQuestion, useQuestionList, useSaveQuestion } from './api';
import {
  draftFromQuestion,
  emptyDraft,
  kindOf,
  plainText,
  QUESTION_EDITOR_FIELDS,
  type QuestionDraft,
  questionFields,
} from './draft';
import { QuestionEditor } from './question-editor';
import { QuestionPreview } from './question-preview';
import { ExamFilter, ExportMenu, PartSelect, useErrorTexts, usePartOptions } from './shared';

/** What a bank row's delete asks and calls. */
interface RemoveRowProps {
  deleteTitle: string;
  deleteConfirm: string;
  remove: RemoveMutation;
}

/** The single questions' list, under the scope's area (`/admin/…` or `/organization/…`). */
export const SINGLE_PATH = '/question-bank/single';

const FILTERS = ['exam', 'part', 'level', 'type', 'tag'] as const;
const NEWEST_FIRST: ListSort = { column: 'created_at', direction: 'desc' };

/** Page, search, filters and sort of a bank list, kept in the address. */
export function useBankListState() {
  return useListState({ filters: FILTERS, defaultSort: NEWEST_FIRST });
}

/** The filters both bank lists share (after the search box), kept in the address. */
export function BankFilters({ state, withType = true }: { state: ListState; withType?: boolean }) {
  const { t } = useTranslation('content');
  const levels = useLevelOptions();
  const types = useQuestionTypeOptions();
  const [tag, setTag] = useState(state.filters.tag ?? '');
  return (
    <>
      <ExamFilter
        value={state.filters.exam}
        onChange={(value) => state.setFilters({ exam: value, part: null })}
      />
      <PartSelect
        value={state.filters.part ?? null}
        onChange={(value) => state.setFilter('part', value)}
        clearable
      />
      <ListFilter
        state={state}
        name="level"
        label={t('fields.level')}
        data={(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.code }))}
        width="8rem"
      />
      {withType ? (
        <ListFilter
          state={state}
          name="type"
          label={t('fields.questionType')}
          data={(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.name }))}
          searchable
          width="12rem"
        />
      ) : null}
      <TextInput
        label={t('fields.tag')}
        value={tag}
        onChange={(event) => setTag(event.currentTarget.value)}
        onBlur={() => state.setFilter('tag', tag.trim() || null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') state.setFilter('tag', tag.trim() || null);
        }}
        style={{ flex: '0 1 9rem' }}
      />
    </>
  );
}

/** The API query of a bank list's state (the API sorts by creation time: newest or oldest first). */
export function bankQuery(state: ListState): QuestionQuery {
  return {
    page: state.page,
    search: state.search,
    exam_id: state.filters.exam,
    format_id: state.filters.part,
    level_id: state.filters.level,
    question_type_id: state.filters.type,
    tag: state.filters.tag,
    sort: state.sort?.direction === 'asc' ? 'oldest' : 'newest',
  };
}

/** The "created" column both bank lists sort by. */
export function useCreatedColumn<T extends { created_at: string }>(): ListColumn<T> {
  const { t, i18n } = useTranslation('authoring');
  return dateColumn<T>('created_at' as keyof T & string, t('list.created'), i18n.language);
}

/** Media and tag badges under a bank item's text. */
export function BankBadges({ audio, image, tags = [] }: { audio: unknown; image: unknown; tags?: string[] }) {
  const { t } = useTranslation('content');
  return (
    <Group gap={4} mt={2}>
      {audio ? (
        <Badge size="xs" variant="light" color="grape">
          {t('fields.audio')}
        </Badge>
      ) : null}
      {image ? (
        <Badge size="xs" variant="light" color="cyan">
          {t('fields.image')}
        </Badge>
      ) : null}
      {tags.slice(0, 3).map((tag) => (
        <Badge key={tag} size="xs" variant="outline" color="gray">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A list of the bank (single questions or groups): the bank's search and filters, newest first, rows
 * picked for export (under `exportKey` in the export's body), the created column last, and each row's
 * edit and delete for those who may change questions.
 */
export function BankListPage<T extends { id: string; created_at: string }>({
  exportKey,
  withType,
  columns,
  rows,
  ...page
}: Omit<ListPageProps<T>, 'emptyText' | 'filters' | 'rowActions' | 'selection' | 'sortable'> & {
  exportKey: 'question_ids' | 'group_ids';
  withType?: boolean;
  rows: Pick<RemoveRowProps, 'deleteTitle' | 'deleteConfirm' | 'remove'> & {
    nameOf: (row: T) => string;
    editPath: (row: T) => string;
  };
}) {
  const { t } = useTranslation('content');
  const created = useCreatedColumn<T>();
  const [selected, setSelected] = useState<T[]>([]);
  return (
    <ListPage<T>
      {...page}
      searchPlaceholder={t('bank.searchPlaceholder')}
      filters={<BankFilters state={page.state} withType={withType} />}
      emptyText={t('common.none')}
      sortable={['created_at']}
      selection={{
        selected,
        onChange: setSelected,
        actions: (picked) => (
          <ExportMenu
            body={{ [exportKey]: picked.map((row) => row.id) }}
            label={t('export.selected', { count: picked.length })}
          />
        ),
      }}
      columns={[...columns, created]}
      rowActions={(row) => (
        <PermissionGate permission="update_question">
          <RowActions
            id={row.id}
            name={rows.nameOf(row)}
            editTo={rows.editPath(row)}
            deleteTitle={rows.deleteTitle}
            deleteConfirm={rows.deleteConfirm}
            remove={rows.remove}
          />
        </PermissionGate>
      )}
    />
  );
}

/** /admin/question-bank/single (and the organization's bank later) */
export function QuestionListPage() {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const state = useBankListState();
  const list = useQuestionList(bankQuery(state));
  const remove = useDeleteQuestion();
  return (
    <BankListPage<Question>
      title={t('bank.singleTitle')}
      description={t('bank.singleDescription')}
      actions={
        <PermissionGate permission="create_question">
          <Button component={Link} to={scope.web('/question-bank/import')} variant="default">
            {t('import.button')}
          </Button>
        </PermissionGate>
      }
      create={{
        to: scope.web(`${SINGLE_PATH}/create`),
        label: t('bank.createSingle'),
        permission: 'create_question',
      }}
      query={list}
      state={state}
      testId="question-table"
      exportKey="question_ids"
      columns={[
        {
          accessor: 'stem',
          title: t('fields.stem'),
          render: (question) => (
            <Box maw={420}>
              <Text size="sm" lineClamp={2}>
                {plainText(question.stem)}
              </Text>
              <BankBadges audio={question.audio} image={question.image} tags={question.tags} />
            </Box>
          ),
        },
        partColumn<Question>(t('fields.part')),
        {
          accessor: 'question_type',
          title: t('fields.questionType'),
          visibleMediaQuery: fromSm,
          render: (question) => <Text size="sm">{question.question_type.name}</Text>,
        },
        levelColumn<Question>(t('fields.level')),
      ]}
      rows={{
        nameOf: (question) => plainText(question.stem).slice(0, 60),
        editPath: (question) => scope.web(`${SINGLE_PATH}/${question.id}/edit`),
        deleteTitle: t('bank.deleteTitle'),
        deleteConfirm: t('bank.deleteConfirm'),
        remove,
      }}
    />
  );
}

/** A bank item's part and exam, left out on phones. */
export function partColumn<T extends { format: { name: string; exam_name: string } }>(
  title: string,
): ListColumn<T> {
  return {
    accessor: 'format',
    title,
    visibleMediaQuery: fromSm,
    render: (record) => (
      <>
        <Text size="sm">{record.format.name}</Text>
        <Text size="xs" c="dimmed">
          {record.format.exam_name}
        </Text>
      </>
    ),
  };
}

/** A bank item's level code, left out on phones. */
export function levelColumn<T extends { level: { code: string } | null }>(title: string): ListColumn<T> {
  return {
    accessor: 'level',
    title,
    visibleMediaQuery: fromSm,
    render: (record) => record.level?.code ?? '—',
  };
}

function QuestionForm({ question }: { question?: Question }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const save = useSaveQuestion(question?.id);
  const types = useQuestionTypeOptions();
  const parts = usePartOptions();
  const errorTexts = useErrorTexts();
  const [formatId, setFormatId] = useState<string | null>(question?.format.id ?? null);
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    question ? draftFromQuestion(question) : emptyDraft(),
  );
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // Unsaved changes: anything typed or chosen since the page opened.
  const [initial] = useState(() => JSON.stringify([formatId, draft]));
  const guard = useUnsavedChangesGuard(() => JSON.stringify([formatId, draft]) !== initial);
  const format = formatId ? parts.formats.get(formatId) : undefined;
  const allTypes = types.data?.items ?? [];
  const allowed = typesAllowedInPart(allTypes, format);
  const kind = kindOf(allTypes, draft.question_type_id);
  const serverErrors = save.error instanceof ApiError ? errorTexts(save.error.errors) : {};
  const errors = { ...serverErrors, ...localErrors };
  const submit = () => {
    const missing: Record<string, string> = {};
    const required = t('editor.required');
    if (!formatId) missing.format_id = required;
    if (!draft.question_type_id) missing.question_type_id = required;
    if (!plainText(draft.stem)) missing.stem = required;
    setLocalErrors(missing);
    if (Object.keys(missing).length > 0 || !formatId) return;
    save.mutate(
      { format_id: formatId, ...questionFields(draft, kind) },
      {
        onSuccess: () => {
          guard.allowLeave();
          notifications.show({
            color: 'teal',
            title: t('common.saved'),
            message: plainText(draft.stem).slice(0, 80),
          });
          void navigate(scope.web(SINGLE_PATH));
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              {save.error ? (
                <FormErrorAlert
                  error={save.error}
                  shownFields={[
                    'format_id',
                    ...QUESTION_EDITOR_FIELDS,
                    'source_note',
                    'audio_id',
                    'image_id',
                  ]}
                />
              ) : null}
              <PartSelect
                value={formatId}
                onChange={(value) => {
                  setFormatId(value);
                  setLocalErrors((current) => ({ ...current, format_id: '' }));
                }}
                error={errors.format_id || undefined}
                required
              />
              <QuestionEditor draft={draft} onChange={setDraft} types={allowed} errors={errors} />
              <Group justify="flex-end">
                <SubmitButton loading={save.isPending || types.isPending}>
                  {question ? t('common.saveChanges') : t('bank.createSingle')}
                </SubmitButton>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="xs" pos="sticky" top={80}>
            <Text fw={600}>{t('editor.preview')}</Text>
            <QuestionPreview draft={draft} kind={kind} />
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

export function QuestionCreatePage() {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  return (
    <FormPage
      title={t('bank.createSingleTitle')}
      back={{ to: scope.web(SINGLE_PATH), label: t('bank.singleTitle') }}
      card={false}
    >
      <QuestionForm />
    </FormPage>
  );
}

export function QuestionEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const question = useQuestion(id);
  const groupId = question.data?.group_id;
  return (
    <FormPage
      title={t('bank.editSingleTitle')}
      back={{ to: scope.web(SINGLE_PATH), label: t('bank.singleTitle') }}
      actions={
        groupId ? (
          <Anchor component={Link} to={scope.web(`/question-bank/group/${groupId}/edit`)}>
            {t('bank.openGroup')}
          </Anchor>
        ) : null
      }
      card={false}
    >
      <QueryState query={question}>{(data) => <QuestionForm question={data} />}</QueryState>
    </FormPage>
  );
}

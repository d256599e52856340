import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Question } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  EmptyState,
  FormErrorAlert,
  ListFooter,
  ListTable,
  PHONE_HIDDEN,
  QueryState,
  RowActions,
  SearchField,
  useListParams,
} from '../../components/admin-ui';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { useExamOptions, useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import { QUESTION_PAGE_SIZE, useDeleteQuestion, useQuestion, useQuestionList, useSaveQuestion } from './api';
import {
  draftFromQuestion,
  emptyDraft,
  kindOf,
  plainText,
  type QuestionDraft,
  questionFields,
} from './draft';
import { QuestionEditor } from './question-editor';
import { QuestionPreview } from './question-preview';
import { ExportMenu, PartSelect, useErrorTexts, usePartOptions } from './shared';

export const SINGLE_PATH = '/admin/question-bank/single';

/** The filters both bank lists share, kept in the address. */
export function BankFilters({ withType = true }: { withType?: boolean }) {
  const { t } = useTranslation('content');
  const { get, update } = useListParams();
  const exams = useExamOptions();
  const levels = useLevelOptions();
  const types = useQuestionTypeOptions();
  const [tag, setTag] = useState(get('tag') ?? '');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchField
        value={get('search')}
        onSearch={(value) => update({ search: value })}
        placeholder={t('bank.searchPlaceholder')}
      />
      <Select
        label={t('fields.exam')}
        placeholder={t('common.allExams')}
        data={(exams.data ?? []).map((exam) => ({
          value: exam.id,
          label: `${exam.category_name} · ${exam.name}`,
        }))}
        value={get('exam') ?? null}
        onChange={(value) => update({ exam: value, part: null })}
        clearable
        searchable
        style={{ flex: '0 1 16rem' }}
      />
      <PartSelect value={get('part') ?? null} onChange={(value) => update({ part: value })} clearable />
      <Select
        label={t('fields.level')}
        placeholder={t('common.all')}
        data={(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.code }))}
        value={get('level') ?? null}
        onChange={(value) => update({ level: value })}
        clearable
        style={{ flex: '0 1 8rem' }}
      />
      {withType ? (
        <Select
          label={t('fields.questionType')}
          placeholder={t('common.all')}
          data={(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.name }))}
          value={get('type') ?? null}
          onChange={(value) => update({ type: value })}
          clearable
          searchable
          style={{ flex: '0 1 12rem' }}
        />
      ) : null}
      <TextInput
        label={t('fields.tag')}
        value={tag}
        onChange={(event) => setTag(event.currentTarget.value)}
        onBlur={() => update({ tag: tag.trim() || null })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') update({ tag: tag.trim() || null });
        }}
        style={{ flex: '0 1 9rem' }}
      />
    </Group>
  );
}

export function useBankQuery() {
  const { page, get } = useListParams();
  return {
    page,
    search: get('search'),
    exam_id: get('exam'),
    format_id: get('part'),
    level_id: get('level'),
    question_type_id: get('type'),
    tag: get('tag'),
  };
}

/** /admin/question-bank/single */
export function QuestionListPage() {
  const { t } = useTranslation('content');
  const { update } = useListParams();
  const query = useBankQuery();
  const list = useQuestionList(query);
  const remove = useDeleteQuestion();
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
    );
  return (
    <>
      <title>{`${t('bank.singleTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('bank.singleTitle')}
        description={t('bank.singleDescription')}
        actions={
          <>
            <ExportMenu
              body={{ question_ids: selected }}
              disabled={selected.length === 0}
              label={t('export.selected', { count: selected.length })}
            />
            <PermissionGate permission="create_question">
              <Button component={Link} to="/admin/question-bank/import" variant="default">
                {t('import.button')}
              </Button>
              <Button component={Link} to={`${SINGLE_PATH}/create`} leftSection={<PlusIcon size={16} />}>
                {t('bank.createSingle')}
              </Button>
            </PermissionGate>
          </>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <BankFilters />
          <QueryState query={list}>
            {(result) =>
              result.items.length === 0 ? (
                <EmptyState>{t('common.none')}</EmptyState>
              ) : (
                <>
                  <ListTable
                    minWidth={760}
                    verticalSpacing="sm"
                    highlightOnHover
                    data-testid="question-table"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={36}>
                          <Checkbox
                            aria-label={t('bank.selectPage')}
                            checked={result.items.every((item) => selected.includes(item.id))}
                            onChange={(event) =>
                              setSelected(
                                event.currentTarget.checked ? result.items.map((item) => item.id) : [],
                              )
                            }
                          />
                        </Table.Th>
                        <Table.Th>{t('fields.stem')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.part')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.questionType')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.level')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.items.map((question: Question) => (
                        <Table.Tr key={question.id}>
                          <Table.Td>
                            <Checkbox
                              aria-label={t('bank.select')}
                              checked={selected.includes(question.id)}
                              onChange={() => toggle(question.id)}
                            />
                          </Table.Td>
                          <Table.Td maw={360}>
                            <Text size="sm" lineClamp={2}>
                              {plainText(question.stem)}
                            </Text>
                            <Group gap={4} mt={2}>
                              {question.audio ? (
                                <Badge size="xs" variant="light" color="grape">
                                  {t('fields.audio')}
                                </Badge>
                              ) : null}
                              {question.image ? (
                                <Badge size="xs" variant="light" color="cyan">
                                  {t('fields.image')}
                                </Badge>
                              ) : null}
                              {question.tags.slice(0, 3).map((tag) => (
                                <Badge key={tag} size="xs" variant="outline" color="gray">
                                  {tag}
                                </Badge>
                              ))}
                            </Group>
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            <Text size="sm">{question.format.name}</Text>
                            <Text size="xs" c="dimmed">
                              {question.format.exam_name}
                            </Text>
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            <Text size="sm">{question.question_type.name}</Text>
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>{question.level?.code ?? '—'}</Table.Td>
                          <Table.Td>
                            <PermissionGate permission="update_question">
                              <RowActions
                                id={question.id}
                                name={plainText(question.stem).slice(0, 60)}
                                editTo={`${SINGLE_PATH}/${question.id}/edit`}
                                deleteTitle={t('bank.deleteTitle')}
                                deleteConfirm={t('bank.deleteConfirm')}
                                remove={remove}
                              />
                            </PermissionGate>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </ListTable>
                  <ListFooter
                    total={result.total}
                    page={result.page}
                    pageSize={QUESTION_PAGE_SIZE}
                    onPage={(value) => update({ page: String(value) })}
                  />
                </>
              )
            }
          </QueryState>
        </Stack>
      </Card>
    </>
  );
}

function QuestionForm({ question }: { question?: Question }) {
  const { t } = useTranslation('content');
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
  const format = formatId ? parts.formats.get(formatId) : undefined;
  const allTypes = types.data?.items ?? [];
  const allowed = format?.allowed_question_type_ids.length
    ? allTypes.filter((type) => format.allowed_question_type_ids.includes(type.id))
    : allTypes;
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
          notifications.show({
            color: 'teal',
            title: t('common.saved'),
            message: plainText(draft.stem).slice(0, 80),
          });
          void navigate(SINGLE_PATH);
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
                    'question_type_id',
                    'level_id',
                    'stem',
                    'options',
                    'items',
                    'answer',
                    'explanation_vi',
                    'explanation_en',
                    'tags',
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
                <SubmitButton loading={save.isPending}>
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
  return (
    <>
      <title>{`${t('bank.createSingleTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('bank.createSingleTitle')}
        back={{ to: SINGLE_PATH, label: t('bank.singleTitle') }}
      />
      <QuestionForm />
    </>
  );
}

export function QuestionEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const question = useQuestion(id);
  return (
    <>
      <title>{`${t('bank.editSingleTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('bank.editSingleTitle')}
        back={{ to: SINGLE_PATH, label: t('bank.singleTitle') }}
        actions={
          question.data?.group_id ? (
            <Anchor component={Link} to={`/admin/question-bank/group/${question.data.group_id}/edit`}>
              {t('bank.openGroup')}
            </Anchor>
          ) : null
        }
      />
      <QueryState query={question}>{(data) => <QuestionForm question={data} />}</QueryState>
    </>
  );
}

import {
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Media, QuestionGroup } from '@prepwise/contract';
import { typesAllowedInPart } from '@prepwise/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../components/admin-ui';
import { CreateRecordPage, EditRecordPage, type RecordPages } from '../../components/back-office/form-page';
import { fromSm } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { PlusIcon } from '../../components/icons';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import { type GroupListItem, useDeleteGroup, useGroup, useGroupList, useSaveGroup } from './api';
import {
  draftFromQuestion,
  emptyDraft,
  kindOf,
  plainText,
  type QuestionDraft,
  questionFields,
} from './draft';
import { MediaFields } from './media-field';
import { QuestionEditor, RichTextFields } from './question-editor';
import {
  BankBadges,
  BankListPage,
  bankQuery,
  levelColumn,
  partColumn,
  useBankListState,
} from './question-pages';
import { QuestionPreview } from './question-preview';
import { PartSelect, useErrorTexts, usePartOptions } from './shared';

/** The question groups' list, under the scope's area. */
export const GROUP_PATH = '/question-bank/group';

/** /admin/question-bank/group (and the organization's bank later) */
export function GroupListPage() {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const state = useBankListState();
  const { question_type_id: _ignored, ...query } = bankQuery(state);
  const list = useGroupList(query);
  const remove = useDeleteGroup();
  return (
    <BankListPage<GroupListItem>
      title={t('bank.groupTitle')}
      description={t('bank.groupDescription')}
      create={{
        to: scope.web(`${GROUP_PATH}/create`),
        label: t('bank.createGroup'),
        permission: 'create_question',
      }}
      withType={false}
      query={list}
      state={state}
      testId="group-table"
      exportKey="group_ids"
      columns={[
        {
          accessor: 'title',
          title: t('fields.title'),
          render: (group) => (
            <>
              <Text size="sm" fw={600} lineClamp={2}>
                {plainText(group.title)}
              </Text>
              <BankBadges audio={group.audio} image={group.image} />
            </>
          ),
        },
        partColumn<GroupListItem>(t('fields.part')),
        { accessor: 'question_count', title: t('bank.subQuestions'), visibleMediaQuery: fromSm },
        levelColumn<GroupListItem>(t('fields.level')),
      ]}
      rows={{
        nameOf: (group) => plainText(group.title).slice(0, 60),
        editPath: (group) => scope.web(`${GROUP_PATH}/${group.id}/edit`),
        deleteTitle: t('bank.deleteGroupTitle'),
        deleteConfirm: t('bank.deleteGroupConfirm'),
        remove,
      }}
    />
  );
}

/** A group's texts shared by its questions. */
const GROUP_TEXTS = { passage: 'fields.passage', transcript: 'fields.transcript' };

interface GroupDraft {
  format_id: string | null;
  level_id: string | null;
  title: string;
  passage: string;
  transcript: string;
  audio: Media | null;
  image: Media | null;
  tags: string[];
  source_note: string;
  questions: QuestionDraft[];
}

function GroupForm({ group }: { group?: QuestionGroup }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const save = useSaveGroup(group?.id);
  const types = useQuestionTypeOptions();
  const levels = useLevelOptions();
  const parts = usePartOptions();
  const errorTexts = useErrorTexts();
  const [draft, setDraft] = useState<GroupDraft>(() => ({
    format_id: group?.format.id ?? null,
    level_id: group?.level?.id ?? null,
    title: group?.title ?? '',
    passage: group?.passage ?? '',
    transcript: group?.transcript ?? '',
    audio: group?.audio ?? null,
    image: group?.image ?? null,
    tags: group?.tags ?? [],
    source_note: group?.source_note ?? '',
    questions: group ? group.questions.map(draftFromQuestion) : [emptyDraft()],
  }));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // Unsaved changes: anything typed or chosen since the page opened.
  const [initial] = useState(() => JSON.stringify(draft));
  const guard = useUnsavedChangesGuard(() => JSON.stringify(draft) !== initial);
  const set = (patch: Partial<GroupDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const format = draft.format_id ? parts.formats.get(draft.format_id) : undefined;
  const allTypes = types.data?.items ?? [];
  const allowed = typesAllowedInPart(allTypes, format);
  const serverErrors = save.error instanceof ApiError ? save.error.errors : undefined;
  const errors = { ...errorTexts(serverErrors), ...localErrors };
  const submit = () => {
    const required = t('editor.required');
    const missing: Record<string, string> = {};
    if (!draft.format_id) missing.format_id = required;
    if (!draft.title.trim()) missing.title = required;
    draft.questions.forEach((question, index) => {
      if (!question.question_type_id) missing[`questions.${index}.question_type_id`] = required;
      if (!plainText(question.stem)) missing[`questions.${index}.stem`] = required;
    });
    setLocalErrors(missing);
    if (Object.keys(missing).length > 0 || !draft.format_id) return;
    save.mutate(
      {
        format_id: draft.format_id,
        level_id: draft.level_id,
        title: draft.title,
        passage: draft.passage || null,
        transcript: draft.transcript || null,
        audio_id: draft.audio?.id ?? null,
        image_id: draft.image?.id ?? null,
        tags: draft.tags,
        source_note: draft.source_note || null,
        questions: draft.questions.map((question) =>
          questionFields(question, kindOf(allTypes, question.question_type_id)),
        ),
      },
      {
        onSuccess: () => {
          guard.allowLeave();
          notifications.show({ color: 'teal', title: t('common.saved'), message: draft.title });
          void navigate(scope.web(GROUP_PATH));
        },
      },
    );
  };
  const prefixed = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([field]) => field.startsWith(`questions.${index}.`))
        .map(([field, text]) => [field.slice(`questions.${index}.`.length), text]),
    );
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
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="md">
                {save.error ? (
                  <FormErrorAlert
                    error={save.error}
                    shownFields={Object.keys(serverErrors ?? {}).filter((field) => !field.startsWith('_'))}
                  />
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <PartSelect
                    value={draft.format_id}
                    onChange={(value) => set({ format_id: value })}
                    error={errors.format_id || undefined}
                    required
                  />
                  <Select
                    label={t('fields.level')}
                    data={(levels.data?.items ?? []).map((level) => ({
                      value: level.id,
                      label: `${level.code} · ${level.name}`,
                    }))}
                    value={draft.level_id}
                    onChange={(value) => set({ level_id: value })}
                    clearable
                  />
                </SimpleGrid>
                <TextInput
                  label={t('fields.title')}
                  withAsterisk
                  value={draft.title}
                  onChange={(event) => set({ title: event.currentTarget.value })}
                  error={errors.title || undefined}
                />
                <RichTextFields draft={draft} onChange={set} errors={errors} labels={GROUP_TEXTS} />
                <MediaFields value={draft} onChange={set} errors={errors} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TagsInput label={t('fields.tags')} value={draft.tags} onChange={(tags) => set({ tags })} />
                  <TextInput
                    label={t('fields.sourceNote')}
                    value={draft.source_note}
                    onChange={(event) => set({ source_note: event.currentTarget.value })}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
            {draft.questions.map((question, index) => (
              <Card
                key={question.id ?? `new-${index}`}
                withBorder
                radius="lg"
                padding="lg"
                data-testid="sub-question"
              >
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={3} size="h5">
                      {t('editor.questionNumber', { number: index + 1 })}
                    </Title>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      disabled={draft.questions.length <= 1}
                      onClick={() => set({ questions: draft.questions.filter((_, i) => i !== index) })}
                    >
                      {t('editor.removeQuestion')}
                    </Button>
                  </Group>
                  <QuestionEditor
                    compact
                    draft={question}
                    types={allowed}
                    errors={prefixed(index)}
                    onChange={(next) =>
                      setDraft((current) => ({
                        ...current,
                        questions: current.questions.map((item, i) => (i === index ? next : item)),
                      }))
                    }
                  />
                </Stack>
              </Card>
            ))}
            {errors.questions ? (
              <Text c="red" size="sm" role="alert">
                {errors.questions}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Button
                variant="light"
                leftSection={<PlusIcon size={16} />}
                onClick={() => set({ questions: [...draft.questions, emptyDraft()] })}
                disabled={draft.questions.length >= 30}
              >
                {t('editor.addQuestion')}
              </Button>
              <SubmitButton loading={save.isPending || types.isPending}>
                {group ? t('common.saveChanges') : t('bank.createGroup')}
              </SubmitButton>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="xs">
            <Text fw={600}>{t('editor.preview')}</Text>
            {draft.questions.map((question, index) => (
              <QuestionPreview
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the editor's order
                key={index}
                draft={question}
                kind={kindOf(allTypes, question.question_type_id)}
                number={index + 1}
                shared={
                  index === 0
                    ? {
                        title: draft.title,
                        passage: draft.passage,
                        audioUrl: draft.audio?.url,
                        imageUrl: draft.image?.url,
                      }
                    : undefined
                }
              />
            ))}
            <Divider />
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

const groupPages: RecordPages<QuestionGroup> = {
  ns: 'content',
  titles: ['bank.createGroupTitle', 'bank.editGroupTitle'],
  back: [GROUP_PATH, 'bank.groupTitle'],
  useRecord: useGroup,
  form: (group) => <GroupForm group={group} />,
  card: false,
};

export const GroupCreatePage = () => <CreateRecordPage spec={groupPages} />;
export const GroupEditPage = ({ id }: { id: string }) => <EditRecordPage spec={groupPages} id={id} />;

import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  ANSWER_KINDS,
  type Level,
  type PointConfig,
  type QuestionType,
  SCORING_RULES,
} from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RowActions } from '../../components/admin-ui';
import { type ListColumn, type ListState, useListState } from '../../components/back-office/data-list';
import { CreateRecordPage, EditRecordPage, type RecordPages } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { codeColumn, fromSm, ListPage, nameColumn } from '../../components/back-office/list-page';
import {
  ChoiceSelect,
  DescriptionField,
  EnglishNameField,
  PositionField,
} from '../../components/back-office/record-fields';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PlusIcon } from '../../components/icons';
import { PermissionGate } from '../../components/permission-gate';
import { useAppForm, valuesFrom } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import {
  type ExamOption,
  type ListQuery,
  type SettingsHooks,
  settingsHooks,
  useExamOptions,
  useSaveLevel,
  useSavePointConfig,
  useSaveQuestionType,
} from './api';
import { ExamFilter } from './exam-filter';

type SettingsResource = 'level' | 'question-type' | 'point-config';

/** The settings pages' places in the scope: `/admin/level` or `/organization/level` … */
function useSettingsPath(resource: SettingsResource) {
  return useBackOfficeScope().web(`/${resource}`);
}

/** What each kind of setting is called in `content` (`questionType.listTitle` …) and who may change it. */
const NAMES = {
  level: { texts: 'level', permission: 'question_level' },
  'question-type': { texts: 'questionType', permission: 'question_type' },
  'point-config': { texts: 'pointConfig', permission: 'point_config' },
} as const;

/**
 * One kind of exam setting (levels, question types, point configs) described once: its place (which
 * names its texts and permissions), its list's columns (and filters) and its form. The API hooks follow
 * from the place (`/levels` for `/level`). SettingsListPage, SettingCreatePage and SettingEditPage
 * render it.
 */
export interface SettingsKind<T extends { id: string; name: string }> {
  resource: SettingsResource;
  hooks: SettingsHooks<T>;
  useColumns: (basePath: string) => ListColumn<T>[];
  Form: (props: { record?: T }) => ReactNode;
  /** Filters of the list kept in the address, the API query they make, and their inputs. */
  filters?: {
    names: readonly string[];
    query: (state: ListState) => Omit<ListQuery, 'page' | 'search'>;
    inputs: (state: ListState) => ReactNode;
  };
}

function settingsKind<T extends { id: string; name: string }>(
  resource: SettingsResource,
  hooks: SettingsHooks<T>,
  useColumns: SettingsKind<T>['useColumns'],
  Form: SettingsKind<T>['Form'],
  filters?: SettingsKind<T>['filters'],
): SettingsKind<T> {
  return { resource, hooks, useColumns, Form, filters };
}

export function SettingsListPage<T extends { id: string; name: string }>({
  kind,
}: {
  kind: SettingsKind<T>;
}) {
  const { t } = useTranslation('content');
  const { texts, permission } = NAMES[kind.resource];
  const state = useListState({ filters: kind.filters?.names });
  const basePath = useSettingsPath(kind.resource);
  const list = kind.hooks.useList({ page: state.page, search: state.search, ...kind.filters?.query(state) });
  const remove = kind.hooks.useRemove();
  return (
    <ListPage<T>
      title={t(`${texts}.listTitle`)}
      description={t(`${texts}.listDescription`)}
      create={{ to: `${basePath}/create`, label: t(`${texts}.create`), permission: `create_${permission}` }}
      filters={kind.filters?.inputs(state)}
      query={list}
      state={state}
      testId={`${kind.resource}-table`}
      emptyText={t('common.none')}
      columns={kind.useColumns(basePath)}
      rowActions={(row) => (
        <PermissionGate permission={`update_${permission}`}>
          <RowActions
            id={row.id}
            name={row.name}
            editTo={`${basePath}/${row.id}/edit`}
            editLabel={t('common.editNamed', { name: row.name })}
            deleteTitle={t('common.deleteTitle')}
            deleteConfirm={t('common.deleteConfirm', { name: row.name })}
            remove={remove}
          />
        </PermissionGate>
      )}
    />
  );
}

/** The create and edit pages of a kind of setting. */
function recordPagesOf<T extends { id: string; name: string }>(kind: SettingsKind<T>): RecordPages<T> {
  const { texts } = NAMES[kind.resource];
  return {
    ns: 'content',
    titles: [`${texts}.createTitle`, `${texts}.editTitle`],
    back: [`/${kind.resource}`, `${texts}.listTitle`],
    useRecord: kind.hooks.useRecord,
    form: (record) => <kind.Form record={record} />,
    card: 760,
  };
}

export function SettingCreatePage<T extends { id: string; name: string }>({
  kind,
}: {
  kind: SettingsKind<T>;
}) {
  return <CreateRecordPage spec={recordPagesOf(kind)} />;
}

export function SettingEditPage<T extends { id: string; name: string }>({
  kind,
  id,
}: {
  kind: SettingsKind<T>;
  id: string;
}) {
  return <EditRecordPage spec={recordPagesOf(kind)} id={id} />;
}

// ---------------------------------------------------------------- levels

function useLevelColumns(): ListColumn<Level>[] {
  const { t } = useTranslation('content');
  return [
    {
      accessor: 'code',
      title: t('fields.code'),
      render: (row) => <Badge variant="light">{row.code}</Badge>,
    },
    nameColumn<Level>('name', t('fields.name'), (row) => row.description),
    { accessor: 'position', title: t('fields.position'), visibleMediaQuery: fromSm },
  ];
}

function LevelForm({ record: level }: { record?: Level }) {
  const { t } = useTranslation('content');
  const save = useSaveLevel(level?.id);
  const form = useAppForm({
    initialValues: valuesFrom(level, { code: '', name: '', name_en: '', description: '', position: 0 }),
    rules: { code: ['required'], name: ['required'] },
    labels: {
      code: t('fields.code'),
      name: t('fields.name'),
      name_en: t('fields.nameEn'),
      description: t('fields.description'),
    },
  });
  return (
    <FormShell
      form={form}
      onSubmit={(values) =>
        save.mutateAsync({
          ...values,
          name_en: values.name_en.trim() || null,
          description: values.description || null,
          position: Number(values.position) || 0,
        })
      }
      savedMessage={(saved) => saved.name}
      then={useSettingsPath('level')}
      submitLabel={level ? t('common.saveChanges') : t('level.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('fields.code')}
          description={t('level.codeHint')}
          withAsterisk
          {...form.getInputProps('code')}
        />
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <EnglishNameField form={form} field="name_en" />
      </SimpleGrid>
      <DescriptionField form={form} minRows={2} />
      <PositionField form={form} maw={200} />
    </FormShell>
  );
}

export const LEVELS = settingsKind<Level>('level', settingsHooks.levels, useLevelColumns, LevelForm);

// ---------------------------------------------------------------- question types

function useQuestionTypeColumns(): ListColumn<QuestionType>[] {
  const { t } = useTranslation('content');
  return [
    nameColumn<QuestionType>('name', t('fields.name')),
    {
      accessor: 'answer_kind',
      title: t('fields.answerKind'),
      render: (row) => t(`answerKinds.${row.answer_kind}`),
    },
    {
      accessor: 'scoring_rule',
      title: t('fields.scoringRule'),
      render: (row) => t(`scoringRules.${row.scoring_rule}`),
      visibleMediaQuery: fromSm,
    },
    { accessor: 'format_count', title: t('questionType.usedIn'), visibleMediaQuery: fromSm },
  ];
}

function QuestionTypeForm({ record: type }: { record?: QuestionType }) {
  const { t } = useTranslation('content');
  const save = useSaveQuestionType(type?.id);
  const form = useAppForm({
    initialValues: valuesFrom(type, {
      name: '',
      name_en: '',
      answer_kind: null as string | null,
      scoring_rule: 'all_or_nothing' as string,
      description: '',
    }),
    rules: { name: ['required'], answer_kind: ['required'] },
    labels: {
      name: t('fields.name'),
      name_en: t('fields.nameEn'),
      answer_kind: t('fields.answerKind'),
      scoring_rule: t('fields.scoringRule'),
      description: t('fields.description'),
    },
  });
  return (
    <FormShell
      form={form}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          name_en: values.name_en.trim() || null,
          answer_kind: values.answer_kind as QuestionType['answer_kind'],
          scoring_rule: values.scoring_rule as QuestionType['scoring_rule'],
          description: values.description || null,
        })
      }
      savedMessage={(saved) => saved.name}
      then={useSettingsPath('question-type')}
      submitLabel={type ? t('common.saveChanges') : t('questionType.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <EnglishNameField form={form} field="name_en" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ChoiceSelect
          label={t('fields.answerKind')}
          withAsterisk
          values={ANSWER_KINDS}
          labelOf={(kind) => t(`answerKinds.${kind}`)}
          {...form.getInputProps('answer_kind', { validateOnChange: true })}
          onChange={(value) => {
            form.setFieldValue('answer_kind', value);
            if (value === 'essay' || value === 'speaking') form.setFieldValue('scoring_rule', 'manual');
            else if (form.values.scoring_rule === 'manual')
              form.setFieldValue('scoring_rule', 'all_or_nothing');
          }}
        />
        <ChoiceSelect
          label={t('fields.scoringRule')}
          description={t('questionType.scoringHint')}
          values={SCORING_RULES}
          labelOf={(rule) => t(`scoringRules.${rule}`)}
          {...form.getInputProps('scoring_rule')}
        />
      </SimpleGrid>
      <DescriptionField form={form} minRows={2} />
    </FormShell>
  );
}

export const QUESTION_TYPES = settingsKind<QuestionType>(
  'question-type',
  settingsHooks['question-types'],
  useQuestionTypeColumns,
  QuestionTypeForm,
);

// ---------------------------------------------------------------- point configs

function usePointConfigColumns(basePath: string): ListColumn<PointConfig>[] {
  const { t } = useTranslation('content');
  return [
    {
      accessor: 'name',
      title: t('fields.name'),
      render: (row) => (
        <Group gap={6}>
          <Anchor component={Link} to={`${basePath}/${row.id}/edit`} fw={600} size="sm">
            {row.name}
          </Anchor>
          {row.is_estimate ? (
            <Badge color="yellow" variant="light" size="sm">
              {t('pointConfig.estimate')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { accessor: 'exam_name', title: t('fields.exam'), visibleMediaQuery: fromSm },
    codeColumn<PointConfig>('section', t('fields.scoreSection')),
    {
      accessor: 'method',
      title: t('fields.method'),
      render: (row) =>
        row.method === 'table'
          ? t('pointConfig.tableSummary', { count: row.table?.length ?? 0 })
          : t('pointConfig.perQuestionSummary', { points: row.points_per_question ?? 0 }),
    },
  ];
}

/** A conversion table's columns: the raw score (a count of questions) and the score it converts to. */
const CONVERSION_COLUMNS = [
  ['raw', { max: 1000 }],
  ['score', { max: 10000, decimalScale: 1 }],
] as const;

interface Row {
  raw: number | string;
  score: number | string;
}

/** How many questions of the exam count towards a section (the parts whose scoring section it is). */
export function sectionQuestionCount(exam: ExamOption | undefined, section: string): number {
  if (!exam || !section) return 0;
  return exam.formats
    .filter((format) => format.score_section === section)
    .reduce((total, format) => total + format.question_count, 0);
}

function PointConfigForm({ record: config }: { record?: PointConfig }) {
  const { t } = useTranslation('content');
  const { t: ts } = useTranslation('structure');
  const exams = useExamOptions();
  const save = useSavePointConfig(config?.id);
  const form = useAppForm({
    initialValues: valuesFrom(config, {
      exam_id: null as string | null,
      name: '',
      section: '',
      method: 'table' as PointConfig['method'],
      points_per_question: '' as number | string,
      table: [{ raw: 0, score: 0 }] as Row[],
      is_estimate: false,
    }),
    rules: { exam_id: ['required'], name: ['required'], section: ['required'] },
    labels: {
      exam_id: t('fields.exam'),
      name: t('fields.name'),
      section: t('fields.scoreSection'),
      points_per_question: t('fields.pointsPerQuestion'),
      table: t('fields.table'),
    },
  });
  const exam = exams.data?.find((item) => item.id === form.values.exam_id);
  const questions = sectionQuestionCount(exam, form.values.section);
  return (
    <FormShell
      form={form}
      onSubmit={(values) =>
        save.mutateAsync({
          exam_id: values.exam_id ?? '',
          name: values.name,
          section: values.section.trim(),
          method: values.method,
          points_per_question:
            values.method === 'per_question' ? Number(values.points_per_question) || null : null,
          table:
            values.method === 'table'
              ? values.table.map((row) => ({ raw: Number(row.raw) || 0, score: Number(row.score) || 0 }))
              : null,
          is_estimate: values.is_estimate,
        })
      }
      savedMessage={(saved) => saved.name}
      then={useSettingsPath('point-config')}
      submitLabel={config ? t('common.saveChanges') : t('pointConfig.create')}
      testId="point-config-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('fields.exam')}
          withAsterisk
          searchable
          data={(exams.data ?? []).map((item) => ({
            value: item.id,
            label: `${item.category_name} · ${item.name}`,
          }))}
          {...form.getInputProps('exam_id', { validateOnChange: true })}
        />
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <Select
          label={t('fields.scoreSection')}
          withAsterisk
          data={exam?.sections ?? (form.values.section ? [form.values.section] : [])}
          searchable
          {...form.getInputProps('section', { validateOnChange: true })}
          onChange={(value) => form.setFieldValue('section', value ?? '')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('fields.method')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'table', label: t('pointConfig.methods.table') },
              { value: 'per_question', label: t('pointConfig.methods.per_question') },
            ]}
            {...form.getInputProps('method')}
            aria-label={t('fields.method')}
          />
        </Stack>
      </SimpleGrid>
      <Checkbox
        label={t('pointConfig.isEstimate')}
        description={t('pointConfig.estimateHint')}
        {...form.getInputProps('is_estimate', { type: 'checkbox' })}
      />
      {form.values.method === 'per_question' ? (
        <NumberInput
          label={t('fields.pointsPerQuestion')}
          min={0}
          max={1000}
          decimalScale={2}
          maw={240}
          {...form.getInputProps('points_per_question')}
        />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('fields.table')}
            </Text>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<PlusIcon size={14} />}
              onClick={() => {
                const last = form.values.table.at(-1);
                form.insertListItem('table', {
                  raw: last ? Number(last.raw) + 1 : 0,
                  score: last ? Number(last.score) : 0,
                });
              }}
            >
              {t('pointConfig.addRow')}
            </Button>
          </Group>
          {form.values.section && exam ? (
            <Text size="sm" c="dimmed" data-testid="table-cover-hint">
              {questions > 0
                ? ts('pointConfig.cover', { section: form.values.section, count: questions })
                : ts('pointConfig.noParts')}
            </Text>
          ) : null}
          {form.errorText('table') ? (
            <Text size="sm" c="red" role="alert" data-testid="table-error">
              {form.errorText('table')}
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={320} mah={420}>
            <Table verticalSpacing={4} data-testid="conversion-table">
              <Table.Thead>
                <Table.Tr>
                  {CONVERSION_COLUMNS.map(([column]) => (
                    <Table.Th key={column}>{t(`pointConfig.${column}`)}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.table.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                  <Table.Tr key={index}>
                    {CONVERSION_COLUMNS.map(([column, limits]) => (
                      <Table.Td key={column}>
                        <NumberInput
                          size="xs"
                          min={0}
                          {...limits}
                          aria-label={`${t(`pointConfig.${column}`)} ${index + 1}`}
                          {...form.getInputProps(`table.${index}.${column}`)}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => form.removeListItem('table', index)}
                        aria-label={t('pointConfig.removeRow', { row: index + 1 })}
                        disabled={form.values.table.length <= 1}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </FormShell>
  );
}

export const POINT_CONFIGS = settingsKind<PointConfig>(
  'point-config',
  settingsHooks['point-configs'],
  usePointConfigColumns,
  PointConfigForm,
  {
    names: ['exam'],
    query: (state) => ({ exam_id: state.filters.exam }),
    inputs: (state) => (
      <ExamFilter value={state.filters.exam} onChange={(value) => state.setFilter('exam', value)} />
    ),
  },
);

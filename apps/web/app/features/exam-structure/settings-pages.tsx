import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  type MantineTheme,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
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
import { Link, useNavigate } from 'react-router';
import { type RemoveMutation, RowActions } from '../../components/admin-ui';
import {
  DataList,
  type DataListProps,
  type ListColumn,
  ListSearch,
  type ListState,
  ListToolbar,
  useListState,
} from '../../components/back-office/data-list';
import { CreateRecordPage, EditRecordPage, type RecordPages } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, type PermissionRequirement } from '../../components/permission-gate';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import {
  type ExamOption,
  useDeleteLevel,
  useDeletePointConfig,
  useDeleteQuestionType,
  useExamOptions,
  useLevel,
  useLevelList,
  usePointConfig,
  usePointConfigList,
  useQuestionType,
  useQuestionTypeList,
  useSaveLevel,
  useSavePointConfig,
  useSaveQuestionType,
} from './api';
import { ExamFilter } from './exam-filter';

/** The settings pages' places in the scope: `/admin/level` or `/organization/level` … */
function useSettingsPath(resource: 'level' | 'question-type' | 'point-config') {
  return useBackOfficeScope().web(`/${resource}`);
}

/** A list page of one settings resource: header, search (and filters), the DataList with row actions. */
function SettingsList<T extends { id: string }>({
  title,
  description,
  createLabel,
  basePath,
  createPermission,
  updatePermission,
  query,
  state,
  columns,
  nameOf,
  remove,
  testId,
  filters,
}: {
  title: string;
  description: string;
  createLabel: string;
  basePath: string;
  createPermission: PermissionRequirement;
  updatePermission: PermissionRequirement;
  query: DataListProps<T>['query'];
  state: ListState;
  columns: ListColumn<T>[];
  nameOf: (row: T) => string;
  remove: RemoveMutation;
  testId: string;
  filters?: ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={
          <PermissionGate permission={createPermission}>
            <Button component={Link} to={`${basePath}/create`} leftSection={<PlusIcon size={16} />}>
              {createLabel}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ListToolbar>
            <ListSearch state={state} />
            {filters}
          </ListToolbar>
          <DataList<T>
            query={query}
            state={state}
            label={title}
            testId={testId}
            minWidth={560}
            emptyText={t('common.none')}
            columns={columns}
            rowActions={(row) => (
              <PermissionGate permission={updatePermission}>
                <RowActions
                  id={row.id}
                  name={nameOf(row)}
                  editTo={`${basePath}/${row.id}/edit`}
                  editLabel={t('common.editNamed', { name: nameOf(row) })}
                  deleteTitle={t('common.deleteTitle')}
                  deleteConfirm={t('common.deleteConfirm', { name: nameOf(row) })}
                  remove={remove}
                />
              </PermissionGate>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

const PHONE_HIDDEN_COLUMN = {
  visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`,
};

// ---------------------------------------------------------------- levels

export function LevelListPage() {
  const { t } = useTranslation('content');
  const state = useListState();
  const list = useLevelList({ page: state.page, search: state.search });
  const remove = useDeleteLevel();
  return (
    <SettingsList<Level>
      title={t('level.listTitle')}
      description={t('level.listDescription')}
      createLabel={t('level.create')}
      basePath={useSettingsPath('level')}
      createPermission="create_question_level"
      updatePermission="update_question_level"
      query={list}
      state={state}
      nameOf={(row) => row.name}
      remove={remove}
      testId="level-table"
      columns={[
        {
          accessor: 'code',
          title: t('fields.code'),
          render: (row) => <Badge variant="light">{row.code}</Badge>,
        },
        {
          accessor: 'name',
          title: t('fields.name'),
          render: (row) => (
            <>
              <Text fw={600} size="sm">
                {row.name}
              </Text>
              {row.description ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { accessor: 'position', title: t('fields.position'), ...PHONE_HIDDEN_COLUMN },
      ]}
    />
  );
}

function LevelForm({ level }: { level?: Level }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const listPath = useSettingsPath('level');
  const save = useSaveLevel(level?.id);
  const labels = { code: t('fields.code'), name: t('fields.name'), description: t('fields.description') };
  const form = useAppForm({
    initialValues: {
      code: level?.code ?? '',
      name: level?.name ?? '',
      description: level?.description ?? '',
      position: level?.position ?? 0,
    },
    rules: { code: ['required'], name: ['required'] },
    labels,
  });
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={(values) =>
        save.mutateAsync({
          ...values,
          description: values.description || null,
          position: Number(values.position) || 0,
        })
      }
      savedMessage={(saved) => saved.name}
      onSaved={() => void navigate(listPath)}
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
      </SimpleGrid>
      <Textarea label={t('fields.description')} autosize minRows={2} {...form.getInputProps('description')} />
      <NumberInput
        label={t('fields.position')}
        min={0}
        max={10000}
        maw={200}
        {...form.getInputProps('position')}
      />
    </FormShell>
  );
}

const levelPages: RecordPages<Level> = {
  ns: 'content',
  titles: ['level.createTitle', 'level.editTitle'],
  back: ['/level', 'level.listTitle'],
  useRecord: useLevel,
  form: (level) => <LevelForm level={level} />,
  card: 760,
};

export const LevelCreatePage = () => <CreateRecordPage spec={levelPages} />;
export const LevelEditPage = ({ id }: { id: string }) => <EditRecordPage spec={levelPages} id={id} />;

// ---------------------------------------------------------------- question types

export function QuestionTypeListPage() {
  const { t } = useTranslation('content');
  const state = useListState();
  const list = useQuestionTypeList({ page: state.page, search: state.search });
  const remove = useDeleteQuestionType();
  return (
    <SettingsList<QuestionType>
      title={t('questionType.listTitle')}
      description={t('questionType.listDescription')}
      createLabel={t('questionType.create')}
      basePath={useSettingsPath('question-type')}
      createPermission="create_question_type"
      updatePermission="update_question_type"
      query={list}
      state={state}
      nameOf={(row) => row.name}
      remove={remove}
      testId="question-type-table"
      columns={[
        {
          accessor: 'name',
          title: t('fields.name'),
          render: (row) => (
            <Text fw={600} size="sm">
              {row.name}
            </Text>
          ),
        },
        {
          accessor: 'answer_kind',
          title: t('fields.answerKind'),
          render: (row) => t(`answerKinds.${row.answer_kind}`),
        },
        {
          accessor: 'scoring_rule',
          title: t('fields.scoringRule'),
          render: (row) => t(`scoringRules.${row.scoring_rule}`),
          ...PHONE_HIDDEN_COLUMN,
        },
        { accessor: 'format_count', title: t('questionType.usedIn'), ...PHONE_HIDDEN_COLUMN },
      ]}
    />
  );
}

function QuestionTypeForm({ type }: { type?: QuestionType }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const listPath = useSettingsPath('question-type');
  const save = useSaveQuestionType(type?.id);
  const labels = {
    name: t('fields.name'),
    answer_kind: t('fields.answerKind'),
    scoring_rule: t('fields.scoringRule'),
    description: t('fields.description'),
  };
  const form = useAppForm({
    initialValues: {
      name: type?.name ?? '',
      answer_kind: (type?.answer_kind ?? null) as string | null,
      scoring_rule: (type?.scoring_rule ?? 'all_or_nothing') as string,
      description: type?.description ?? '',
    },
    rules: { name: ['required'], answer_kind: ['required'] },
    labels,
  });
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          answer_kind: values.answer_kind as QuestionType['answer_kind'],
          scoring_rule: values.scoring_rule as QuestionType['scoring_rule'],
          description: values.description || null,
        })
      }
      savedMessage={(saved) => saved.name}
      onSaved={() => void navigate(listPath)}
      submitLabel={type ? t('common.saveChanges') : t('questionType.create')}
    >
      <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('fields.answerKind')}
          withAsterisk
          data={ANSWER_KINDS.map((kind) => ({ value: kind, label: t(`answerKinds.${kind}`) }))}
          allowDeselect={false}
          {...form.getInputProps('answer_kind', { validateOnChange: true })}
          onChange={(value) => {
            form.setFieldValue('answer_kind', value);
            if (value === 'essay') form.setFieldValue('scoring_rule', 'manual');
            else if (form.values.scoring_rule === 'manual')
              form.setFieldValue('scoring_rule', 'all_or_nothing');
          }}
        />
        <Select
          label={t('fields.scoringRule')}
          description={t('questionType.scoringHint')}
          data={SCORING_RULES.map((rule) => ({ value: rule, label: t(`scoringRules.${rule}`) }))}
          allowDeselect={false}
          {...form.getInputProps('scoring_rule')}
        />
      </SimpleGrid>
      <Textarea label={t('fields.description')} autosize minRows={2} {...form.getInputProps('description')} />
    </FormShell>
  );
}

const questionTypePages: RecordPages<QuestionType> = {
  ns: 'content',
  titles: ['questionType.createTitle', 'questionType.editTitle'],
  back: ['/question-type', 'questionType.listTitle'],
  useRecord: useQuestionType,
  form: (type) => <QuestionTypeForm type={type} />,
  card: 760,
};

export const QuestionTypeCreatePage = () => <CreateRecordPage spec={questionTypePages} />;
export const QuestionTypeEditPage = ({ id }: { id: string }) => (
  <EditRecordPage spec={questionTypePages} id={id} />
);

// ---------------------------------------------------------------- point configs

export function PointConfigListPage() {
  const { t } = useTranslation('content');
  const state = useListState({ filters: ['exam'] });
  const basePath = useSettingsPath('point-config');
  const list = usePointConfigList({ page: state.page, search: state.search, exam_id: state.filters.exam });
  const remove = useDeletePointConfig();
  return (
    <SettingsList<PointConfig>
      title={t('pointConfig.listTitle')}
      description={t('pointConfig.listDescription')}
      createLabel={t('pointConfig.create')}
      basePath={basePath}
      createPermission="create_point_config"
      updatePermission="update_point_config"
      query={list}
      state={state}
      nameOf={(row) => row.name}
      remove={remove}
      testId="point-config-table"
      filters={<ExamFilter value={state.filters.exam} onChange={(value) => state.setFilter('exam', value)} />}
      columns={[
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
        { accessor: 'exam_name', title: t('fields.exam'), ...PHONE_HIDDEN_COLUMN },
        {
          accessor: 'section',
          title: t('fields.scoreSection'),
          render: (row) => (
            <Text ff="monospace" size="sm">
              {row.section}
            </Text>
          ),
        },
        {
          accessor: 'method',
          title: t('fields.method'),
          render: (row) =>
            row.method === 'table'
              ? t('pointConfig.tableSummary', { count: row.table?.length ?? 0 })
              : t('pointConfig.perQuestionSummary', { points: row.points_per_question ?? 0 }),
        },
      ]}
    />
  );
}

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

function PointConfigForm({ config }: { config?: PointConfig }) {
  const { t } = useTranslation('content');
  const { t: ts } = useTranslation('structure');
  const navigate = useNavigate();
  const listPath = useSettingsPath('point-config');
  const exams = useExamOptions();
  const save = useSavePointConfig(config?.id);
  const labels = {
    exam_id: t('fields.exam'),
    name: t('fields.name'),
    section: t('fields.scoreSection'),
    points_per_question: t('fields.pointsPerQuestion'),
    table: t('fields.table'),
  };
  const form = useAppForm({
    initialValues: {
      exam_id: (config?.exam_id ?? null) as string | null,
      name: config?.name ?? '',
      section: config?.section ?? '',
      method: config?.method ?? 'table',
      points_per_question: (config?.points_per_question ?? '') as number | string,
      table: (config?.table ?? [{ raw: 0, score: 0 }]) as Row[],
      is_estimate: config?.is_estimate ?? false,
    },
    rules: { exam_id: ['required'], name: ['required'], section: ['required'] },
    labels,
  });
  const exam = exams.data?.find((item) => item.id === form.values.exam_id);
  const questions = sectionQuestionCount(exam, form.values.section);
  return (
    <FormShell
      form={form}
      labels={labels}
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
      onSaved={() => void navigate(listPath)}
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
                  <Table.Th>{t('pointConfig.raw')}</Table.Th>
                  <Table.Th>{t('pointConfig.score')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.table.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                  <Table.Tr key={index}>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={1000}
                        aria-label={`${t('pointConfig.raw')} ${index + 1}`}
                        {...form.getInputProps(`table.${index}.raw`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={10000}
                        decimalScale={1}
                        aria-label={`${t('pointConfig.score')} ${index + 1}`}
                        {...form.getInputProps(`table.${index}.score`)}
                      />
                    </Table.Td>
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

const pointConfigPages: RecordPages<PointConfig> = {
  ns: 'content',
  titles: ['pointConfig.createTitle', 'pointConfig.editTitle'],
  back: ['/point-config', 'pointConfig.listTitle'],
  useRecord: usePointConfig,
  form: (config) => <PointConfigForm config={config} />,
  card: 760,
};

export const PointConfigCreatePage = () => <CreateRecordPage spec={pointConfigPages} />;
export const PointConfigEditPage = ({ id }: { id: string }) => (
  <EditRecordPage spec={pointConfigPages} id={id} />
);

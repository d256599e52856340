import { Box, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { TEST_STATUSES, type TestDetail, type TestSummary } from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { ListFilter, useListState } from '../../components/back-office/data-list';
import { FormPage } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { dateColumn, fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { ChoiceSelect, NameSlugFields } from '../../components/back-office/record-fields';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useExamOptions, useLevelOptions } from '../exam-structure';
import { RichTextEditor } from '../pages';
import { ExamFilter } from '../question-bank';
import { useSaveTest, useTest, useTestList } from './api';
import { TestStatusBadge } from './status-badge';

/** The tests' list, under the scope's area (`/admin/test` or `/organization/test`). */
export const TEST_PATH = '/test';

/** /admin/test: tests with exam, status and search filters. */
export function TestListPage() {
  const { t, i18n } = useTranslation('content');
  const scope = useBackOfficeScope();
  const state = useListState({ filters: ['exam', 'status'] });
  const list = useTestList({
    page: state.page,
    search: state.search,
    exam_id: state.filters.exam,
    status: state.filters.status,
  });
  const detailPath = (test: TestSummary) => scope.web(`${TEST_PATH}/${test.id}/detail`);
  return (
    <ListPage<TestSummary>
      title={t('test.listTitle')}
      description={t('test.listDescription')}
      create={{ to: scope.web(`${TEST_PATH}/create`), label: t('test.create'), permission: 'create_test' }}
      filters={
        <>
          <ExamFilter value={state.filters.exam} onChange={(value) => state.setFilter('exam', value)} />
          <ListFilter
            state={state}
            name="status"
            label={t('fields.status')}
            data={TEST_STATUSES.map((status) => ({ value: status, label: t(`test.status.${status}`) }))}
            width="12rem"
          />
        </>
      }
      query={list}
      state={state}
      testId="test-table"
      emptyText={t('common.none')}
      columns={[
        linkColumn('title', t('fields.title'), detailPath, (test) => (
          <>
            {t(`test.access.${test.access}`)} · {t('common.minutes', { count: test.duration_minutes })}
            <Box hiddenFrom="sm" mt={4}>
              <TestStatusBadge status={test.status} />
            </Box>
          </>
        )),
        {
          accessor: 'exam',
          title: t('fields.exam'),
          visibleMediaQuery: fromSm,
          render: (test) => test.exam.name,
        },
        {
          accessor: 'status',
          title: t('fields.status'),
          visibleMediaQuery: fromSm,
          render: (test) => <TestStatusBadge status={test.status} />,
        },
        {
          accessor: 'question_count',
          title: t('test.questions'),
          visibleMediaQuery: fromSm,
          render: (test) => `${test.question_count}/${test.required_count}`,
        },
        dateColumn('updated_at', t('test.updated'), i18n.language),
      ]}
      rowActions={(test) => (
        <>
          <RowLink to={detailPath(test)} variant="subtle" visibleFrom="sm">
            {t('common.view')}
          </RowLink>
          <PermissionGate permission="update_test">
            <RowLink to={scope.web(`${TEST_PATH}/${test.id}/edit`)}>{t('common.edit')}</RowLink>
          </PermissionGate>
        </>
      )}
    />
  );
}

function TestForm({ test }: { test?: TestDetail }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const exams = useExamOptions();
  const levels = useLevelOptions();
  const save = useSaveTest(test?.id);
  const form = useAppForm({
    initialValues: {
      exam_id: (test?.exam.id ?? null) as string | null,
      level_id: (test?.level_id ?? null) as string | null,
      title: test?.title ?? '',
      slug: test?.slug ?? '',
      description: test?.description ?? '',
      duration_minutes: (test?.duration_minutes ?? '') as number | string,
      access: test?.access ?? 'free',
      attempts_allowed: (test?.attempts_allowed ?? '') as number | string,
      answer_visibility: test?.answer_visibility ?? 'after_submit',
    },
    rules: { exam_id: ['required'], title: ['required'], duration_minutes: ['required'] },
    labels: {
      exam_id: t('fields.exam'),
      title: t('fields.title'),
      slug: t('fields.slug'),
      duration_minutes: t('fields.duration'),
      attempts_allowed: t('fields.attempts'),
    },
  });
  return (
    <FormShell
      form={form}
      onSubmit={(values) =>
        save.mutateAsync({
          exam_id: values.exam_id ?? '',
          level_id: values.level_id,
          title: values.title,
          slug: values.slug.trim() || null,
          description: values.description || null,
          duration_minutes: Number(values.duration_minutes),
          access: values.access,
          attempts_allowed: values.attempts_allowed === '' ? null : Number(values.attempts_allowed),
          answer_visibility: values.answer_visibility,
        })
      }
      savedMessage={(saved) => saved.title}
      then={(saved) => scope.web(`${TEST_PATH}/${saved.id}/detail`)}
      submitLabel={test ? t('common.saveChanges') : t('test.createSubmit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('fields.exam')}
          withAsterisk
          searchable
          data={(exams.data ?? []).map((exam) => ({
            value: exam.id,
            label: `${exam.category_name} · ${exam.name}`,
          }))}
          {...form.getInputProps('exam_id', { validateOnChange: true })}
          onChange={(value) => {
            form.setFieldValue('exam_id', value);
            const exam = exams.data?.find((item) => item.id === value);
            if (exam?.duration_minutes && !form.values.duration_minutes)
              form.setFieldValue('duration_minutes', exam.duration_minutes);
            form.validateSoon('exam_id');
          }}
          description={test?.published_version ? t('test.examLocked') : undefined}
        />
        <NameSlugFields form={form} field="title" slugLength={120} />
        <Select
          label={t('fields.level')}
          description={t('test.levelHint')}
          data={(levels.data?.items ?? []).map((level) => ({
            value: level.id,
            label: `${level.code} · ${level.name}`,
          }))}
          clearable
          {...form.getInputProps('level_id')}
        />
        <NumberInput
          label={t('fields.duration')}
          withAsterisk
          min={1}
          max={600}
          {...form.getInputProps('duration_minutes')}
        />
        <ChoiceSelect
          label={t('fields.access')}
          values={['free', 'pack']}
          labelOf={(value) => t(`test.access.${value}`)}
          {...form.getInputProps('access')}
        />
        <NumberInput
          label={t('fields.attempts')}
          description={t('test.attemptsHint')}
          min={1}
          max={100}
          {...form.getInputProps('attempts_allowed')}
        />
        <ChoiceSelect
          label={t('fields.answerVisibility')}
          values={['after_submit', 'never']}
          labelOf={(value) => t(`test.visibility.${value}`)}
          {...form.getInputProps('answer_visibility')}
        />
      </SimpleGrid>
      <RichTextEditor
        label={t('fields.description')}
        value={form.values.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
    </FormShell>
  );
}

export function TestCreatePage() {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  return (
    <FormPage
      title={t('test.createTitle')}
      description={t('test.createDescription')}
      back={{ to: scope.web(TEST_PATH), label: t('test.listTitle') }}
    >
      <TestForm />
    </FormPage>
  );
}

export function TestEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const test = useTest(id);
  const back = { to: scope.web(`${TEST_PATH}/${id}/detail`), label: test.data?.title ?? t('test.listTitle') };
  return (
    <FormPage title={t('test.editTitle')} back={back}>
      <QueryState query={test}>{(data) => <TestForm test={data} />}</QueryState>
    </FormPage>
  );
}

import { Box, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { TEST_STATUSES, type TestDetail, type TestKind, type TestSummary } from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { ListFilter, useListState } from '../../components/back-office/data-list';
import { FormPage } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { dateColumn, fromSm, ListPage, linkColumn, RowLink } from '../../components/back-office/list-page';
import { ChoiceSelect, EnglishNameField, NameSlugFields } from '../../components/back-office/record-fields';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { oneOf } from '../../lib/admin-query';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useExamOptions, useLevelOptions } from '../exam-structure';
import { RichTextEditor } from '../pages';
import { ExamFilter } from '../question-bank';
import { useSaveTest, useTest, useTestList } from './api';
import { TestStatusBadge } from './status-badge';

/**
 * A path of the tests' pages in the scope: `/admin/test…`, or in an organization `/organization/test/manual…`
 * (items picked by hand from its own bank) and `/organization/test/smart…` (papers drawn per student).
 */
export const testWeb = (scope: BackOfficeScope, path = '', kind: TestKind = 'manual') =>
  scope.web(`${scope.area === 'admin' ? '/test' : `/test/${kind}`}${path}`);

/**
 * /admin/test: tests with exam, status and search filters; in an organization, its manual tests
 * (/organization/test/manual) or its smart tests (/organization/test/smart).
 */
export function TestListPage({ kind }: { kind?: TestKind }) {
  const { t, i18n } = useTranslation('content');
  const scope = useBackOfficeScope();
  const state = useListState({ filters: ['exam', 'status'] });
  const list = useTestList({
    page: state.page,
    search: state.search,
    exam_id: state.filters.exam,
    status: oneOf(state.filters.status, TEST_STATUSES),
    kind,
  });
  const detailPath = (test: TestSummary) => testWeb(scope, `/${test.id}/detail`, test.kind);
  const smart = kind === 'smart';
  return (
    <ListPage<TestSummary>
      title={smart ? t('test.smart.listTitle') : t('test.listTitle')}
      description={smart ? t('test.smart.listDescription') : t('test.listDescription')}
      create={{
        to: testWeb(scope, `/create`, kind),
        label: smart ? t('test.smart.create') : t('test.create'),
        permission: 'create_test',
      }}
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
            <RowLink to={testWeb(scope, `/${test.id}/edit`, test.kind)}>{t('common.edit')}</RowLink>
          </PermissionGate>
        </>
      )}
    />
  );
}

function TestForm({ test, kind = test?.kind ?? 'manual' }: { test?: TestDetail; kind?: TestKind }) {
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
      title_en: test?.title_en ?? '',
      slug: test?.slug ?? '',
      description: test?.description ?? '',
      description_en: test?.description_en ?? '',
      duration_minutes: (test?.duration_minutes ?? '') as number | string,
      access: test?.access ?? 'free',
      attempts_allowed: (test?.attempts_allowed ?? '') as number | string,
      answer_visibility: test?.answer_visibility ?? 'after_submit',
    },
    rules: { exam_id: ['required'], title: ['required'], duration_minutes: ['required'] },
    labels: {
      exam_id: t('fields.exam'),
      title: t('fields.title'),
      title_en: t('fields.titleEn'),
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
          title_en: values.title_en.trim() || null,
          slug: values.slug.trim() || null,
          description: values.description || null,
          description_en: values.description_en || null,
          duration_minutes: Number(values.duration_minutes),
          access: values.access,
          attempts_allowed: values.attempts_allowed === '' ? null : Number(values.attempts_allowed),
          answer_visibility: values.answer_visibility,
          kind,
        })
      }
      savedMessage={(saved) => saved.title}
      then={(saved) => testWeb(scope, `/${saved.id}/detail`, saved.kind)}
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
        <EnglishNameField form={form} field="title_en" />
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
        {scope.area === 'admin' ? (
          // Packs are the platform's: an organization's test is open to its learners.
          <ChoiceSelect
            label={t('fields.access')}
            values={['free', 'pack']}
            labelOf={(value) => t(`test.access.${value}`)}
            {...form.getInputProps('access')}
          />
        ) : null}
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
      <RichTextEditor
        label={t('fields.descriptionEn')}
        value={form.values.description_en}
        onChange={(html) => form.setFieldValue('description_en', html)}
        error={form.errors.description_en}
      />
    </FormShell>
  );
}

export function TestCreatePage({ kind = 'manual' }: { kind?: TestKind }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const smart = kind === 'smart';
  return (
    <FormPage
      title={smart ? t('test.smart.createTitle') : t('test.createTitle')}
      description={smart ? t('test.smart.createDescription') : t('test.createDescription')}
      back={{ to: testWeb(scope, '', kind), label: smart ? t('test.smart.listTitle') : t('test.listTitle') }}
    >
      <TestForm kind={kind} />
    </FormPage>
  );
}

export function TestEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const test = useTest(id);
  const back = {
    to: testWeb(scope, `/${id}/detail`, test.data?.kind),
    label: test.data?.title ?? t('test.listTitle'),
  };
  return (
    <FormPage title={t('test.editTitle')} back={back}>
      <QueryState query={test}>{(data) => <TestForm test={data} />}</QueryState>
    </FormPage>
  );
}

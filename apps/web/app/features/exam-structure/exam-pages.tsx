import {
  Button,
  Card,
  Checkbox,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { AUDIO_POLICIES, type Exam, type ExamFormat, SKILLS } from '@prepwise/contract';
import { Link } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { FormPage } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import {
  ChoiceSelect,
  DescriptionField,
  EnglishNameField,
  NameSlugFields,
  PositionField,
} from '../../components/back-office/record-fields';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { useAppForm, valuesFrom } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { RichTextEditor } from '../pages';
import { useCategory, useExam, useFormat, useQuestionTypeOptions, useSaveExam, useSaveFormat } from './api';
import { ExamPartsTable, useCategoryPaths } from './category-pages';
import { NEW_SECTION, ScoreSectionField } from './score-section-field';

const optionalNumber = (value: unknown): number | null => {
  const number = Number(value);
  return value === '' || value === null || value === undefined || !Number.isFinite(number) ? null : number;
};

function ExamForm({ categoryId, exam }: { categoryId: string; exam?: Exam }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const save = useSaveExam(categoryId, exam?.id);
  const form = useAppForm({
    initialValues: valuesFrom(exam, {
      name: '',
      name_en: '',
      slug: '',
      description: '',
      duration_minutes: '' as number | string,
      position: 0,
    }),
    rules: { name: ['required'] },
    labels: {
      name: t('fields.name'),
      name_en: t('fields.nameEn'),
      slug: t('fields.slug'),
      duration_minutes: t('fields.duration'),
    },
  });
  return (
    <FormShell
      form={form}
      submitLabel={exam ? t('common.saveChanges') : t('exam.createSubmit')}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          name_en: values.name_en.trim() || null,
          slug: values.slug.trim() || null,
          description: values.description || null,
          duration_minutes: optionalNumber(values.duration_minutes),
          position: Number(values.position) || 0,
        })
      }
      savedMessage={(saved) => saved.name}
      then={(saved) => paths.exam(categoryId, saved.id)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameSlugFields form={form} field="name" />
        <EnglishNameField form={form} field="name_en" />
        <NumberInput
          label={t('fields.duration')}
          description={t('exam.durationHint')}
          min={1}
          max={600}
          {...form.getInputProps('duration_minutes')}
        />
        <PositionField form={form} />
      </SimpleGrid>
      <DescriptionField form={form} minRows={3} />
    </FormShell>
  );
}

/** {scope}/category/{categoryId}/create */
export function ExamCreatePage({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const category = useCategory(categoryId);
  return (
    <FormPage
      title={t('exam.createTitle')}
      description={category.data ? t('exam.inCategory', { name: category.data.name }) : undefined}
      back={{ to: `${paths.list}/${categoryId}`, label: category.data?.name ?? t('category.listTitle') }}
      card={760}
    >
      <ExamForm categoryId={categoryId} />
    </FormPage>
  );
}

/** {scope}/category/{categoryId}/{examId}/edit */
export function ExamEditPage({ categoryId, examId }: { categoryId: string; examId: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const exam = useExam(examId);
  return (
    <FormPage
      title={t('exam.editTitle')}
      back={{
        to: `${paths.list}/${categoryId}/${examId}`,
        label: exam.data?.name ?? t('exam.editTitle'),
      }}
      card={760}
    >
      <QueryState query={exam}>{(data) => <ExamForm categoryId={categoryId} exam={data} />}</QueryState>
    </FormPage>
  );
}

/** {scope}/category/{categoryId}/{examId}: one exam and its parts. */
export function ExamDetailPage({ categoryId, examId }: { categoryId: string; examId: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const exam = useExam(examId);
  // The platform's exams are read-only in a centre: its actions only on the scope's own categories.
  const category = useCategory(categoryId);
  const editable = category.data ? !category.data.read_only : false;
  return (
    <>
      <title>{`${exam.data?.name ?? t('exam.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={exam.data?.name ?? '…'}
        description={exam.data?.description ?? undefined}
        back={{ to: `${paths.list}/${categoryId}`, label: t('exam.backToCategory') }}
        actions={
          editable ? (
            <>
              <PermissionGate permission="update_category">
                <Button component={Link} to={`${paths.list}/${categoryId}/${examId}/edit`} variant="default">
                  {t('exam.edit')}
                </Button>
              </PermissionGate>
              <PermissionGate permission="create_part">
                <Button
                  component={Link}
                  to={`${paths.list}/${categoryId}/${examId}/create`}
                  leftSection={<PlusIcon size={16} />}
                >
                  {t('format.create')}
                </Button>
              </PermissionGate>
            </>
          ) : undefined
        }
      />
      <QueryState query={exam}>
        {(data) => (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('exam.summary', { parts: data.formats.length, questions: data.question_count })}
                {data.duration_minutes ? ` · ${t('common.minutes', { count: data.duration_minutes })}` : ''}
              </Text>
              <ExamPartsTable exam={data} categoryId={categoryId} editable={editable} />
            </Stack>
          </Card>
        )}
      </QueryState>
    </>
  );
}

function FormatForm({
  categoryId,
  exam,
  format,
  nextPosition,
}: {
  categoryId: string;
  exam: Exam;
  format?: ExamFormat;
  nextPosition?: number;
}) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const save = useSaveFormat(exam.id, format?.id);
  const types = useQuestionTypeOptions();
  const sections = exam.sections;
  const form = useAppForm({
    initialValues: {
      name: format?.name ?? '',
      name_en: format?.name_en ?? '',
      position: format?.position ?? nextPosition ?? 0,
      skill: (format?.skill ?? null) as string | null,
      question_count: (format?.question_count ?? '') as number | string,
      time_limit_minutes: (format?.time_limit_minutes ?? '') as number | string,
      allowed_question_type_ids: format?.allowed_question_type_ids ?? [],
      audio_policy: format?.audio_policy ?? 'none',
      heard_only: format?.heard_only ?? false,
      // An exam without sections yet starts on "new section"; otherwise a section must be picked.
      score_section: (format?.score_section ?? (sections.length === 0 ? NEW_SECTION : null)) as string | null,
      new_section: '',
      instructions_vi: format?.instructions_vi ?? '',
      instructions_en: format?.instructions_en ?? '',
    },
    rules: {
      name: ['required'],
      skill: ['required'],
      question_count: ['required'],
      score_section: ['required'],
    },
    labels: {
      name: t('fields.name'),
      name_en: t('fields.nameEn'),
      skill: t('fields.skill'),
      question_count: t('fields.questionCount'),
      score_section: t('fields.scoreSection'),
      new_section: t('fields.scoreSection'),
      time_limit_minutes: t('fields.timeLimit'),
      allowed_question_type_ids: t('fields.allowedTypes'),
    },
  });
  const newSection = form.values.score_section === NEW_SECTION;
  return (
    <FormShell
      form={form}
      onSubmit={(values) => {
        const section =
          values.score_section === NEW_SECTION ? values.new_section.trim() : values.score_section;
        if (!section) {
          form.setFieldError('new_section', 'common.required');
          return Promise.reject(null);
        }
        return save.mutateAsync({
          name: values.name,
          name_en: values.name_en.trim() || null,
          position: Number(values.position) || 0,
          skill: values.skill as ExamFormat['skill'],
          question_count: Number(values.question_count),
          time_limit_minutes: optionalNumber(values.time_limit_minutes),
          allowed_question_type_ids: values.allowed_question_type_ids,
          audio_policy: values.audio_policy,
          heard_only: values.heard_only,
          score_section: section ?? '',
          instructions_vi: values.instructions_vi || null,
          instructions_en: values.instructions_en || null,
        });
      }}
      savedMessage={(saved) => saved.name}
      then={paths.exam(categoryId, exam.id)}
      submitLabel={format ? t('common.saveChanges') : t('format.createSubmit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <EnglishNameField form={form} field="name_en" />
        <ChoiceSelect
          label={t('fields.skill')}
          withAsterisk
          values={SKILLS}
          labelOf={(skill) => t(`skills.${skill}`)}
          {...form.getInputProps('skill', { validateOnChange: true })}
        />
        <NumberInput
          label={t('fields.questionCount')}
          withAsterisk
          min={1}
          max={500}
          {...form.getInputProps('question_count')}
        />
        <NumberInput
          label={t('fields.timeLimit')}
          min={1}
          max={600}
          {...form.getInputProps('time_limit_minutes')}
        />
        <ChoiceSelect
          label={t('fields.audioPolicy')}
          values={AUDIO_POLICIES}
          labelOf={(policy) => t(`audioPolicies.${policy}`)}
          {...form.getInputProps('audio_policy')}
        />
        <PositionField form={form} />
        <ScoreSectionField
          sections={sections}
          current={format?.score_section}
          selectProps={form.getInputProps('score_section', { validateOnChange: true })}
          newProps={newSection ? form.getInputProps('new_section') : undefined}
        />
      </SimpleGrid>
      <Checkbox
        label={t('fields.heardOnly')}
        description={t('format.heardOnlyHint')}
        {...form.getInputProps('heard_only', { type: 'checkbox' })}
      />
      <MultiSelect
        label={t('fields.allowedTypes')}
        description={t('format.allowedTypesHint')}
        placeholder={types.isPending ? t('common.loading') : undefined}
        data={(types.data?.items ?? []).map((type) => ({
          value: type.id,
          label: `${type.name} (${t(`answerKinds.${type.answer_kind}`)})`,
        }))}
        searchable
        clearable
        {...form.getInputProps('allowed_question_type_ids')}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RichTextEditor
          label={t('fields.instructionsVi')}
          value={form.values.instructions_vi}
          onChange={(html) => form.setFieldValue('instructions_vi', html)}
          error={form.errors.instructions_vi}
        />
        <RichTextEditor
          label={t('fields.instructionsEn')}
          value={form.values.instructions_en}
          onChange={(html) => form.setFieldValue('instructions_en', html)}
          error={form.errors.instructions_en}
        />
      </SimpleGrid>
    </FormShell>
  );
}

/** {scope}/category/{categoryId}/{examId}/create: a new part of the exam. */
export function FormatCreatePage({ categoryId, examId }: { categoryId: string; examId: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const exam = useExam(examId);
  return (
    <FormPage
      title={t('format.createTitle')}
      description={exam.data ? t('format.inExam', { name: exam.data.name }) : undefined}
      back={{ to: `${paths.list}/${categoryId}/${examId}`, label: exam.data?.name ?? '…' }}
      card={960}
    >
      <QueryState query={exam}>
        {(data) => (
          <FormatForm
            categoryId={categoryId}
            exam={data}
            nextPosition={data.formats.reduce((max, format) => Math.max(max, format.position + 1), 0)}
          />
        )}
      </QueryState>
    </FormPage>
  );
}

/** {scope}/category/{categoryId}/{examId}/{formatId}/edit */
export function FormatEditPage({
  categoryId,
  examId,
  formatId,
}: {
  categoryId: string;
  examId: string;
  formatId: string;
}) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const format = useFormat(formatId);
  const exam = useExam(examId);
  return (
    <>
      <title>{`${t('format.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={format.data ? t('format.editNamed', { name: format.data.name }) : t('format.editTitle')}
        back={{ to: `${paths.list}/${categoryId}/${examId}`, label: t('format.backToExam') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={960}>
        <QueryState query={format}>
          {(data) => (
            <QueryState query={exam}>
              {(examData) => <FormatForm categoryId={categoryId} exam={examData} format={data} />}
            </QueryState>
          )}
        </QueryState>
      </Card>
    </>
  );
}

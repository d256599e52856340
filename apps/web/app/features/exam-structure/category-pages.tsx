import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Category, CategoryDetail, Exam, ExamFormat } from '@prepwise/contract';
import { Link } from 'react-router';
import { ConfirmDeleteButton, EmptyState, QueryState, RowActions } from '../../components/admin-ui';
import { DataList, useListState } from '../../components/back-office/data-list';
import { BackOfficePage, FormPage } from '../../components/back-office/form-page';
import { FormShell } from '../../components/back-office/form-shell';
import { codeColumn, fromSm, ListPage, nameColumn, RowLink } from '../../components/back-office/list-page';
import {
  DescriptionField,
  EnglishNameField,
  NameSlugFields,
  PositionField,
} from '../../components/back-office/record-fields';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PlusIcon } from '../../components/icons';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { useAppForm, valuesFrom } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import {
  isReadOnly,
  useCategory,
  useCategoryList,
  useDeleteCategory,
  useDeleteExam,
  useDeleteFormat,
  useQuestionTypeOptions,
  useSaveCategory,
} from './api';

/**
 * Where the category pages live in the scope: `/admin/category` or `/organization/category`.
 * Exams and parts are authored in the scope that owns their category (`read_only` false): the admin on
 * the platform's, a centre on its own; a centre reads the platform's.
 */
export function useCategoryPaths() {
  const scope = useBackOfficeScope();
  const base = scope.web('/category');
  return {
    list: base,
    create: `${base}/create`,
    detail: (categoryId: string) => `${base}/${categoryId}`,
    edit: (categoryId: string) => `${base}/${categoryId}/edit`,
    examCreate: (categoryId: string) => `${base}/${categoryId}/create`,
    exam: (categoryId: string, examId: string) => `${base}/${categoryId}/${examId}`,
    examEdit: (categoryId: string, examId: string) => `${base}/${categoryId}/${examId}/edit`,
    formatCreate: (categoryId: string, examId: string) => `${base}/${categoryId}/${examId}/create`,
    formatEdit: (categoryId: string, examId: string, formatId: string) =>
      `${base}/${categoryId}/${examId}/${formatId}/edit`,
  };
}

function PlatformBadge() {
  const { t } = useTranslation('structure');
  return (
    <Badge variant="light" color="gray" radius="sm" data-testid="platform-badge">
      {t('platform')}
    </Badge>
  );
}

/** /admin/category and /organization/category: exam families (TOEIC, IELTS …) with search and pages. */
export function CategoryListPage() {
  const { t } = useTranslation('content');
  const { t: ts } = useTranslation('structure');
  const scope = useBackOfficeScope();
  const paths = useCategoryPaths();
  const state = useListState();
  const list = useCategoryList({ page: state.page, search: state.search });
  const remove = useDeleteCategory();
  return (
    <ListPage<Category>
      title={t('category.listTitle')}
      description={t('category.listDescription')}
      create={{ to: paths.create, label: t('category.create'), permission: 'create_category' }}
      intro={
        scope.area === 'organization' ? (
          <Text size="sm" c="dimmed">
            {ts('platformHint')}
          </Text>
        ) : null
      }
      searchPlaceholder={t('category.searchPlaceholder')}
      query={list}
      state={state}
      testId="category-table"
      emptyText={t('category.none')}
      columns={[
        {
          accessor: 'name',
          title: t('fields.name'),
          render: (category) => (
            <>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={paths.detail(category.id)} fw={600}>
                  {category.name}
                </Anchor>
                {isReadOnly(category) ? <PlatformBadge /> : null}
              </Group>
              {category.description ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {category.description}
                </Text>
              ) : null}
            </>
          ),
        },
        codeColumn<Category>('slug', t('fields.slug'), fromSm),
        { accessor: 'exam_count', title: t('category.examCount') },
      ]}
      rowActions={(category) => {
        const view = (
          <RowLink to={paths.detail(category.id)} variant="subtle">
            {t('common.view')}
          </RowLink>
        );
        return isReadOnly(category) ? (
          view
        ) : (
          <RowActions
            id={category.id}
            name={category.name}
            editTo={paths.edit(category.id)}
            editLabel={t('common.editNamed', { name: category.name })}
            deleteTitle={t('category.deleteTitle')}
            deleteConfirm={t('common.deleteConfirm', { name: category.name })}
            remove={remove}
            editPermission="update_category"
            deletePermission="update_category"
          >
            {view}
          </RowActions>
        );
      }}
    />
  );
}

function CategoryForm({ category }: { category?: CategoryDetail }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const save = useSaveCategory(category?.id);
  const form = useAppForm({
    initialValues: valuesFrom(category, { name: '', name_en: '', slug: '', description: '', position: 0 }),
    rules: { name: ['required'] },
    labels: {
      name: t('fields.name'),
      name_en: t('fields.nameEn'),
      slug: t('fields.slug'),
      description: t('fields.description'),
    },
  });
  return (
    <FormShell
      form={form}
      submitLabel={category ? t('common.saveChanges') : t('category.createSubmit')}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          name_en: values.name_en.trim() || null,
          slug: values.slug.trim() || null,
          description: values.description || null,
          position: Number(values.position) || 0,
        })
      }
      savedMessage={(saved) => saved.name}
      then={(saved) => paths.detail(saved.id)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameSlugFields form={form} field="name" />
        <EnglishNameField form={form} field="name_en" />
      </SimpleGrid>
      <DescriptionField form={form} minRows={3} />
      <PositionField form={form} maw={200} />
    </FormShell>
  );
}

export function CategoryCreatePage() {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  return (
    <FormPage
      title={t('category.createTitle')}
      back={{ to: paths.list, label: t('category.listTitle') }}
      card={760}
    >
      <CategoryForm />
    </FormPage>
  );
}

export function CategoryEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const category = useCategory(id);
  return (
    <FormPage
      title={t('category.editTitle')}
      back={{ to: paths.detail(id), label: category.data?.name ?? t('category.listTitle') }}
      card={760}
    >
      <QueryState query={category}>{(data) => <CategoryForm category={data} />}</QueryState>
    </FormPage>
  );
}

const SKILL_COLORS = { listening: 'grape', reading: 'blue', writing: 'orange', speaking: 'teal' } as const;

export function SkillBadge({ skill }: { skill: keyof typeof SKILL_COLORS }) {
  const { t } = useTranslation('content');
  return (
    <Badge variant="light" radius="sm" color={SKILL_COLORS[skill]}>
      {t(`skills.${skill}`)}
    </Badge>
  );
}

/**
 * The names of a part's allowed question types. Without view_question_type (or when the lookup
 * fails) the names are not guessed at: the table says they are hidden, once, instead of "…".
 */
function useTypeNames() {
  const { t } = useTranslation('content');
  const canView = usePermission('view_question_type');
  const types = useQuestionTypeOptions(canView);
  const hidden = !canView || Boolean(types.error);
  const name = (format: ExamFormat) => {
    if (format.allowed_question_type_ids.length === 0) return t('format.anyType');
    if (hidden) return null;
    if (!types.data) return t('common.loading');
    return format.allowed_question_type_ids
      .map((id) => types.data.items.find((type) => type.id === id)?.name)
      .filter(Boolean)
      .join(', ');
  };
  return { hidden, name };
}

/** The parts of one exam, with their actions when the scope owns the exam's category (`editable`). */
export function ExamPartsTable({
  exam,
  categoryId,
  editable,
}: {
  exam: Exam;
  categoryId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('content');
  const { t: ts } = useTranslation('structure');
  const paths = useCategoryPaths();
  const typeNames = useTypeNames();
  const remove = useDeleteFormat();
  const state = useListState();
  if (exam.formats.length === 0) return <EmptyState>{t('exam.noParts')}</EmptyState>;
  return (
    <Stack gap="xs">
      {typeNames.hidden ? (
        <Text size="xs" c="dimmed" data-testid="hidden-lookup">
          {ts('hidden.questionTypes')}
        </Text>
      ) : null}
      <DataList<ExamFormat>
        query={{
          data: { items: exam.formats, page: 1, pageSize: exam.formats.length, total: exam.formats.length },
          error: null,
          isPending: false,
        }}
        state={state}
        label={exam.name}
        testId={`parts-${exam.slug}`}
        minWidth={720}
        emptyText={t('exam.noParts')}
        columns={[
          nameColumn<ExamFormat>('name', t('format.columns.part'), typeNames.name),

          {
            accessor: 'skill',
            title: t('fields.skill'),
            visibleMediaQuery: fromSm,
            render: (format) => <SkillBadge skill={format.skill} />,
          },
          {
            accessor: 'question_count',
            title: t('format.columns.questions'),
            render: (format) => (
              <>
                {format.question_count}
                {format.time_limit_minutes ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {t('common.minutes', { count: format.time_limit_minutes })}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            accessor: 'audio_policy',
            title: t('fields.audioPolicy'),
            visibleMediaQuery: fromSm,
            render: (format) => t(`audioPolicies.${format.audio_policy}`),
          },
          codeColumn<ExamFormat>('score_section', t('fields.scoreSection'), fromSm),
        ]}
        rowActions={
          editable
            ? (format) => (
                <PermissionGate permission="update_part">
                  <RowActions
                    id={format.id}
                    name={format.name}
                    editTo={paths.formatEdit(categoryId, exam.id, format.id)}
                    editLabel={t('common.editNamed', { name: format.name })}
                    deleteTitle={t('format.deleteTitle')}
                    deleteConfirm={t('common.deleteConfirm', { name: format.name })}
                    remove={remove}
                  />
                </PermissionGate>
              )
            : undefined
        }
      />
    </Stack>
  );
}

export function ExamCard({
  exam,
  categoryId,
  editable,
}: {
  exam: Exam;
  categoryId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const remove = useDeleteExam();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="exam-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            {editable ? (
              <Anchor component={Link} to={paths.exam(categoryId, exam.id)} fw={700} size="lg">
                {exam.name}
              </Anchor>
            ) : (
              <Text fw={700} size="lg">
                {exam.name}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('exam.summary', { parts: exam.formats.length, questions: exam.question_count })}
              {exam.duration_minutes ? ` · ${t('common.minutes', { count: exam.duration_minutes })}` : ''}
            </Text>
          </div>
          {editable ? (
            <Group gap={4}>
              <PermissionGate permission="create_part">
                <Button
                  component={Link}
                  to={paths.formatCreate(categoryId, exam.id)}
                  variant="light"
                  size="compact-sm"
                  leftSection={<PlusIcon size={14} />}
                >
                  {t('format.create')}
                </Button>
              </PermissionGate>
              <PermissionGate permission="update_category">
                <Button
                  component={Link}
                  to={paths.examEdit(categoryId, exam.id)}
                  variant="subtle"
                  size="compact-sm"
                  aria-label={t('common.editNamed', { name: exam.name })}
                >
                  {t('common.edit')}
                </Button>
                <ConfirmDeleteButton
                  name={exam.name}
                  title={t('exam.deleteTitle')}
                  confirmText={t('common.deleteConfirm', { name: exam.name })}
                  onDelete={(done) => remove.mutate(exam.id, { onSuccess: done })}
                  pending={remove.isPending}
                  error={remove.error}
                  reset={remove.reset}
                />
              </PermissionGate>
            </Group>
          ) : null}
        </Group>
        <ExamPartsTable exam={exam} categoryId={categoryId} editable={editable} />
      </Stack>
    </Card>
  );
}

/** /admin/category/{categoryId} and /organization/category/{categoryId}: the exams, each with its parts. */
export function CategoryDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const { t: ts } = useTranslation('structure');
  const paths = useCategoryPaths();
  const category = useCategory(id);
  const readOnly = category.data ? isReadOnly(category.data) : true;
  return (
    <BackOfficePage
      title={category.data?.name ?? t('category.listTitle')}
      description={category.data?.description ?? t('category.detailDescription')}
      back={{ to: paths.list, label: t('category.listTitle') }}
      actions={
        readOnly ? undefined : (
          <>
            <PermissionGate permission="update_category">
              <Button component={Link} to={paths.edit(id)} variant="default">
                {t('category.edit')}
              </Button>
            </PermissionGate>
            <PermissionGate permission="create_category">
              <Button component={Link} to={paths.examCreate(id)} leftSection={<PlusIcon size={16} />}>
                {t('exam.create')}
              </Button>
            </PermissionGate>
          </>
        )
      }
    >
      <QueryState query={category}>
        {(data) => (
          <Stack gap="lg">
            {isReadOnly(data) ? (
              <Alert variant="light" color="gray" data-testid="read-only-note">
                <Group gap="xs">
                  <PlatformBadge />
                  <Text size="sm">{ts('readOnlyExams')}</Text>
                </Group>
              </Alert>
            ) : null}
            {data.exams.length === 0 ? (
              <EmptyState>{t('category.noExams')}</EmptyState>
            ) : (
              data.exams.map((exam) => (
                <ExamCard key={exam.id} exam={exam} categoryId={id} editable={!isReadOnly(data)} />
              ))
            )}
          </Stack>
        )}
      </QueryState>
    </BackOfficePage>
  );
}

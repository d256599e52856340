import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Category, type CategoryDetail, type Exam, type ExamFormat, slugify } from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton, EmptyState, QueryState, RowActions } from '../../components/admin-ui';
import { DataList, ListSearch, ListToolbar, useListState } from '../../components/back-office/data-list';
import { FormShell } from '../../components/back-office/form-shell';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { useAppForm } from '../../lib/forms';
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
 * Exams and parts are authored in the admin only (the platform's exams); an organization reads them.
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
    /** Exams and parts are the platform's: only the admin authors them. */
    authorsExams: scope.area === 'admin',
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
    <>
      <title>{`${t('category.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.listTitle')}
        description={t('category.listDescription')}
        actions={
          <PermissionGate permission="create_category">
            <Button component={Link} to={paths.create} leftSection={<PlusIcon size={16} />}>
              {t('category.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          {scope.area === 'organization' ? (
            <Text size="sm" c="dimmed">
              {ts('platformHint')}
            </Text>
          ) : null}
          <ListToolbar>
            <ListSearch state={state} placeholder={t('category.searchPlaceholder')} />
          </ListToolbar>
          <DataList<Category>
            query={list}
            state={state}
            label={t('category.listTitle')}
            testId="category-table"
            minWidth={560}
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
              {
                accessor: 'slug',
                title: t('fields.slug'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (category) => (
                  <Text size="sm" ff="monospace">
                    {category.slug}
                  </Text>
                ),
              },
              { accessor: 'exam_count', title: t('category.examCount') },
            ]}
            rowActions={(category) => (
              <>
                <Button component={Link} to={paths.detail(category.id)} variant="subtle" size="compact-sm">
                  {t('common.view')}
                </Button>
                {isReadOnly(category) ? null : (
                  <PermissionGate permission="update_category">
                    <Button
                      component={Link}
                      to={paths.edit(category.id)}
                      variant="light"
                      size="compact-sm"
                      aria-label={t('common.editNamed', { name: category.name })}
                    >
                      {t('common.edit')}
                    </Button>
                    <ConfirmDeleteButton
                      name={category.name}
                      title={t('category.deleteTitle')}
                      confirmText={t('common.deleteConfirm', { name: category.name })}
                      onDelete={(done) => remove.mutate(category.id, { onSuccess: done })}
                      pending={remove.isPending}
                      error={remove.error}
                      reset={remove.reset}
                    />
                  </PermissionGate>
                )}
              </>
            )}
          />
        </Stack>
      </Card>
    </>
  );
}

function CategoryForm({ category }: { category?: CategoryDetail }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const paths = useCategoryPaths();
  const save = useSaveCategory(category?.id);
  const labels = { name: t('fields.name'), slug: t('fields.slug'), description: t('fields.description') };
  const form = useAppForm({
    initialValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      position: category?.position ?? 0,
    },
    rules: { name: ['required'] },
    labels,
  });
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={(values) =>
        save.mutateAsync({
          name: values.name,
          slug: values.slug.trim() || null,
          description: values.description || null,
          position: Number(values.position) || 0,
        })
      }
      savedMessage={(saved) => saved.name}
      onSaved={(saved) => void navigate(paths.detail(saved.id))}
      submitLabel={category ? t('common.saveChanges') : t('category.createSubmit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('fields.name')}
          withAsterisk
          {...form.getInputProps('name')}
          onBlur={(event) => {
            form.getInputProps('name').onBlur?.(event);
            if (!form.values.slug) form.setFieldValue('slug', slugify(event.currentTarget.value));
          }}
        />
        <TextInput
          label={t('fields.slug')}
          description={t('common.slugHint')}
          {...form.getInputProps('slug')}
        />
      </SimpleGrid>
      <Textarea label={t('fields.description')} autosize minRows={3} {...form.getInputProps('description')} />
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

export function CategoryCreatePage() {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  return (
    <>
      <title>{`${t('category.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.createTitle')}
        back={{ to: paths.list, label: t('category.listTitle') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <CategoryForm />
      </Card>
    </>
  );
}

export function CategoryEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const category = useCategory(id);
  return (
    <>
      <title>{`${t('category.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.editTitle')}
        back={{ to: paths.detail(id), label: category.data?.name ?? t('category.listTitle') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <QueryState query={category}>{(data) => <CategoryForm category={data} />}</QueryState>
      </Card>
    </>
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

/** The parts of one exam, with their actions (the admin's only: parts are the platform's). */
export function ExamPartsTable({ exam, categoryId }: { exam: Exam; categoryId: string }) {
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
          {
            accessor: 'name',
            title: t('format.columns.part'),
            render: (format) => (
              <>
                <Text fw={600} size="sm">
                  {format.name}
                </Text>
                {typeNames.name(format) ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {typeNames.name(format)}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            accessor: 'skill',
            title: t('fields.skill'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
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
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (format) => t(`audioPolicies.${format.audio_policy}`),
          },
          {
            accessor: 'score_section',
            title: t('fields.scoreSection'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (format) => (
              <Text size="sm" ff="monospace">
                {format.score_section}
              </Text>
            ),
          },
        ]}
        rowActions={
          paths.authorsExams
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

export function ExamCard({ exam, categoryId }: { exam: Exam; categoryId: string }) {
  const { t } = useTranslation('content');
  const paths = useCategoryPaths();
  const remove = useDeleteExam();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="exam-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            {paths.authorsExams ? (
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
          {paths.authorsExams ? (
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
        <ExamPartsTable exam={exam} categoryId={categoryId} />
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
    <>
      <title>{`${category.data?.name ?? t('category.listTitle')} · Prepwise`}</title>
      <PageHeader
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
              {paths.authorsExams ? (
                <PermissionGate permission="create_category">
                  <Button component={Link} to={paths.examCreate(id)} leftSection={<PlusIcon size={16} />}>
                    {t('exam.create')}
                  </Button>
                </PermissionGate>
              ) : null}
            </>
          )
        }
      />
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
              data.exams.map((exam) => <ExamCard key={exam.id} exam={exam} categoryId={id} />)
            )}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

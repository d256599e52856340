import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Category, type CategoryDetail, type Exam, slugify } from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import {
  ConfirmDeleteButton,
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
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import {
  PAGE_SIZE,
  useCategory,
  useCategoryList,
  useDeleteCategory,
  useDeleteExam,
  useDeleteFormat,
  useQuestionTypeOptions,
  useSaveCategory,
} from './api';

export const CATEGORY_PATH = '/admin/category';

/** /admin/category: exam families (TOEIC, IELTS …) with search and pages. */
export function CategoryListPage() {
  const { t } = useTranslation('content');
  const { page, get, update } = useListParams();
  const search = get('search');
  const list = useCategoryList({ page, search });
  const remove = useDeleteCategory();
  return (
    <>
      <title>{`${t('category.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.listTitle')}
        description={t('category.listDescription')}
        actions={
          <PermissionGate permission="create_category">
            <Button component={Link} to={`${CATEGORY_PATH}/create`} leftSection={<PlusIcon size={16} />}>
              {t('category.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SearchField
            value={search}
            onSearch={(value) => update({ search: value })}
            placeholder={t('category.searchPlaceholder')}
          />
          <QueryState query={list}>
            {(result) =>
              result.items.length === 0 ? (
                <EmptyState>{search ? t('common.noMatch') : t('category.none')}</EmptyState>
              ) : (
                <>
                  <ListTable
                    minWidth={560}
                    verticalSpacing="sm"
                    highlightOnHover
                    data-testid="category-table"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('fields.name')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.slug')}</Table.Th>
                        <Table.Th>{t('category.examCount')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.items.map((category: Category) => (
                        <Table.Tr key={category.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`${CATEGORY_PATH}/${category.id}`} fw={600}>
                              {category.name}
                            </Anchor>
                            {category.description ? (
                              <Text size="xs" c="dimmed" lineClamp={1}>
                                {category.description}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            <Text size="sm" ff="monospace">
                              {category.slug}
                            </Text>
                          </Table.Td>
                          <Table.Td>{category.exam_count}</Table.Td>
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button
                                component={Link}
                                to={`${CATEGORY_PATH}/${category.id}`}
                                variant="subtle"
                                size="compact-sm"
                              >
                                {t('common.view')}
                              </Button>
                              <PermissionGate permission="update_category">
                                <Button
                                  component={Link}
                                  to={`${CATEGORY_PATH}/${category.id}/edit`}
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
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </ListTable>
                  <ListFooter
                    total={result.total}
                    page={result.page}
                    pageSize={PAGE_SIZE}
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

function CategoryForm({ category }: { category?: CategoryDetail }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const save = useSaveCategory(category?.id);
  const form = useAppForm({
    initialValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      position: category?.position ?? 0,
    },
    rules: { name: ['required'] },
    labels: { name: t('fields.name'), slug: t('fields.slug'), description: t('fields.description') },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            name: values.name,
            slug: values.slug.trim() || null,
            description: values.description || null,
            position: Number(values.position) || 0,
          },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'teal', title: t('common.saved'), message: saved.name });
              void navigate(`${CATEGORY_PATH}/${saved.id}`);
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="md">
        {save.error ? (
          <FormErrorAlert error={save.error} shownFields={['name', 'slug', 'description', 'position']} />
        ) : null}
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
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label={t('fields.position')}
          min={0}
          max={10000}
          maw={200}
          {...form.getInputProps('position')}
        />
        <Group justify="flex-end">
          <SubmitButton loading={save.isPending}>
            {category ? t('common.saveChanges') : t('category.createSubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function CategoryCreatePage() {
  const { t } = useTranslation('content');
  return (
    <>
      <title>{`${t('category.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.createTitle')}
        back={{ to: CATEGORY_PATH, label: t('category.listTitle') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <CategoryForm />
      </Card>
    </>
  );
}

export function CategoryEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const category = useCategory(id);
  return (
    <>
      <title>{`${t('category.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('category.editTitle')}
        back={{ to: `${CATEGORY_PATH}/${id}`, label: category.data?.name ?? t('category.listTitle') }}
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

/** The parts of one exam, with their actions. */
export function ExamPartsTable({ exam, categoryId }: { exam: Exam; categoryId: string }) {
  const { t } = useTranslation('content');
  const types = useQuestionTypeOptions();
  const remove = useDeleteFormat();
  const typeName = (id: string) => types.data?.items.find((type) => type.id === id)?.name ?? '…';
  if (exam.formats.length === 0) return <EmptyState>{t('exam.noParts')}</EmptyState>;
  return (
    <ListTable minWidth={720} verticalSpacing="xs" data-testid={`parts-${exam.slug}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('format.columns.part')}</Table.Th>
          <Table.Th {...PHONE_HIDDEN}>{t('fields.skill')}</Table.Th>
          <Table.Th>{t('format.columns.questions')}</Table.Th>
          <Table.Th {...PHONE_HIDDEN}>{t('fields.audioPolicy')}</Table.Th>
          <Table.Th {...PHONE_HIDDEN}>{t('fields.scoreSection')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {exam.formats.map((format) => (
          <Table.Tr key={format.id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {format.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {format.allowed_question_type_ids.map(typeName).join(', ') || t('format.anyType')}
              </Text>
            </Table.Td>
            <Table.Td {...PHONE_HIDDEN}>
              <SkillBadge skill={format.skill} />
            </Table.Td>
            <Table.Td>
              {format.question_count}
              {format.time_limit_minutes ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('common.minutes', { count: format.time_limit_minutes })}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td {...PHONE_HIDDEN}>{t(`audioPolicies.${format.audio_policy}`)}</Table.Td>
            <Table.Td {...PHONE_HIDDEN}>
              <Text size="sm" ff="monospace">
                {format.score_section}
              </Text>
            </Table.Td>
            <Table.Td>
              <PermissionGate permission="update_part">
                <RowActions
                  id={format.id}
                  name={format.name}
                  editTo={`${CATEGORY_PATH}/${categoryId}/${exam.id}/${format.id}/edit`}
                  editLabel={t('common.editNamed', { name: format.name })}
                  deleteTitle={t('format.deleteTitle')}
                  deleteConfirm={t('common.deleteConfirm', { name: format.name })}
                  remove={remove}
                />
              </PermissionGate>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}

export function ExamCard({ exam, categoryId }: { exam: Exam; categoryId: string }) {
  const { t } = useTranslation('content');
  const remove = useDeleteExam();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="exam-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Anchor component={Link} to={`${CATEGORY_PATH}/${categoryId}/${exam.id}`} fw={700} size="lg">
              {exam.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('exam.summary', {
                parts: exam.formats.length,
                questions: exam.question_count,
              })}
              {exam.duration_minutes ? ` · ${t('common.minutes', { count: exam.duration_minutes })}` : ''}
            </Text>
          </div>
          <Group gap={4}>
            <PermissionGate permission="create_part">
              <Button
                component={Link}
                to={`${CATEGORY_PATH}/${categoryId}/${exam.id}/create`}
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
                to={`${CATEGORY_PATH}/${categoryId}/${exam.id}/edit`}
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
        </Group>
        <ExamPartsTable exam={exam} categoryId={categoryId} />
      </Stack>
    </Card>
  );
}

/** /admin/category/{categoryId}: the category's exams, each with its parts. */
export function CategoryDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const category = useCategory(id);
  return (
    <>
      <title>{`${category.data?.name ?? t('category.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={category.data?.name ?? t('category.listTitle')}
        description={category.data?.description ?? t('category.detailDescription')}
        back={{ to: CATEGORY_PATH, label: t('category.listTitle') }}
        actions={
          <>
            <PermissionGate permission="update_category">
              <Button component={Link} to={`${CATEGORY_PATH}/${id}/edit`} variant="default">
                {t('category.edit')}
              </Button>
            </PermissionGate>
            <PermissionGate permission="create_category">
              <Button
                component={Link}
                to={`${CATEGORY_PATH}/${id}/create`}
                leftSection={<PlusIcon size={16} />}
              >
                {t('exam.create')}
              </Button>
            </PermissionGate>
          </>
        }
      />
      <QueryState query={category}>
        {(data) =>
          data.exams.length === 0 ? (
            <EmptyState>{t('category.noExams')}</EmptyState>
          ) : (
            <Stack gap="lg">
              {data.exams.map((exam) => (
                <ExamCard key={exam.id} exam={exam} categoryId={id} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}

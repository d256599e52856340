import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { slugify, TEST_STATUSES, type TestDetail } from '@prepwise/contract';
import { Link, useNavigate } from 'react-router';
import {
  EmptyState,
  FormErrorAlert,
  ListFooter,
  ListTable,
  PHONE_HIDDEN,
  PHONE_ONLY,
  QueryState,
  SearchField,
  useListParams,
} from '../../components/admin-ui';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { formatDateTime } from '../../lib/format';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useExamOptions, useLevelOptions } from '../exam-structure';
import { RichTextEditor } from '../pages';
import { TEST_PAGE_SIZE, useSaveTest, useTest, useTestList } from './api';
import { TestStatusBadge } from './status-badge';

export const TEST_PATH = '/admin/test';

/** /admin/test: tests with exam, status and search filters. */
export function TestListPage() {
  const { t, i18n } = useTranslation('content');
  const { page, get, update } = useListParams();
  const exams = useExamOptions();
  const list = useTestList({ page, search: get('search'), exam_id: get('exam'), status: get('status') });
  return (
    <>
      <title>{`${t('test.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('test.listTitle')}
        description={t('test.listDescription')}
        actions={
          <PermissionGate permission="create_test">
            <Button component={Link} to={`${TEST_PATH}/create`} leftSection={<PlusIcon size={16} />}>
              {t('test.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchField value={get('search')} onSearch={(value) => update({ search: value })} />
            <Select
              label={t('fields.exam')}
              placeholder={t('common.allExams')}
              data={(exams.data ?? []).map((exam) => ({
                value: exam.id,
                label: `${exam.category_name} · ${exam.name}`,
              }))}
              value={get('exam') ?? null}
              onChange={(value) => update({ exam: value })}
              clearable
              searchable
              style={{ flex: '0 1 18rem' }}
            />
            <Select
              label={t('fields.status')}
              placeholder={t('common.all')}
              data={TEST_STATUSES.map((status) => ({ value: status, label: t(`test.status.${status}`) }))}
              value={get('status') ?? null}
              onChange={(value) => update({ status: value })}
              clearable
              style={{ flex: '0 1 12rem' }}
            />
          </Group>
          <QueryState query={list}>
            {(result) =>
              result.items.length === 0 ? (
                <EmptyState>{t('common.none')}</EmptyState>
              ) : (
                <>
                  <ListTable minWidth={760} verticalSpacing="sm" highlightOnHover data-testid="test-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('fields.title')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.exam')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('fields.status')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('test.questions')}</Table.Th>
                        <Table.Th {...PHONE_HIDDEN}>{t('test.updated')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.items.map((test) => (
                        <Table.Tr key={test.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`${TEST_PATH}/${test.id}/detail`} fw={600}>
                              {test.title}
                            </Anchor>
                            <Text size="xs" c="dimmed">
                              {t(`test.access.${test.access}`)} ·{' '}
                              {t('common.minutes', { count: test.duration_minutes })}
                            </Text>
                            <Box {...PHONE_ONLY} mt={4}>
                              <TestStatusBadge status={test.status} />
                            </Box>
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>{test.exam.name}</Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            <TestStatusBadge status={test.status} />
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            {test.question_count}/{test.required_count}
                          </Table.Td>
                          <Table.Td {...PHONE_HIDDEN}>
                            <Text size="sm">{formatDateTime(test.updated_at, i18n.language)}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button
                                component={Link}
                                to={`${TEST_PATH}/${test.id}/detail`}
                                variant="subtle"
                                size="compact-sm"
                              >
                                {t('common.view')}
                              </Button>
                              <PermissionGate permission="update_test">
                                <Button
                                  component={Link}
                                  to={`${TEST_PATH}/${test.id}/edit`}
                                  variant="light"
                                  size="compact-sm"
                                >
                                  {t('common.edit')}
                                </Button>
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
                    pageSize={TEST_PAGE_SIZE}
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

function TestForm({ test }: { test?: TestDetail }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
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
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            exam_id: values.exam_id ?? '',
            level_id: values.level_id,
            title: values.title,
            slug: values.slug.trim() || null,
            description: values.description || null,
            duration_minutes: Number(values.duration_minutes),
            access: values.access,
            attempts_allowed: values.attempts_allowed === '' ? null : Number(values.attempts_allowed),
            answer_visibility: values.answer_visibility,
          },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'teal', title: t('common.saved'), message: saved.title });
              void navigate(`${TEST_PATH}/${saved.id}/detail`);
            },
            onError: (error) => form.applyServerErrors(error),
          },
        ),
      )}
    >
      <Stack gap="md">
        {save.error ? <FormErrorAlert error={save.error} shownFields={Object.keys(form.values)} /> : null}
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
          <TextInput
            label={t('fields.title')}
            withAsterisk
            {...form.getInputProps('title')}
            onBlur={(event) => {
              form.getInputProps('title').onBlur?.(event);
              if (!form.values.slug) form.setFieldValue('slug', slugify(event.currentTarget.value, 120));
            }}
          />
          <TextInput
            label={t('fields.slug')}
            description={t('common.slugHint')}
            {...form.getInputProps('slug')}
          />
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
          <Select
            label={t('fields.access')}
            data={(['free', 'pack'] as const).map((value) => ({ value, label: t(`test.access.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('access')}
          />
          <NumberInput
            label={t('fields.attempts')}
            description={t('test.attemptsHint')}
            min={1}
            max={100}
            {...form.getInputProps('attempts_allowed')}
          />
          <Select
            label={t('fields.answerVisibility')}
            data={(['after_submit', 'never'] as const).map((value) => ({
              value,
              label: t(`test.visibility.${value}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('answer_visibility')}
          />
        </SimpleGrid>
        <RichTextEditor
          label={t('fields.description')}
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description}
        />
        <Group justify="flex-end">
          <SubmitButton loading={save.isPending}>
            {test ? t('common.saveChanges') : t('test.createSubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function TestCreatePage() {
  const { t } = useTranslation('content');
  return (
    <>
      <title>{`${t('test.createTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('test.createTitle')}
        description={t('test.createDescription')}
        back={{ to: TEST_PATH, label: t('test.listTitle') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={860}>
        <TestForm />
      </Card>
    </>
  );
}

export function TestEditPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const test = useTest(id);
  return (
    <>
      <title>{`${t('test.editTitle')} · Prepwise`}</title>
      <PageHeader
        title={t('test.editTitle')}
        back={{ to: `${TEST_PATH}/${id}/detail`, label: test.data?.title ?? t('test.listTitle') }}
      />
      <Card withBorder radius="lg" padding="lg" maw={860}>
        <QueryState query={test}>{(data) => <TestForm test={data} />}</QueryState>
      </Card>
    </>
  );
}

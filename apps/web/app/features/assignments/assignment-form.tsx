import {
  Button,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ANSWERS_SHOWN, type AnswersShown, type Assignment } from '@prepwise/contract';
import { useState } from 'react';
import { FormShell } from '../../components/back-office/form-shell';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useClassOptions, useStudentList } from '../students';
import { useSaveAssignment } from './api';

type AssignmentValues = {
  class_ids: string[];
  student_ids: string[];
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (datetime-local inputs). */
  opens_at: string;
  closes_at: string;
  attempts_allowed: number | string;
  time_limit_minutes: number | string;
  answers_shown: AnswersShown;
  /** Empty: no code. */
  access_code: string;
  /** One IPv4/IPv6 address or CIDR a line (commas also separate). */
  allowed_ip_ranges: string;
  single_device: boolean;
  shuffle_questions: boolean;
  shuffle_options: boolean;
};

const rangesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((range) => range.trim())
    .filter(Boolean);

function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : value);

function initialValues(assignment?: Assignment): AssignmentValues {
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    class_ids: assignment?.classes.map((entry) => entry.id) ?? [],
    student_ids: assignment?.students.map((entry) => entry.id) ?? [],
    opens_at: toLocalInput(assignment ? new Date(assignment.opens_at) : now),
    closes_at: toLocalInput(
      assignment ? new Date(assignment.closes_at) : new Date(now.getTime() + 7 * 86_400_000),
    ),
    attempts_allowed: assignment?.attempts_allowed ?? 1,
    time_limit_minutes: assignment?.time_limit_minutes ?? '',
    answers_shown: assignment?.answers_shown ?? 'after_close',
    access_code: assignment?.access_code ?? '',
    allowed_ip_ranges: (assignment?.allowed_ip_ranges ?? []).join('\n'),
    single_device: assignment?.single_device ?? false,
    shuffle_questions: assignment?.shuffle_questions ?? false,
    shuffle_options: assignment?.shuffle_options ?? false,
  };
}

/** Creates or edits an assignment of the test: targets, window, attempts, time limit, answer policy. */
export function AssignmentFormModal({
  testId,
  durationMinutes,
  assignment,
  opened,
  onClose,
}: {
  testId: string;
  durationMinutes: number;
  assignment?: Assignment;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('assignments');
  const save = useSaveAssignment(testId, assignment?.id);
  const classes = useClassOptions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const students = useStudentList({ page: 1, search: debounced || undefined, status: 'active' });
  // The chosen students stay in the options while the search shows others.
  const [known, setKnown] = useState(
    () => new Map((assignment?.students ?? []).map((entry) => [entry.id, `${entry.name} · ${entry.email}`])),
  );
  for (const student of students.data?.items ?? [])
    if (!known.has(student.id)) known.set(student.id, `${student.full_name} · ${student.email}`);
  const labels = {
    class_ids: t('form.classes'),
    student_ids: t('form.students'),
    opens_at: t('form.opensAt'),
    closes_at: t('form.closesAt'),
    attempts_allowed: t('form.attemptsAllowed'),
    time_limit_minutes: t('form.timeLimit'),
    answers_shown: t('form.answersShown'),
    access_code: t('form.accessCode'),
    allowed_ip_ranges: t('form.ipRanges'),
    single_device: t('form.singleDevice'),
    shuffle_questions: t('form.shuffleQuestions'),
    shuffle_options: t('form.shuffleOptions'),
  };
  const form = useAppForm<AssignmentValues>({
    initialValues: initialValues(assignment),
    rules: {
      opens_at: ['required'],
      closes_at: ['required'],
      attempts_allowed: ['required'],
    },
    labels,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={assignment ? t('form.editTitle') : t('form.createTitle')}
    >
      <FormShell
        form={form}
        testId="assignment-form"
        submitLabel={assignment ? t('form.save') : t('form.assign')}
        onSubmit={(values) =>
          save.mutateAsync({
            class_ids: values.class_ids,
            student_ids: values.student_ids,
            opens_at: fromLocalInput(values.opens_at),
            closes_at: fromLocalInput(values.closes_at),
            attempts_allowed: Number(values.attempts_allowed),
            time_limit_minutes: values.time_limit_minutes === '' ? null : Number(values.time_limit_minutes),
            answers_shown: values.answers_shown,
            access_code: values.access_code.trim() || null,
            allowed_ip_ranges: rangesOf(values.allowed_ip_ranges),
            single_device: values.single_device,
            shuffle_questions: values.shuffle_questions,
            shuffle_options: values.shuffle_options,
          })
        }
        savedMessage={() => (assignment ? t('form.savedEdit') : t('form.savedCreate'))}
        onSaved={() => {
          form.resetDirty();
          onClose();
        }}
        actions={
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
        }
      >
        <Stack gap="md">
          <MultiSelect
            label={labels.class_ids}
            description={t('form.targetsHint')}
            data={(classes.data?.items ?? [])
              .filter((entry) => !entry.archived || form.values.class_ids.includes(entry.id))
              .map((entry) => ({
                value: entry.id,
                label: t('form.classOption', { name: entry.name, count: entry.student_count }),
              }))}
            searchable
            clearable
            {...form.getInputProps('class_ids')}
          />
          <MultiSelect
            label={labels.student_ids}
            data={[...known].map(([value, label]) => ({ value, label }))}
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('form.noStudent')}
            {...form.getInputProps('student_ids')}
            onChange={(value) => {
              form.setFieldValue('student_ids', value);
              setKnown(new Map(known));
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={labels.opens_at}
              withAsterisk
              {...form.getInputProps('opens_at')}
            />
            <TextInput
              type="datetime-local"
              label={labels.closes_at}
              withAsterisk
              {...form.getInputProps('closes_at')}
            />
            <NumberInput
              label={labels.attempts_allowed}
              withAsterisk
              min={1}
              max={20}
              allowDecimal={false}
              {...form.getInputProps('attempts_allowed')}
            />
            <NumberInput
              label={labels.time_limit_minutes}
              description={t('form.timeLimitHint', { count: durationMinutes })}
              placeholder={String(durationMinutes)}
              min={1}
              max={600}
              allowDecimal={false}
              {...form.getInputProps('time_limit_minutes')}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id="answers-shown-label">
              {labels.answers_shown}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="answers-shown-label"
              data={ANSWERS_SHOWN.map((value) => ({ value, label: t(`answersShown.${value}`) }))}
              {...form.getInputProps('answers_shown')}
            />
          </div>
          <Title order={3} size="h5" mt="xs">
            {t('form.deliveryTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={labels.access_code}
              description={t('form.accessCodeHint')}
              maxLength={32}
              autoComplete="off"
              data-testid="assignment-access-code"
              {...form.getInputProps('access_code')}
            />
            <Textarea
              label={labels.allowed_ip_ranges}
              description={t('form.ipRangesHint')}
              placeholder={'203.0.113.0/24\n2001:db8::/32'}
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('allowed_ip_ranges')}
            />
          </SimpleGrid>
          <Switch
            label={labels.single_device}
            description={t('form.singleDeviceHint')}
            {...form.getInputProps('single_device', { type: 'checkbox' })}
          />
          <Switch
            label={labels.shuffle_questions}
            description={t('form.shuffleQuestionsHint')}
            {...form.getInputProps('shuffle_questions', { type: 'checkbox' })}
          />
          <Switch
            label={labels.shuffle_options}
            description={t('form.shuffleOptionsHint')}
            {...form.getInputProps('shuffle_options', { type: 'checkbox' })}
          />
        </Stack>
      </FormShell>
    </Modal>
  );
}

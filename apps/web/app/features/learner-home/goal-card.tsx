import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { GOAL_SCALES, type GoalExam, type LearnerGoal, type LearnerGoalBody } from '@prepwise/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { SubmitButton } from '../../components/submit-button';
import { apiClient } from '../../lib/api-client';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore } from '../practice';
import { formatDay } from './format';

interface GoalValues {
  exam: GoalExam;
  target_score: number | string;
  exam_date: string;
  [key: string]: unknown;
}

const valuesOf = (goal: LearnerGoal): GoalValues => ({
  exam: goal.exam ?? 'toeic',
  target_score: goal.target_score ?? '',
  exam_date: goal.exam_date ?? '',
});

const examLabel = (exam: GoalExam) => (exam === 'ielts' ? 'IELTS' : 'TOEIC');

/** The learner's exam, target score and exam date, with the days left; edited in place. */
export function GoalCard({ goal }: { goal: LearnerGoal }) {
  const { t, i18n } = useTranslation('dashboard');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const revalidator = useRevalidator();
  const form = useAppForm<GoalValues>({
    initialValues: valuesOf(goal),
    labels: {
      exam: t('goal.exam'),
      target_score: t('goal.targetScore'),
      exam_date: t('goal.examDate'),
    },
  });
  const scale = GOAL_SCALES[form.values.exam];
  const isSet = goal.target_score !== null || goal.exam_date !== null;

  const save = async (values: GoalValues) => {
    setSaving(true);
    setError(null);
    const body: LearnerGoalBody = {
      exam: values.exam,
      target_score: values.target_score === '' ? null : Number(values.target_score),
      exam_date: values.exam_date === '' ? null : values.exam_date,
    };
    try {
      const saved = await apiClient.put('/user/dashboard/goal', { body });
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({ color: 'teal', message: t('goal.saved') });
      setEditing(false);
      await revalidator.revalidate();
    } catch (failure) {
      if (!form.applyServerErrors(failure)) setError(failure);
      else if (!isFieldValidationError(failure)) setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="goal-title"
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4" id="goal-title">
          {t('goal.title')}
        </Title>
        {!editing ? (
          <Button size="compact-sm" variant="light" onClick={() => setEditing(true)} data-testid="goal-edit">
            {isSet ? t('goal.edit') : t('goal.set')}
          </Button>
        ) : null}
      </Group>
      {editing ? (
        <form noValidate onSubmit={form.onSubmit(save)} data-testid="goal-form">
          <Stack gap="sm">
            {error ? <ApiErrorAlert error={error} /> : null}
            <div>
              <Text size="sm" fw={500} mb={4} id="goal-exam-label">
                {t('goal.exam')}
              </Text>
              <SegmentedControl
                aria-labelledby="goal-exam-label"
                data={[
                  { value: 'toeic', label: t('goal.examToeic') },
                  { value: 'ielts', label: t('goal.examIelts') },
                ]}
                {...form.getInputProps('exam')}
              />
            </div>
            <NumberInput
              label={t('goal.targetScore')}
              description={
                form.values.exam === 'ielts' ? t('goal.targetHintIelts') : t('goal.targetHintToeic')
              }
              min={scale.min}
              max={scale.max}
              step={scale.step}
              decimalScale={form.values.exam === 'ielts' ? 1 : 0}
              allowNegative={false}
              {...form.getInputProps('target_score')}
            />
            <TextInput label={t('goal.examDate')} type="date" {...form.getInputProps('exam_date')} />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setError(null);
                  setEditing(false);
                }}
              >
                {t('goal.cancel')}
              </Button>
              <SubmitButton loading={saving}>{t('goal.save')}</SubmitButton>
            </Group>
          </Stack>
        </form>
      ) : isSet ? (
        <Stack gap={6} data-testid="goal-summary">
          <Text fw={700} size="xl">
            {goal.target_score !== null && goal.exam
              ? t('goal.target', { exam: examLabel(goal.exam), score: formatScore(goal.target_score) })
              : t('goal.noTarget')}
          </Text>
          <Text c="dimmed">
            {goal.exam_date
              ? t('goal.date', { date: formatDay(goal.exam_date, i18n.language) })
              : t('goal.noDate')}
          </Text>
          {goal.days_left !== null ? (
            <Badge
              size="lg"
              variant="light"
              color={goal.days_left < 0 ? 'gray' : 'violet-purple'}
              w="fit-content"
            >
              {goal.days_left > 0
                ? t('goal.daysLeft', { count: goal.days_left })
                : goal.days_left === 0
                  ? t('goal.today')
                  : t('goal.passed')}
            </Badge>
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t('goal.empty')}
        </Text>
      )}
    </Paper>
  );
}

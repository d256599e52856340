import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ESSAY_CRITERIA, ESSAY_CRITERION_MAX, type ReviewQuestion } from '@prepwise/contract';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { formatScore } from '../practice';
import { useMarkEssay } from './api';

/**
 * A teacher marks one essay of a student's attempt (issue 15): a score per criterion, 0–10 in steps of
 * 0.5, and a comment for the student. Saving grades the attempt again; marking again replaces the mark.
 */
export function EssayMarkForm({
  testId,
  attemptId,
  question,
}: {
  testId: string;
  attemptId: string;
  question: ReviewQuestion;
}) {
  const { t, i18n } = useTranslation('practice');
  const mark = useMarkEssay(testId, attemptId);
  const current = question.teacher_mark;
  const labels: Record<string, string> = Object.fromEntries(
    ESSAY_CRITERIA.map((criterion) => [`criteria.${criterion}`, t(`review.mark.criteria.${criterion}`)]),
  );
  labels.comment = t('marking.comment');
  const form = useAppForm({
    initialValues: {
      criteria: Object.fromEntries(
        ESSAY_CRITERIA.map((criterion) => [criterion, current?.criteria[criterion] ?? ('' as number | '')]),
      ) as Record<(typeof ESSAY_CRITERIA)[number], number | ''>,
      comment: current?.comment ?? '',
    },
    rules: Object.fromEntries(ESSAY_CRITERIA.map((criterion) => [`criteria.${criterion}`, ['required']])),
    labels,
  });
  const scores = ESSAY_CRITERIA.map((criterion) => form.values.criteria[criterion]);
  const complete = scores.every((score) => typeof score === 'number');
  const mean = complete ? (scores as number[]).reduce((sum, score) => sum + score, 0) / scores.length : null;

  return (
    <Card withBorder p="sm" data-testid="essay-mark-form">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          mark.mutate(
            {
              questionId: question.id,
              body: {
                criteria: values.criteria as Record<(typeof ESSAY_CRITERIA)[number], number>,
                comment: values.comment,
              },
            },
            {
              onSuccess: () => notifications.show({ color: 'teal', message: t('marking.saved') }),
              onError: (error) => form.applyServerErrors(error),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <div>
            <Title order={4} size="h5">
              {t('marking.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('marking.criteriaHint')}
            </Text>
          </div>
          {mark.error && !isFieldValidationError(mark.error) ? <ApiErrorAlert error={mark.error} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ESSAY_CRITERIA.map((criterion) => (
              <NumberInput
                key={criterion}
                label={labels[`criteria.${criterion}`]}
                min={0}
                max={ESSAY_CRITERION_MAX}
                step={0.5}
                decimalScale={1}
                decimalSeparator={i18n.language === 'vi' ? ',' : '.'}
                required
                {...form.getInputProps(`criteria.${criterion}`)}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label={labels.comment}
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('comment')}
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="essay-mark-summary">
              {current
                ? t('marking.marked', {
                    score: formatScore(current.score),
                    max: ESSAY_CRITERION_MAX,
                    name: current.marked_by ?? '—',
                  })
                : mean !== null
                  ? t('marking.average', { score: formatScore(mean), max: ESSAY_CRITERION_MAX })
                  : ''}
            </Text>
            <Button type="submit" loading={mark.isPending}>
              {t('marking.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { Alert, Badge, Button, Card, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import {
  type AnswerMarking,
  type InlineComment,
  type ReviewQuestion,
  type Rubric,
  rubricOf,
  type SelfAssessment,
} from '@prepwise/contract';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { looseT } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n-react';
import { formatScore } from '../format';
import { DraftFeedback } from './draft-feedback';

/*
 * The learner's side of marking a written or spoken answer (issue 28): where it stands, who marks it, the
 * machine's draft (labelled a draft), the teacher's inline comments once marked, and — for a learner with
 * no teacher — a self-assessment on the public band descriptors, shown beside the draft.
 */

const STATUS_COLORS: Record<AnswerMarking['status'], string> = {
  waiting: 'blue',
  draft_ready: 'gray',
  marked: 'violet',
};

/** The descriptor summary shown for a band: its level of the Prepwise summaries (9–8, 7, 6, 5, 4–0). */
export function descriptorLevel(band: number): string {
  if (band >= 8) return '8';
  if (band >= 7) return '7';
  if (band >= 6) return '6';
  if (band >= 5) return '5';
  return '4';
}

/** The bands a learner may pick for a criterion: the rubric's scale in half bands, highest first. */
export function selfBands(rubric: Rubric): number[] {
  const step = Math.min(rubric.step, 0.5);
  const bands: number[] = [];
  for (let band = rubric.max; band >= rubric.min - 1e-9; band -= step) bands.push(Math.round(band * 2) / 2);
  return bands;
}

/** Saves the learner's self-assessment of one answer; answers what the server stored. */
async function saveSelfAssessment(
  attemptId: string,
  questionId: string,
  criteria: Record<string, number>,
): Promise<SelfAssessment> {
  return apiClient.put('/user/attempts/{id}/questions/{questionId}/self-assessment', {
    path: { id: attemptId, questionId },
    body: { criteria },
  });
}

function SelfAssessmentForm({
  attemptId,
  questionId,
  marking,
}: {
  attemptId: string;
  questionId: string;
  marking: AnswerMarking;
}) {
  const { t } = useTranslation('practice');
  const tt = looseT(t);
  const rubric = rubricOf(marking.rubric);
  const [saved, setSaved] = useState<SelfAssessment | null>(marking.self_assessment);
  const [bands, setBands] = useState<Record<string, number | undefined>>(
    () => marking.self_assessment?.criteria ?? {},
  );
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle');
  const complete = rubric.criteria.every((criterion) => typeof bands[criterion] === 'number');
  const options = selfBands(rubric).map((band) => ({ value: String(band), label: formatScore(band) }));
  const ielts = rubric.id !== 'generic';

  const submit = async () => {
    setState('saving');
    try {
      const stored = await saveSelfAssessment(
        attemptId,
        questionId,
        Object.fromEntries(rubric.criteria.map((criterion) => [criterion, bands[criterion]!])),
      );
      setSaved(stored);
      setState('idle');
    } catch {
      setState('error');
    }
  };

  return (
    <Card withBorder p="sm" data-testid="self-assessment" aria-labelledby={`self-${questionId}`}>
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Badge color="grape.9" variant="filled" id={`self-${questionId}`}>
              {t('selfAssessment.label')}
            </Badge>
            {saved?.overall !== null && saved?.overall !== undefined ? (
              <Text size="sm" data-testid="self-overall">
                {t('selfAssessment.overall', { score: formatScore(saved.overall), max: rubric.max })}
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('selfAssessment.intro')}
          </Text>
        </div>
        {rubric.criteria.map((criterion) => {
          const band = bands[criterion];
          const label = tt(`review.mark.criteria.${criterion}`);
          return (
            <div key={criterion}>
              <Select
                label={label}
                placeholder={t('selfAssessment.pick')}
                data={options}
                value={band === undefined ? null : String(band)}
                onChange={(value) =>
                  setBands((current) => ({
                    ...current,
                    [criterion]: value === null ? undefined : Number(value),
                  }))
                }
                allowDeselect={false}
                maw={220}
                data-testid={`self-band-${criterion}`}
              />
              {band !== undefined && ielts ? (
                <Text size="sm" mt={4} data-testid={`self-descriptor-${criterion}`}>
                  {tt(`selfAssessment.descriptors.${criterion}.${descriptorLevel(band)}`)}
                </Text>
              ) : null}
            </div>
          );
        })}
        {state === 'error' ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {t('selfAssessment.failed')}
          </Alert>
        ) : null}
        <Group>
          <Button size="sm" onClick={submit} disabled={!complete} loading={state === 'saving'}>
            {saved ? t('selfAssessment.update') : t('selfAssessment.save')}
          </Button>
          {saved ? (
            <Text size="xs" c="dimmed" role="status">
              {t('selfAssessment.saved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** The teacher's comments anchored to the text, each with the words it is about. */
export function InlineComments({ text, comments }: { text: string; comments: readonly InlineComment[] }) {
  const { t } = useTranslation('practice');
  if (comments.length === 0) return null;
  return (
    <div data-testid="teacher-inline-comments">
      <Title order={4} size="h6">
        {t('answerMarking.inlineComments', { count: comments.length })}
      </Title>
      <List size="sm" spacing={4} mt={4}>
        {comments.map((comment) => (
          <List.Item key={`${comment.start}-${comment.end}`}>
            <Text span fs="italic">
              “{text.slice(comment.start, comment.end)}”
            </Text>{' '}
            — {comment.text}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** Where a written or spoken answer's marking stands, who marks it, the draft and the self-assessment. */
export function AnswerMarkingPanel({
  attemptId,
  question,
  marking,
}: {
  attemptId: string | null;
  question: ReviewQuestion;
  marking: AnswerMarking;
}) {
  const { t } = useTranslation('practice');
  const marked = marking.status === 'marked';
  return (
    <Stack gap="xs" data-testid="answer-marking" data-status={marking.status}>
      <Group gap="xs">
        <Badge color={STATUS_COLORS[marking.status]} variant="light" data-testid="marking-status">
          {t(`answerMarking.status.${marking.status}`)}
        </Badge>
        {marking.marker === 'centre' ? (
          <Text size="sm" data-testid="marking-by">
            {marked && question.teacher_mark?.marked_by
              ? t('answerMarking.byTeacher', {
                  name: question.teacher_mark.marked_by,
                  centre: marking.centre_name ?? '',
                })
              : t('answerMarking.byCentre', { centre: marking.centre_name ?? '' })}
          </Text>
        ) : null}
      </Group>
      {marking.marker === 'none' && !marked ? (
        <Alert variant="light" color="yellow" p="xs" data-testid="no-teacher">
          {t('answerMarking.noTeacher')}
        </Alert>
      ) : null}
      {marking.draft ? (
        <DraftFeedback
          note={t('answerMarking.draftNote')}
          draft={{
            kind: 'draft',
            rubric: marking.rubric,
            criteria: marking.draft.criteria,
            overall: marking.draft.overall,
            comment: '',
            comments: [],
            feedback: marking.draft.feedback,
            marked_by: null,
            marked_at: marking.draft.drafted_at,
          }}
        />
      ) : !marked ? (
        <Text size="sm" c="dimmed" data-testid="draft-waiting">
          {t('answerMarking.draftWaiting')}
        </Text>
      ) : null}
      {attemptId && marking.marker === 'none' && !marked ? (
        <SelfAssessmentForm attemptId={attemptId} questionId={question.id} marking={marking} />
      ) : null}
    </Stack>
  );
}

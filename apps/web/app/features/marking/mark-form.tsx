import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type InlineComment, type MarkingDetail, overallScore, rubricOf } from '@prepwise/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { EssayWithIssues, formatScore } from '../practice';
import { useSaveMark } from './api';

/** The character offset of a DOM point inside `root`'s text. */
function offsetIn(root: HTMLElement, node: Node, offset: number) {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * A teacher's mark of one answer on its rubric (issue 28): a band per criterion (IELTS: whole bands 0–9;
 * the generic rubric 0–10 in steps of 0.5), the overall score computed live by the contract's own rule
 * (IELTS half-band rounding), a comment, and comments anchored to a selected passage of the essay.
 */
/** The spoken answer's recording, played from the scope's marking API (the session cookie authorises it). */
function RecordingPlayer({ detail }: { detail: MarkingDetail }) {
  const { t } = useTranslation('practice');
  const scope = useBackOfficeScope();
  const seconds = Math.round((detail.recording?.duration_ms ?? 0) / 1000);
  return (
    <Paper withBorder p="sm" data-testid="marking-recording">
      <Group justify="space-between" mb={4}>
        <Text fw={600} id="marking-recording-label">
          {t('markingQueue.recording')}
        </Text>
        {detail.recording?.duration_ms ? (
          <Badge variant="light">
            {t('markingQueue.recordingLength', {
              minutes: Math.floor(seconds / 60),
              seconds: String(seconds % 60).padStart(2, '0'),
            })}
          </Badge>
        ) : null}
      </Group>
      {/* biome-ignore lint/a11y/useMediaCaption: a learner's own spoken answer has no captions; the teacher marks what is heard */}
      <audio
        controls
        preload="metadata"
        aria-labelledby="marking-recording-label"
        src={`/api${scope.api(`/marking/${detail.attempt_id}/${detail.question_id}/audio`)}`}
        style={{ width: '100%' }}
      />
      <Transcript transcript={detail.recording?.transcript ?? null} />
    </Paper>
  );
}

type TranscriptOf = NonNullable<MarkingDetail['recording']>['transcript'];

/** The machine transcript under the recording, labelled as the machine's; its state while there is none. */
function Transcript({ transcript }: { transcript: TranscriptOf }) {
  const { t } = useTranslation('practice');
  if (transcript?.status === 'done' && transcript.text !== null)
    return (
      <Stack gap={4} mt="xs" data-testid="marking-transcript">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('markingQueue.transcript.title')}
          </Text>
          <Badge variant="outline" color="gray">
            {t(`markingQueue.transcript.source.${transcript.source ?? 'offline'}`)}
          </Badge>
        </Group>
        <Text size="sm" fs="italic">
          {transcript.text.trim() ? transcript.text : t('markingQueue.transcript.empty')}
        </Text>
      </Stack>
    );
  return (
    <Text size="sm" c="dimmed" mt="xs" data-testid="marking-transcript">
      {t(`markingQueue.transcript.status.${transcript?.status ?? 'pending'}`)}
    </Text>
  );
}

export function MarkForm({ detail, onSaved }: { detail: MarkingDetail; onSaved?: () => void }) {
  const { t, i18n } = useTranslation('practice');
  const rubric = rubricOf(detail.rubric);
  const save = useSaveMark(detail.attempt_id, detail.question_id);
  const current = detail.final;
  const labelOf = (criterion: string) =>
    t(`review.mark.criteria.${criterion}` as 'review.mark.criteria.task');
  const labels: Record<string, string> = Object.fromEntries(
    rubric.criteria.map((criterion) => [`criteria.${criterion}`, labelOf(criterion)]),
  );
  labels.comment = t('marking.comment');
  const form = useAppForm({
    initialValues: {
      criteria: Object.fromEntries(
        rubric.criteria.map((criterion) => [criterion, current?.criteria[criterion] ?? ('' as number | '')]),
      ) as Record<string, number | ''>,
      comment: current?.comment ?? '',
    },
    rules: Object.fromEntries(rubric.criteria.map((criterion) => [`criteria.${criterion}`, ['required']])),
    labels,
  });
  const [comments, setComments] = useState<InlineComment[]>(current?.comments ?? []);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [note, setNote] = useState('');
  const essay = useRef<HTMLDivElement>(null);
  /** The inline comments as last saved: a comment added or removed since is unsaved work too. */
  const savedComments = useRef(JSON.stringify(current?.comments ?? []));
  const guard = useUnsavedChangesGuard(
    () => form.isDirty() || JSON.stringify(comments) !== savedComments.current || note.trim() !== '',
  );

  const filled = Object.fromEntries(
    Object.entries(form.values.criteria).filter(([, value]) => typeof value === 'number'),
  ) as Record<string, number>;
  const overall = overallScore(rubric, filled);
  const bands = Array.from({ length: rubric.max - rubric.min + 1 }, (_, index) => String(rubric.min + index));

  // A passage selected in the essay (by mouse, keyboard or touch) is what the next comment is on; a
  // selection elsewhere on the page (typing the comment) keeps the last one.
  useEffect(() => {
    const readSelection = () => {
      const chosen = window.getSelection();
      const root = essay.current;
      if (!chosen || chosen.rangeCount === 0 || !root || chosen.isCollapsed) return;
      const range = chosen.getRangeAt(0);
      if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return;
      const start = offsetIn(root, range.startContainer, range.startOffset);
      const end = offsetIn(root, range.endContainer, range.endOffset);
      if (end > start) setSelection({ start, end });
    };
    document.addEventListener('selectionchange', readSelection);
    return () => document.removeEventListener('selectionchange', readSelection);
  }, []);

  return (
    <Stack gap="md">
      {detail.recording ? <RecordingPlayer detail={detail} /> : null}
      <Paper withBorder p="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600}>{t('markingQueue.answer')}</Text>
          <Badge variant="light">{t('markingQueue.words', { count: detail.word_count })}</Badge>
        </Group>
        <div ref={essay} data-testid="marking-essay" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>
          <EssayWithIssues text={detail.text} issues={detail.draft?.feedback?.issues ?? []} />
        </div>
      </Paper>
      <Card withBorder p="sm">
        <Stack gap="xs">
          <Text fw={600}>{t('markingQueue.inlineTitle')}</Text>
          {selection ? (
            <Group align="flex-end" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={t('markingQueue.inlineOn', {
                  passage: detail.text.slice(selection.start, selection.end).slice(0, 80),
                })}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
              />
              <Button
                variant="light"
                disabled={!note.trim()}
                onClick={() => {
                  setComments((list) => [...list, { ...selection, text: note.trim() }]);
                  setNote('');
                  setSelection(null);
                }}
              >
                {t('markingQueue.inlineAdd')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('markingQueue.inlineHint')}
            </Text>
          )}
          {comments.map((comment, index) => (
            <Group
              key={`${comment.start}-${comment.end}-${comment.text}`}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
            >
              <Text size="sm" style={{ flex: 1 }}>
                <Text span fs="italic">
                  “{detail.text.slice(comment.start, comment.end)}”
                </Text>{' '}
                — {comment.text}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('markingQueue.inlineRemove')}
                onClick={() => setComments((list) => list.filter((_, at) => at !== index))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder p="sm" data-testid="mark-form">
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            // mutateAsync, not mutate's callbacks: those are dropped when the refetch that follows a
            // save remounts this form, and the teacher would not be told the mark was saved.
            save
              .mutateAsync({
                criteria: values.criteria as Record<string, number>,
                comment: values.comment,
                comments,
              })
              .then(
                () => {
                  form.resetDirty(values);
                  savedComments.current = JSON.stringify(comments);
                  guard.allowLeave();
                  notifications.show({ color: 'teal', message: t('marking.saved') });
                  onSaved?.();
                },
                (error: unknown) => form.applyServerErrors(error),
              ),
          )}
        >
          <Stack gap="sm">
            <div>
              <Title order={3} size="h5">
                {t(`markingQueue.rubrics.${rubric.id}`)}
              </Title>
              <Text size="xs" c="dimmed">
                {rubric.overall === 'ielts_half_band'
                  ? t('markingQueue.ieltsHint')
                  : t('marking.criteriaHint')}
              </Text>
            </div>
            {save.error && !isFieldValidationError(save.error) ? <ApiErrorAlert error={save.error} /> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {rubric.criteria.map((criterion) => {
                const input = form.getInputProps(`criteria.${criterion}`);
                return rubric.step === 1 ? (
                  <Select
                    key={criterion}
                    label={labels[`criteria.${criterion}`]}
                    data={bands}
                    required
                    allowDeselect={false}
                    error={input.error}
                    value={typeof input.value === 'number' ? String(input.value) : null}
                    onChange={(value) => input.onChange(value === null ? '' : Number(value))}
                    onBlur={input.onBlur}
                  />
                ) : (
                  <NumberInput
                    key={criterion}
                    label={labels[`criteria.${criterion}`]}
                    min={rubric.min}
                    max={rubric.max}
                    step={rubric.step}
                    decimalScale={1}
                    decimalSeparator={i18n.language === 'vi' ? ',' : '.'}
                    required
                    {...input}
                  />
                );
              })}
            </SimpleGrid>
            <Textarea
              label={labels.comment}
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('comment')}
            />
            <Group justify="space-between" gap="sm">
              <Text size="sm" data-testid="essay-mark-summary">
                {current && current.overall !== null && overall === current.overall
                  ? t('marking.marked', {
                      score: formatScore(current.overall),
                      max: rubric.max,
                      name: current.marked_by ?? '—',
                    })
                  : overall === null
                    ? t('markingQueue.overallPending')
                    : rubric.overall === 'mean'
                      ? t('marking.average', { score: formatScore(overall), max: rubric.max })
                      : t('markingQueue.overall', { score: formatScore(overall), max: rubric.max })}
              </Text>
              <Button type="submit" loading={save.isPending}>
                {t('marking.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

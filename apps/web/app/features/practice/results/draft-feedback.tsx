import { Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { type DraftIssue, type MarkingDetail, rubricOf } from '@prepwise/contract';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { formatScore } from '../format';

const figure = (value: number | null) => (value === null ? '—' : formatScore(value));

/**
 * How an issue is marked in the essay: by the line's shape as well as its colour (a wavy underline for
 * spelling, a double one for grammar), so it is not told by colour alone; its message is its title.
 */
const ISSUE_STYLES: Record<DraftIssue['kind'], CSSProperties> = {
  spelling: {
    background: 'transparent',
    color: 'inherit',
    textDecorationLine: 'underline',
    textDecorationStyle: 'wavy',
    textDecorationColor: 'var(--mantine-color-red-7)',
    textUnderlineOffset: 3,
  },
  grammar: {
    background: 'transparent',
    color: 'inherit',
    textDecorationLine: 'underline',
    textDecorationStyle: 'double',
    textDecorationColor: 'var(--mantine-color-blue-7)',
    textUnderlineOffset: 3,
  },
};

/**
 * The essay's text with the draft's issues marked (`<mark>`, non-overlapping, in reading order). Only the
 * text itself is rendered, so character offsets read from a selection in it stay those of the text.
 */
export function EssayWithIssues({ text, issues }: { text: string; issues: readonly DraftIssue[] }) {
  const { t } = useTranslation('practice');
  const parts: ReactNode[] = [];
  let at = 0;
  for (const issue of [...issues].sort((a, b) => a.start - b.start)) {
    if (issue.start < at || issue.end > text.length || issue.end <= issue.start) continue;
    if (issue.start > at) parts.push(text.slice(at, issue.start));
    parts.push(
      <mark
        key={`${issue.start}-${issue.end}`}
        data-issue={issue.kind}
        title={`${t(`markingQueue.issues.${issue.kind}`)}: ${issue.rule === 'hunspell' ? t('markingQueue.issues.notInDictionary') : issue.message}`}
        style={ISSUE_STYLES[issue.kind]}
      >
        {text.slice(issue.start, issue.end)}
      </mark>,
    );
    at = issue.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * The machine's draft (issue 28), always labelled so, beside the teacher's mark form: what it measured,
 * the spelling and grammar issues it found (also marked in the essay), and, when a model was configured,
 * its band per criterion with the sentences it quoted. The teacher's mark is the final one.
 */
export function DraftFeedback({
  draft,
  note,
}: {
  draft: NonNullable<MarkingDetail['draft']>;
  /** What the draft is for, to its reader (the teacher's note by default). */
  note?: string;
}) {
  const { t } = useTranslation('practice');
  const titleId = useId();
  const feedback = draft.feedback;
  const rubric = rubricOf(draft.rubric);
  const rows: [string, string][] = feedback
    ? [
        [t('markingQueue.measures.words'), String(feedback.word_count)],
        [t('markingQueue.measures.sentences'), String(feedback.sentence_count)],
        [t('markingQueue.measures.sentenceLength'), figure(feedback.mean_sentence_length)],
        [t('markingQueue.measures.typeToken'), figure(feedback.type_token_ratio)],
        [t('markingQueue.measures.mtld'), figure(feedback.mtld)],
        [
          t('markingQueue.measures.linking'),
          feedback.linking_words.length ? feedback.linking_words.join(', ') : t('markingQueue.measures.none'),
        ],
      ]
    : [];
  // The dictionary's finding is said in the reader's language; Harper's explanations are its own (English).
  const issueMessage = (issue: DraftIssue) =>
    issue.rule === 'hunspell' ? t('markingQueue.issues.notInDictionary') : issue.message;
  const criterionLabel = (criterion: string) =>
    t(`review.mark.criteria.${criterion}` as 'review.mark.criteria.task');
  return (
    <Card withBorder p="sm" data-testid="marking-draft" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Badge color="gray" id={titleId}>
              {t('markingQueue.draft')}
            </Badge>
            <Text size="sm">
              {draft.overall === null
                ? t('markingQueue.draftNoBand')
                : t('markingQueue.overall', { score: formatScore(draft.overall), max: rubric.max })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {note ?? t('markingQueue.draftNote')}
          </Text>
        </div>
        {rows.length ? (
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td px={0}>{label}</Table.Td>
                  <Table.Td ta="right">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {feedback ? (
          <div data-testid="marking-draft-issues">
            <Title order={3} size="h6">
              {t('markingQueue.issues.title')} ({feedback.issues.length})
            </Title>
            {feedback.issues.length === 0 ? (
              <Text size="sm">{t('markingQueue.issues.none')}</Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {t('markingQueue.issues.legend')}
                </Text>
                <List size="sm" spacing={4} mt={4}>
                  {feedback.issues.map((issue) => (
                    <List.Item key={`${issue.start}-${issue.end}-${issue.rule}`}>
                      <Badge
                        size="xs"
                        variant="outline"
                        color={issue.kind === 'spelling' ? 'red.9' : 'blue.9'}
                        mr={6}
                      >
                        {t(`markingQueue.issues.${issue.kind}`)}
                      </Badge>
                      <Text span inherit fs="italic">
                        “{issue.excerpt}”
                      </Text>{' '}
                      — {issueMessage(issue)}
                      {issue.suggestions.length ? (
                        <Text span inherit c="dimmed">
                          {' '}
                          {t('markingQueue.issues.suggestion', {
                            text: issue.suggestions.map((text) => `“${text}”`).join(', '),
                          })}
                        </Text>
                      ) : null}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </div>
        ) : null}
        {draft.overall !== null ? (
          <div data-testid="marking-draft-bands">
            <Title order={3} size="h6">
              {t('markingQueue.evidence.title')}
            </Title>
            {feedback?.ai_model ? (
              <Text size="xs" c="dimmed">
                {t('markingQueue.draftModel', { model: feedback.ai_model })}
              </Text>
            ) : null}
            {feedback?.ai_summary ? <Text size="sm">{feedback.ai_summary}</Text> : null}
            <Stack gap={6} mt={6}>
              {rubric.criteria.map((criterion) => {
                const evidence = feedback?.evidence.filter((entry) => entry.criterion === criterion) ?? [];
                return (
                  <div key={criterion} data-testid="draft-criterion" data-criterion={criterion}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={600} style={{ flex: 1 }}>
                        {criterionLabel(criterion)}
                      </Text>
                      <Badge variant="light" color="gray">
                        {draft.criteria[criterion] === undefined
                          ? '—'
                          : formatScore(draft.criteria[criterion])}
                      </Badge>
                    </Group>
                    {evidence.length ? (
                      <List size="sm" spacing={2}>
                        {evidence.map((entry) => (
                          <List.Item key={`${entry.start}-${entry.end}`}>
                            <Text span inherit fs="italic">
                              “{entry.quote}”
                            </Text>{' '}
                            — {entry.comment}
                            {entry.correction ? (
                              <Text span inherit c="dimmed">
                                {' '}
                                {t('markingQueue.evidence.correction', { text: entry.correction })}
                              </Text>
                            ) : null}
                          </List.Item>
                        ))}
                      </List>
                    ) : null}
                  </div>
                );
              })}
            </Stack>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

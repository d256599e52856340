import { Alert, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { AssignmentSimilarity } from '@prepwise/contract';
import { useId, useState } from 'react';
import { QueryState } from '../../components/admin-ui';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useAssignmentSimilarity } from './api';

type Pair = AssignmentSimilarity['pairs'][number];

/** "1 in 250,000": how rare the shared wrong answers are for learners working alone. */
function useOdds() {
  const { t, i18n } = useTranslation('assignments');
  return (probability: number) => {
    if (probability <= 0) return t('similarity.oddsTiny');
    const inverse = 1 / probability;
    if (inverse > 1e12) return t('similarity.oddsTiny');
    const rounded = Number(inverse.toPrecision(2));
    return t('similarity.odds', { count: formatNumber(rounded, i18n.language) });
  };
}

/**
 * The answer-similarity report of one assignment (issue 29, decision 029): pairs of students whose
 * identical wrong answers are improbable for learners working alone, with the questions as evidence.
 * Computed on request; shown as evidence to look into, never as a verdict.
 */
export function SimilarityPanel({ testId, assignmentId }: { testId: string; assignmentId: string }) {
  const { t } = useTranslation('assignments');
  const [asked, setAsked] = useState(false);
  const report = useAssignmentSimilarity(testId, assignmentId, asked);
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" data-testid="similarity-panel" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={3} size="h5" id={headingId}>
              {t('similarity.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('similarity.lead')}
            </Text>
          </div>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => (asked ? void report.refetch() : setAsked(true))}
            loading={report.isFetching}
            data-testid="similarity-run"
          >
            {asked ? t('similarity.again') : t('similarity.run')}
          </Button>
        </Group>
        {asked ? <QueryState query={report}>{(data) => <SimilarityResult data={data} />}</QueryState> : null}
      </Stack>
    </Card>
  );
}

function SimilarityResult({ data }: { data: AssignmentSimilarity }) {
  const { t } = useTranslation('assignments');
  if (!data.enough)
    return (
      <Text size="sm" data-testid="similarity-result">
        {t('similarity.notEnough', { min: data.min_learners, count: data.learners })}
      </Text>
    );
  if (data.pairs.length === 0)
    return (
      <Text size="sm" data-testid="similarity-result">
        {t('similarity.none', { learners: data.learners, questions: data.questions })}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="similarity-result">
      <Alert variant="light" color="yellow" title={t('similarity.noteTitle')}>
        {t('similarity.note')}
      </Alert>
      <Table.ScrollContainer minWidth={560} tabIndex={0} aria-label={t('similarity.title')}>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('similarity.pair')}</Table.Th>
              <Table.Th>{t('similarity.identical')}</Table.Th>
              <Table.Th>{t('similarity.expected')}</Table.Th>
              <Table.Th>{t('similarity.chance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.pairs.map((pair) => (
              <PairRow key={`${pair.first.attempt_id}:${pair.second.attempt_id}`} pair={pair} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function PairRow({ pair }: { pair: Pair }) {
  const { t, i18n } = useTranslation('assignments');
  const odds = useOdds();
  const name = (person: Pair['first']) => person.full_name ?? person.email;
  return (
    <Table.Tr data-testid="similarity-pair">
      <Table.Td>
        <Text size="sm" fw={600}>
          {name(pair.first)} — {name(pair.second)}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t('similarity.evidence')}
        </Text>
        <List size="xs" spacing={0} data-testid="similarity-evidence">
          {pair.evidence.map((item) => (
            <List.Item key={item.question_id}>
              {t('similarity.evidenceItem', { number: item.number, answer: item.answer })}
            </List.Item>
          ))}
        </List>
      </Table.Td>
      <Table.Td>
        {t('similarity.identicalOf', { identical: pair.identical, compared: pair.compared })}
      </Table.Td>
      <Table.Td>{formatNumber(pair.expected, i18n.language, { maximumFractionDigits: 1 })}</Table.Td>
      <Table.Td>{odds(pair.probability)}</Table.Td>
    </Table.Tr>
  );
}

import { Anchor, Badge, Group, Table, Text, Title } from '@mantine/core';
import { type AttemptResult, type BreakdownRow, localName } from '@prepwise/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { looseT } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n-react';
import classes from '../practice.module.css';
import { breakdownRows, needsPractice, percent } from './breakdown-rows';
import { partSearch, questionAnchor } from './review-navigation';

const BreakdownChart = lazy(() => import('./result-breakdown-chart'));

/** Missed questions linked from a row's hint, at most. */
const MISSED_LINKS = 5;

/**
 * The learner's accuracy per question type and per skill against everyone's on the same questions,
 * weakest first, each weak row with what to practise. The table is the page's (server-rendered); the
 * chart of the same figures loads in the browser.
 */
export function ResultBreakdown({ result, headingOrder }: { result: AttemptResult; headingOrder: 2 | 3 }) {
  const { t, i18n } = useTranslation('practice');
  const tl = looseT(t);
  const { search } = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rows = breakdownRows(result.breakdown);
  if (rows.length === 0) return null;
  const partOf = new Map(result.review.map((section, index) => [section.id, index]));
  const numberPart = new Map<number, number>();
  result.review.forEach((section, index) => {
    for (const item of section.items)
      for (const question of item.kind === 'question' ? [item.question] : item.group.questions)
        numberPart.set(question.number, index);
  });
  // The parts' names come with every result, also when the per-question review is withheld (issue 15).
  const partNames = (row: BreakdownRow) =>
    row.section_ids
      .map((id) => result.parts.find((part) => part.section_id === id))
      .flatMap((part) => (part ? [localName(part, i18n.language)] : []))
      .join(', ');
  const label = (row: BreakdownRow) =>
    row.dimension === 'skill'
      ? tl(`breakdown.skills.${row.key}`, { defaultValue: row.key.replace(/-/g, ' ') })
      : localName(row, i18n.language);
  const hint = (row: BreakdownRow) => {
    if (row.dimension === 'skill') {
      const specific = tl(`breakdown.hints.${row.key}`, { defaultValue: '' });
      if (specific) return specific;
    }
    return t('breakdown.hintGeneric', { name: label(row) });
  };

  return (
    <section aria-labelledby="breakdown-title" data-testid="result-breakdown">
      <Title order={headingOrder} size="h3" id="breakdown-title">
        {t('breakdown.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm" maw={720}>
        {t('breakdown.lead')}
      </Text>
      {mounted ? (
        <Suspense fallback={null}>
          <BreakdownChart
            rows={rows.slice(0, 8).map((row) => ({
              name: label(row),
              you: percent(row.accuracy),
              everyone: percent(row.everyone_accuracy),
            }))}
            labels={{ you: t('breakdown.you'), everyone: t('breakdown.everyone') }}
          />
        </Suspense>
      ) : null}
      <Table withTableBorder verticalSpacing="sm" data-testid="breakdown-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('breakdown.row')}</Table.Th>
            <Table.Th ta="right">{t('breakdown.you')}</Table.Th>
            <Table.Th ta="right">{t('breakdown.everyone')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const weak = needsPractice(row);
            const firstPart = partOf.get(row.section_ids[0] ?? '') ?? 0;
            return (
              <Table.Tr
                key={`${row.dimension}:${row.key}`}
                data-testid="breakdown-row"
                data-dimension={row.dimension}
                data-key={row.key}
                data-weak={weak || undefined}
              >
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={700}>
                      {label(row)}
                    </Text>
                    {weak || row.accuracy === null ? null : (
                      <Badge size="xs" variant="light" color="teal">
                        {t('breakdown.good')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[t(`breakdown.dimension.${row.dimension}`), partNames(row)].filter(Boolean).join(' · ')}
                  </Text>
                  {weak ? (
                    <div className={classes.breakdownHint}>
                      <Text size="sm" data-testid="breakdown-hint">
                        <Text span size="sm" fw={600}>
                          {t('breakdown.practise')}:{' '}
                        </Text>
                        {hint(row)}
                      </Text>
                      {row.missed.length > 0 ? (
                        <Group gap={6} mt={4}>
                          <Text size="xs" c="dimmed">
                            {t('breakdown.review')}
                          </Text>
                          {row.missed.slice(0, MISSED_LINKS).map((number) => (
                            <Anchor
                              key={number}
                              component={Link}
                              size="xs"
                              to={{
                                search: partSearch(search, numberPart.get(number) ?? firstPart),
                                hash: questionAnchor(number),
                              }}
                            >
                              {number}
                            </Anchor>
                          ))}
                          {row.missed.length > MISSED_LINKS ? (
                            <Text size="xs" c="dimmed">
                              {t('breakdown.more', { count: row.missed.length - MISSED_LINKS })}
                            </Text>
                          ) : null}
                        </Group>
                      ) : null}
                    </div>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" valign="top" data-testid="breakdown-you">
                  <Text size="sm" fw={700} c={weak ? 'red' : undefined}>
                    {row.accuracy === null ? '—' : `${percent(row.accuracy)}%`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.correct}/{row.total}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" valign="top" data-testid="breakdown-everyone">
                  <Text size="sm">
                    {row.everyone_accuracy === null ? '—' : `${percent(row.everyone_accuracy)}%`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('breakdown.answers', { count: row.everyone_total })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}

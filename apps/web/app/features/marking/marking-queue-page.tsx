import {
  Button,
  Card,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { type MarkingItem, RUBRIC_IDS, type RubricId } from '@prepwise/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, QueryState } from '../../components/admin-ui';
import { PageHeader } from '../../components/page-header';
import { oneOf } from '../../lib/admin-query';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { Prose } from '../pages';
import { DraftFeedback, formatScore } from '../practice';
import { MARKING_PAGE_SIZE, useMarkingAgreement, useMarkingItem, useMarkingList } from './api';
import { MarkForm } from './mark-form';

const STATUSES = ['unmarked', 'marked', 'all'] as const;

const share = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
const figure = (value: number | null) => (value === null ? '—' : formatScore(value));

/** Machine drafts against teachers' final marks per rubric: kappa, mean absolute difference, within ½ band, n. */
function AgreementFigures() {
  const { t } = useTranslation('practice');
  const agreement = useMarkingAgreement();
  return (
    <Card withBorder p="sm" data-testid="marking-agreement">
      <Text fw={600}>{t('markingQueue.agreement.title')}</Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('markingQueue.agreement.hint')}
      </Text>
      <QueryState query={agreement}>
        {(data) => (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('markingQueue.rubric')}</Table.Th>
                  <Table.Th ta="right">{t('markingQueue.agreement.kappa')}</Table.Th>
                  <Table.Th ta="right">{t('markingQueue.agreement.mad')}</Table.Th>
                  <Table.Th ta="right">{t('markingQueue.agreement.within')}</Table.Th>
                  <Table.Th ta="right">{t('markingQueue.agreement.n')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rubrics.map((row) => (
                  <Table.Tr key={row.rubric}>
                    <Table.Td>{t(`markingQueue.rubrics.${row.rubric}`)}</Table.Td>
                    <Table.Td ta="right">{figure(row.kappa)}</Table.Td>
                    <Table.Td ta="right">{figure(row.mean_absolute_difference)}</Table.Td>
                    <Table.Td ta="right">{share(row.within_half_band)}</Table.Td>
                    <Table.Td ta="right">{row.n}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Card>
  );
}

/** One answer opened from the queue: the prompt, the guidance, the machine's draft and the mark form. */
function MarkingPanel({ item, onSaved }: { item: MarkingItem; onSaved: () => void }) {
  const { t } = useTranslation('practice');
  const detail = useMarkingItem(item.attempt_id, item.question_id);
  return (
    <QueryState query={detail}>
      {(data) => (
        <Stack gap="sm">
          <Prose html={data.stem} />
          {data.guidance ? (
            <Text size="sm" c="dimmed">
              {t('markingQueue.guidance')}: {data.guidance}
            </Text>
          ) : null}
          {data.draft ? <DraftFeedback draft={data.draft} /> : null}
          <MarkForm key={data.final?.marked_at ?? 'new'} detail={data} onSaved={onSaved} />
        </Stack>
      )}
    </QueryState>
  );
}

/**
 * /admin/marking and /organization/marking (issue 28): the essays waiting for a teacher in the scope, and
 * those marked, filtered by status and rubric; a row opens the answer beside the mark form. The agreement
 * of machine drafts with teachers' marks is shown above the list.
 */
export function MarkingQueuePage() {
  const { t, i18n } = useTranslation('practice');
  const [params, setParams] = useSearchParams();
  const status = oneOf(params.get('status'), STATUSES) ?? 'unmarked';
  const rubric = oneOf(params.get('rubric'), RUBRIC_IDS) as RubricId | undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMarkingList({ status, rubric, page });
  const [open, setOpen] = useState<MarkingItem | null>(null);
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  return (
    <>
      <title>{`${t('markingQueue.title')} · Prepwise`}</title>
      <PageHeader title={t('markingQueue.title')} description={t('markingQueue.description')} />
      <Stack gap="md">
        <AgreementFigures />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SegmentedControl
            aria-label={t('markingQueue.status')}
            value={status}
            onChange={(value) => set('status', value)}
            data={STATUSES.map((value) => ({ value, label: t(`markingQueue.statuses.${value}`) }))}
          />
          <Select
            aria-label={t('markingQueue.rubric')}
            placeholder={t('markingQueue.allRubrics')}
            clearable
            value={rubric ?? null}
            onChange={(value) => set('rubric', value)}
            data={RUBRIC_IDS.map((value) => ({ value, label: t(`markingQueue.rubrics.${value}`) }))}
          />
        </SimpleGrid>
        <QueryState query={list}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState>{t('markingQueue.empty')}</EmptyState>
            ) : (
              <>
                <Table.ScrollContainer minWidth={640}>
                  <Table data-testid="marking-list">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('markingQueue.learner')}</Table.Th>
                        <Table.Th>{t('markingQueue.test')}</Table.Th>
                        <Table.Th>{t('markingQueue.rubric')}</Table.Th>
                        <Table.Th>{t('markingQueue.submitted')}</Table.Th>
                        <Table.Th>{t('markingQueue.mark')}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((item) => (
                        <Table.Tr key={`${item.attempt_id}/${item.question_id}`}>
                          <Table.Td>{item.learner.name ?? item.learner.email}</Table.Td>
                          <Table.Td>{item.test.title}</Table.Td>
                          <Table.Td>{t(`markingQueue.rubrics.${item.rubric}`)}</Table.Td>
                          <Table.Td>
                            {item.submitted_at ? formatDateTime(item.submitted_at, i18n.language) : '—'}
                          </Table.Td>
                          <Table.Td>
                            {item.overall === null ? (
                              // Plain text in the body colour: the theme's orange is too pale for small text (axe).
                              <Text size="sm" fw={600} fs="italic">
                                {t('markingQueue.statuses.unmarked')}
                              </Text>
                            ) : (
                              <Text size="sm" fw={700}>
                                {formatScore(item.overall)}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Button size="xs" variant="light" onClick={() => setOpen(item)}>
                              {item.status === 'marked' ? t('markingQueue.remark') : t('markingQueue.open')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {data.total > MARKING_PAGE_SIZE ? (
                  <Group justify="center">
                    <Pagination
                      total={Math.ceil(data.total / MARKING_PAGE_SIZE)}
                      value={page}
                      onChange={(next) => set('page', String(next))}
                    />
                  </Group>
                ) : null}
              </>
            )
          }
        </QueryState>
      </Stack>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': t('markingQueue.closeAnswer') }}
        title={open ? `${open.learner.name ?? open.learner.email} · ${open.test.title}` : ''}
      >
        {open ? <MarkingPanel item={open} onSaved={() => setOpen(null)} /> : null}
      </Drawer>
    </>
  );
}

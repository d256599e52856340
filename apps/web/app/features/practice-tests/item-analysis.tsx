import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { AnswerKind, ItemAnalysisScope, ItemFlag, ItemStatistics } from '@prepwise/contract';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useItemAnalysis } from './api';

function useNumbers() {
  const { i18n } = useTranslation('content');
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  return {
    percent: (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : percent.format(value),
    decimal: (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : decimal.format(value),
  };
}

/** Where the question is edited in this scope: the single question, or the group holding it. */
function useEditPath() {
  const scope = useBackOfficeScope();
  return (question: Pick<ItemStatistics, 'question_id' | 'group_id'>) =>
    question.group_id
      ? scope.web(`/question-bank/group/${question.group_id}/edit`)
      : scope.web(`/question-bank/single/${question.question_id}/edit`);
}

function FlagList({ flags }: { flags: ItemFlag[] }) {
  const { t } = useTranslation('content');
  return (
    <Stack gap={2}>
      {flags.map((flag) => (
        <Text key={flag} size="xs" c="red" fw={600} lh={1.3}>
          {t(`itemAnalysis.flags.${flag}`)}
        </Text>
      ))}
    </Stack>
  );
}

/** Each option's share, the key marked; a hint gives the share among the strongest third. */
function OptionShares({ question }: { question: ItemStatistics }) {
  const { t } = useTranslation('content');
  const numbers = useNumbers();
  if (question.options.length === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {question.options.map((option) => (
        <Tooltip
          key={option.key}
          label={t('itemAnalysis.optionHint', {
            label: option.label,
            count: option.count,
            strong: numbers.percent(option.strong_share),
          })}
          multiline
          w={260}
        >
          <Badge
            variant={option.is_key ? 'filled' : 'outline'}
            color={option.is_key ? 'teal' : option.count === 0 ? 'red' : 'gray'}
            size="sm"
            radius="sm"
            tt="none"
            data-testid="option-share"
            aria-label={`${option.is_key ? t('itemAnalysis.keyOption', { key: option.key }) : option.key}: ${numbers.percent(option.share)}`}
          >
            {option.key === 'not_given' ? 'NG' : option.key.slice(0, 2).toUpperCase()}{' '}
            {numbers.percent(option.share)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`figure-${id}`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * The "Item analysis" section of a test's detail page (issue 15), in either back-office scope: the test's
 * figures, the questions that look broken with their reasons and edit links, and every question's
 * facility, discrimination, discriminative efficiency and option shares, for the first or all attempts.
 */
export function ItemAnalysisSection({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation('content');
  const numbers = useNumbers();
  const editPath = useEditPath();
  const canEdit = usePermission('update_question');
  const [scope, setScope] = useState<ItemAnalysisScope>('first');
  const [version, setVersion] = useState<number | undefined>(undefined);
  const analysis = useItemAnalysis(testId, { scope, version });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="item-analysis">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('itemAnalysis.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t('itemAnalysis.description')}
            </Text>
          </div>
          <Group gap="sm" align="flex-end">
            {(analysis.data?.versions.length ?? 0) > 1 ? (
              <Select
                label={t('itemAnalysis.version')}
                w={140}
                data={(analysis.data?.versions ?? []).map((value) => ({
                  value: String(value),
                  label: t('test.version', { version: value }),
                }))}
                value={String(analysis.data?.version ?? '')}
                onChange={(value) => setVersion(value ? Number(value) : undefined)}
                allowDeselect={false}
              />
            ) : null}
            <SegmentedControl
              aria-label={t('itemAnalysis.scopeLabel')}
              value={scope}
              onChange={(value) => setScope(value === 'all' ? 'all' : 'first')}
              data={[
                { value: 'first', label: t('itemAnalysis.scope.first') },
                { value: 'all', label: t('itemAnalysis.scope.all') },
              ]}
            />
          </Group>
        </Group>
        <QueryState query={analysis}>
          {(data) => {
            if (data.version === null)
              return (
                <Text size="sm" c="dimmed">
                  {t('itemAnalysis.unpublished')}
                </Text>
              );
            const flagged = data.questions.filter((question) => question.flags.length > 0);
            return (
              <Stack gap="md">
                <Text size="xs" c="dimmed" data-testid="item-analysis-status">
                  {data.computed_at
                    ? t('itemAnalysis.computedAt', {
                        version: data.version,
                        date: formatDateTime(data.computed_at, i18n.language),
                      })
                    : t('itemAnalysis.notComputed', { version: data.version })}
                  {data.pending ? ` ${t('itemAnalysis.pending')}` : ''}
                </Text>
                {data.drawn_papers ? (
                  <Text size="sm" c="dimmed" data-testid="drawn-papers-note">
                    {t('itemAnalysis.drawnNote')}
                  </Text>
                ) : null}
                {!data.test || data.test.attempts === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('itemAnalysis.noAttempts')}
                  </Text>
                ) : (
                  <>
                    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="test-figures">
                      <Figure
                        id="attempts"
                        label={t('itemAnalysis.figures.attempts')}
                        value={String(data.test.attempts)}
                      />
                      <Figure
                        id="mean"
                        label={t('itemAnalysis.figures.mean')}
                        value={`${numbers.decimal(data.test.mean)} / ${data.test.max_score}`}
                      />
                      <Figure
                        id="median"
                        label={t('itemAnalysis.figures.median')}
                        value={numbers.decimal(data.test.median)}
                      />
                      <Figure
                        id="sd"
                        label={t('itemAnalysis.figures.sd')}
                        value={numbers.decimal(data.test.sd)}
                      />
                      <Figure
                        id="alpha"
                        label={t('itemAnalysis.figures.alpha')}
                        value={numbers.decimal(data.test.alpha)}
                        hint={t('itemAnalysis.figures.alphaHint')}
                      />
                      <Figure
                        id="sem"
                        label={t('itemAnalysis.figures.sem')}
                        value={numbers.decimal(data.test.sem)}
                        hint={t('itemAnalysis.figures.semHint')}
                      />
                    </SimpleGrid>
                    {flagged.length > 0 ? (
                      <Alert
                        color="red"
                        variant="light"
                        title={t('itemAnalysis.flaggedTitle', { count: flagged.length })}
                        data-testid="flagged-questions"
                      >
                        <Stack gap="xs">
                          {flagged.map((question) => (
                            <div key={question.question_id} data-testid="flagged-question">
                              <Group gap="xs" wrap="wrap">
                                <Text size="sm" fw={600}>
                                  {t('itemAnalysis.questionNumber', { number: question.number })}
                                </Text>
                                <Text size="sm" lineClamp={1} style={{ flex: '1 1 16rem' }}>
                                  {question.stem}
                                </Text>
                                {canEdit ? (
                                  <Anchor component={Link} to={editPath(question)} size="sm">
                                    {t('itemAnalysis.editQuestion', { number: question.number })}
                                  </Anchor>
                                ) : null}
                              </Group>
                              <Stack gap={0} mt={2}>
                                {question.flags.map((flag) => (
                                  <Text key={flag} size="xs" data-testid="flag-reason">
                                    • {t(`itemAnalysis.reasons.${flag}`)}
                                  </Text>
                                ))}
                              </Stack>
                            </div>
                          ))}
                        </Stack>
                      </Alert>
                    ) : (
                      <Text size="sm" c="teal" data-testid="no-flags">
                        {t('itemAnalysis.noFlags')}
                      </Text>
                    )}
                  </>
                )}
                {data.questions.length > 0 ? (
                  <DataTable
                    withTableBorder
                    borderRadius="md"
                    striped
                    minHeight={120}
                    records={data.questions}
                    idAccessor="question_id"
                    aria-label={t('itemAnalysis.tableLabel')}
                    data-testid="item-table"
                    columns={[
                      { accessor: 'number', title: '#', width: 48 },
                      {
                        accessor: 'stem',
                        title: t('itemAnalysis.columns.question'),
                        render: (question) => (
                          <Stack gap={2} miw={200} maw={340}>
                            <Text size="sm" lineClamp={2}>
                              {question.stem}
                            </Text>
                            <Text size="xs" c="dimmed" title={question.section_name}>
                              {t(`answerKinds.${question.answer_kind as AnswerKind}`)}
                            </Text>
                            <FlagList flags={question.flags} />
                          </Stack>
                        ),
                      },
                      // On drawn papers each question was answered by some of the students: how many.
                      ...(data.drawn_papers
                        ? [
                            {
                              accessor: 'attempts',
                              title: t('itemAnalysis.columns.attempts'),
                              textAlign: 'right' as const,
                            },
                          ]
                        : []),
                      {
                        accessor: 'facility',
                        title: t('itemAnalysis.columns.facility'),
                        textAlign: 'right',
                        render: (question) => numbers.percent(question.facility),
                      },
                      {
                        accessor: 'sd',
                        title: t('itemAnalysis.columns.sd'),
                        textAlign: 'right',
                        render: (question) => numbers.decimal(question.sd),
                      },
                      {
                        accessor: 'discrimination',
                        title: t('itemAnalysis.columns.discrimination'),
                        textAlign: 'right',
                        render: (question) => numbers.percent(question.discrimination),
                      },
                      {
                        accessor: 'efficiency',
                        title: t('itemAnalysis.columns.efficiency'),
                        textAlign: 'right',
                        render: (question) => numbers.percent(question.efficiency),
                      },
                      {
                        accessor: 'options',
                        title: t('itemAnalysis.columns.options'),
                        render: (question) => <OptionShares question={question} />,
                      },
                      {
                        accessor: 'edit',
                        title: '',
                        hidden: !canEdit,
                        render: (question) => (
                          <Anchor
                            component={Link}
                            to={editPath(question)}
                            size="sm"
                            aria-label={t('itemAnalysis.editQuestion', { number: question.number })}
                          >
                            {t('common.edit')}
                          </Anchor>
                        ),
                      },
                    ]}
                  />
                ) : null}
                <Text size="xs" c="dimmed">
                  {t('itemAnalysis.legend')}
                </Text>
              </Stack>
            );
          }}
        </QueryState>
      </Stack>
    </Card>
  );
}

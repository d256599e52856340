import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TestDetail } from '@prepwise/contract';
import { useState } from 'react';
import { ServerErrorAlert } from '../../components/admin-ui';
import { usePermission } from '../../components/permission-gate';
import { useTranslation } from '../../lib/i18n-react';
import { SkillBadge, useLevelOptions, useQuestionTypeOptions } from '../exam-structure';
import { useSetBlueprint } from './api';

type Section = TestDetail['sections'][number];
type DraftRow = {
  key: number;
  count: number | string;
  level_id: string | null;
  question_type_id: string | null;
  tag: string;
};

let nextKey = 0;
const draftOf = (row?: Section['blueprint'][number]): DraftRow => ({
  key: nextKey++,
  count: row?.count ?? 1,
  level_id: row?.level?.id ?? null,
  question_type_id: row?.question_type?.id ?? null,
  tag: row?.tag ?? '',
});

/** How many different papers the blueprint allows, in words: exact when small, else a power of ten. */
export function DistinctPapers({ papers }: { papers: TestDetail['distinct_papers'] }) {
  const { t, i18n } = useTranslation('content');
  if (!papers) return null;
  return (
    <Text size="sm" data-testid="distinct-papers">
      {papers.exact !== null
        ? t('test.smart.papers', {
            count: papers.exact,
            formatted: new Intl.NumberFormat(i18n.language).format(papers.exact),
          })
        : t('test.smart.papersPower', { power: Math.floor(papers.log10) })}
    </Text>
  );
}

/**
 * A smart test's part (issue 15): the blueprint rows — how many questions of which level, question type
 * and tag — each with the bank's matching questions against what it needs, edited in place.
 */
export function BlueprintSection({
  test,
  section,
  index,
  error,
}: {
  test: TestDetail;
  section: Section;
  index: number;
  error?: boolean;
}) {
  const { t } = useTranslation('content');
  const canEdit = usePermission('update_test');
  const save = useSetBlueprint(test.id);
  const levels = useLevelOptions();
  const types = useQuestionTypeOptions(canEdit);
  const [draft, setDraft] = useState<DraftRow[] | null>(null);
  const editing = draft !== null;
  const levelData = (levels.data?.items ?? []).map((level) => ({
    value: level.id,
    label: `${level.code} · ${level.name}`,
  }));
  const typeData = (types.data?.items ?? []).map((type) => ({ value: type.id, label: type.name }));
  const update = (key: number, change: Partial<DraftRow>) =>
    setDraft((rows) => rows?.map((row) => (row.key === key ? { ...row, ...change } : row)) ?? null);
  const planned = (draft ?? []).reduce((sum, row) => sum + (Number(row.count) || 0), 0);
  const short = section.blueprint.filter((row) => row.available < row.count);
  const labels = Object.fromEntries(
    (draft ?? []).flatMap((_, position) => {
      const row = t('test.smart.row', { number: position + 1 });
      return [
        [`rows.${position}.count`, `${row} · ${t('test.smart.count')}`],
        [`rows.${position}.level_id`, `${row} · ${t('fields.level')}`],
        [`rows.${position}.question_type_id`, `${row} · ${t('test.smart.questionType')}`],
        [`rows.${position}.tag`, `${row} · ${t('fields.tag')}`],
      ];
    }),
  );
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid="test-section"
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap={8}>
              <Title order={3} size="h5">
                {index + 1}. {section.format.name}
              </Title>
              <SkillBadge skill={section.format.skill} />
            </Group>
            <Group gap={8} mt={4}>
              <Text size="sm" data-testid="section-count">
                {t('test.sectionCount', {
                  count: section.question_count,
                  required: section.format.required_count,
                })}
              </Text>
              <Badge
                color={section.complete && short.length === 0 ? 'teal' : 'yellow'}
                variant="light"
                size="sm"
              >
                {section.complete ? t('test.complete') : t('test.incomplete')}
              </Badge>
              {section.pool_size !== null ? (
                <Text size="sm" c="dimmed">
                  {t('test.smart.poolSize', { count: section.pool_size })}
                </Text>
              ) : null}
            </Group>
          </div>
          {canEdit && !editing ? (
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                setDraft(section.blueprint.length ? section.blueprint.map(draftOf) : [draftOf()])
              }
            >
              {t('test.smart.edit')}
            </Button>
          ) : null}
        </Group>
        {editing ? (
          <Stack gap="xs" data-testid="blueprint-editor">
            {draft.map((row, position) => (
              <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
                <NumberInput
                  label={t('test.smart.count')}
                  min={1}
                  max={200}
                  w={96}
                  value={row.count}
                  onChange={(value) => update(row.key, { count: value })}
                  aria-label={`${t('test.smart.row', { number: position + 1 })} · ${t('test.smart.count')}`}
                />
                <Select
                  label={t('fields.level')}
                  placeholder={t('test.smart.any')}
                  data={levelData}
                  value={row.level_id}
                  onChange={(value) => update(row.key, { level_id: value })}
                  clearable
                  w={180}
                />
                <Select
                  label={t('test.smart.questionType')}
                  placeholder={t('test.smart.any')}
                  data={typeData}
                  value={row.question_type_id}
                  onChange={(value) => update(row.key, { question_type_id: value })}
                  clearable
                  searchable
                  w={200}
                />
                <TextInput
                  label={t('fields.tag')}
                  placeholder={t('test.smart.any')}
                  value={row.tag}
                  onChange={(event) => update(row.key, { tag: event.currentTarget.value })}
                  w={140}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  onClick={() => setDraft((rows) => rows?.filter((item) => item.key !== row.key) ?? null)}
                  aria-label={t('test.smart.removeRow', { number: position + 1 })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Text size="sm" c={planned === section.format.required_count ? 'teal' : 'orange'}>
              {t('test.smart.planned', { count: planned, required: section.format.required_count })}
            </Text>
            {save.error ? <ServerErrorAlert error={save.error} labels={labels} /> : null}
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => setDraft((rows) => [...(rows ?? []), draftOf()])}
              >
                {t('test.smart.addRow')}
              </Button>
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    {
                      sectionId: section.id,
                      rows: draft.map((row) => ({
                        count: Number(row.count),
                        level_id: row.level_id,
                        question_type_id: row.question_type_id,
                        tag: row.tag.trim() || null,
                      })),
                    },
                    { onSuccess: () => setDraft(null) },
                  )
                }
              >
                {t('test.smart.save')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setDraft(null);
                  save.reset();
                }}
              >
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : section.blueprint.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('test.smart.empty')}
          </Text>
        ) : (
          <Table verticalSpacing={4} data-testid="blueprint">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('test.smart.count')}</Table.Th>
                <Table.Th>{t('fields.level')}</Table.Th>
                <Table.Th>{t('test.smart.questionType')}</Table.Th>
                <Table.Th>{t('fields.tag')}</Table.Th>
                <Table.Th>{t('test.smart.pool')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {section.blueprint.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.count}</Table.Td>
                  <Table.Td>{row.level?.code ?? t('test.smart.any')}</Table.Td>
                  <Table.Td>{row.question_type?.name ?? t('test.smart.any')}</Table.Td>
                  <Table.Td>{row.tag ?? t('test.smart.any')}</Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      c={row.available < row.count ? 'red' : undefined}
                      data-testid="pool-check"
                    >
                      {t('test.smart.available', { available: row.available, count: row.count })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!editing && short.length > 0 ? (
          <Alert color="red" variant="light" data-testid="pool-short">
            {short
              .map((row) =>
                t('test.smart.short', {
                  part: section.format.name,
                  level: row.level?.code ?? t('test.smart.any'),
                  available: row.available,
                  count: row.count,
                }),
              )
              .join(' ')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

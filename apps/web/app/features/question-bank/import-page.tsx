import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IMPORT_FORMATS } from '@prepwise/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions } from '../exam-structure';
import { useImportPreview, useRunImport, useTemplateUrls } from './api';
import { importDetail, parseImportLocation } from './import-location';
import { SINGLE_PATH } from './question-pages';
import { PartSelect } from './shared';

/**
 * /admin/question-bank/import: a file → preview with per-item errors and warnings → all-or-nothing import,
 * or the valid items only, the refused ones listed with their reasons.
 */
export function ImportPage() {
  const { t } = useTranslation('content');
  const messages = useTranslation('messages');
  /** The item's error keys in the reader's language; the server's sentence below gives the detail. */
  const translatedErrors = (errors: Record<string, string>) => [
    ...new Set(
      Object.values(errors)
        .filter((key) => messages.i18n.exists(`messages:${key}`))
        .map((key) => looseT(messages.t)(key, { field: t('import.content') })),
    ),
  ];
  /** What an item loses in the import (hints, feedback …), in the reader's language. */
  const translatedWarnings = (warnings: { key: string; message: string }[]) =>
    warnings.map((warning) => ({
      text: messages.i18n.exists(`messages:${warning.key}`)
        ? looseT(messages.t)(warning.key)
        : importDetail(warning.message),
      detail: importDetail(warning.message),
    }));
  const where = useTranslation('authoring');
  /** Where an item is, in one wording per language. */
  const locationText = (location: string) => {
    const parsed = parseImportLocation(location);
    return parsed.key === null
      ? parsed.text
      : `${where.t(`import.${parsed.key}`, { n: parsed.n })}${parsed.rest}`;
  };
  const navigate = useNavigate();
  const scope = useBackOfficeScope();
  const templates = useTemplateUrls();
  const levels = useLevelOptions();
  const preview = useImportPreview();
  const run = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<string | null>(null);
  const [formatId, setFormatId] = useState<string | null>(null);
  const [levelId, setLevelId] = useState<string | null>(null);
  const [tags, setTags] = useState('');
  const request = file && formatId ? { file, format, format_id: formatId, level_id: levelId, tags } : null;
  const save = (skipInvalid: boolean) =>
    request &&
    run.mutate(
      { ...request, skip_invalid: skipInvalid },
      {
        onSuccess: (done) => {
          notifications.show({
            color: done.skipped.length ? 'yellow' : 'teal',
            title: t('import.done'),
            message: [
              t('import.summary', {
                items: done.question_count + done.group_count,
                questions: done.question_count,
                groups: done.group_count,
              }),
              done.skipped.length ? t('import.skippedCount', { count: done.skipped.length }) : '',
            ]
              .filter(Boolean)
              .join(' '),
          });
          void navigate(scope.web(SINGLE_PATH));
        },
      },
    );
  const reset = () => {
    preview.reset();
    run.reset();
  };
  const result = preview.data;
  return (
    <>
      <title>{`${t('import.title')} · Prepwise`}</title>
      <PageHeader
        title={t('import.title')}
        description={t('import.description')}
        back={{ to: scope.web(SINGLE_PATH), label: t('bank.singleTitle') }}
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group gap="md">
              <Text size="sm">{t('import.templates')}</Text>
              <Anchor href={templates.xlsx} download size="sm">
                {t('import.templateXlsx')}
              </Anchor>
              <Anchor href={templates.csv} download size="sm">
                {t('import.templateCsv')}
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PartSelect
                value={formatId}
                onChange={(value) => {
                  setFormatId(value);
                  reset();
                }}
                required
              />
              <FileInput
                label={t('import.file')}
                withAsterisk
                placeholder={t('import.choose')}
                accept=".csv,.xlsx,.xml,.txt,.gift,.zip"
                value={file}
                onChange={(value) => {
                  setFile(value);
                  reset();
                }}
                clearable
              />
              <Select
                label={t('import.format')}
                placeholder={t('import.formatAuto')}
                data={IMPORT_FORMATS.map((value) => ({ value, label: t(`import.formats.${value}`) }))}
                value={format}
                onChange={(value) => {
                  setFormat(value);
                  reset();
                }}
                clearable
              />
              <Select
                label={t('fields.level')}
                data={(levels.data?.items ?? []).map((level) => ({
                  value: level.id,
                  label: `${level.code} · ${level.name}`,
                }))}
                value={levelId}
                onChange={setLevelId}
                clearable
              />
              <TextInput
                label={t('fields.tags')}
                description={t('import.tagsHint')}
                value={tags}
                onChange={(event) => setTags(event.currentTarget.value)}
              />
            </SimpleGrid>
            <Accordion variant="contained" data-testid="import-syntax">
              <Accordion.Item value="syntax">
                <Accordion.Control>{t('import.syntax.title')}</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    {(['csv', 'gift', 'moodle', 'aiken', 'qti'] as const).map((name) => (
                      <Text key={name} size="sm">
                        {t(`import.syntax.${name}`)}
                      </Text>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
            {preview.error ? <ServerErrorAlert error={preview.error} /> : null}
            <Group justify="flex-end">
              <Button
                disabled={!request}
                loading={preview.isPending}
                onClick={() => request && preview.mutate(request)}
              >
                {t('import.preview')}
              </Button>
            </Group>
          </Stack>
        </Card>
        {result ? (
          <Card withBorder radius="lg" padding="lg" data-testid="import-preview">
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={600}>
                  {t('import.summary', {
                    items: result.item_count,
                    questions: result.question_count,
                    groups: result.group_count,
                  })}
                </Text>
                <Badge color={result.valid ? 'teal' : 'red'} variant="light">
                  {result.valid ? t('import.valid') : t('import.invalid')}
                </Badge>
              </Group>
              {result.warnings.map((warning) => (
                <Alert key={warning} color="yellow" variant="light">
                  {warning}
                </Alert>
              ))}
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('import.location')}</Table.Th>
                      <Table.Th>{t('import.content')}</Table.Th>
                      <Table.Th>{t('import.answer')}</Table.Th>
                      <Table.Th>{t('import.errors')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.items.map((item) => (
                      <Table.Tr
                        key={item.index}
                        data-invalid={item.messages.length > 0}
                        bg={item.messages.length ? 'var(--mantine-color-red-light)' : undefined}
                      >
                        <Table.Td>
                          <Text size="sm">{locationText(item.location)}</Text>
                        </Table.Td>
                        <Table.Td>
                          {item.title ? (
                            <Text size="sm" fw={600}>
                              {item.title}
                            </Text>
                          ) : null}
                          {item.questions.map((question, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows in file order
                            <Text key={index} size="sm" lineClamp={1}>
                              {question.stem_text}
                            </Text>
                          ))}
                        </Table.Td>
                        <Table.Td>
                          {item.questions.map((question, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows in file order
                            <Stack key={index} gap={0} data-testid="import-row-answer">
                              <Text size="xs" c="dimmed">
                                {t(`answerKinds.${question.answer_kind}`)}: {question.answer_summary}
                              </Text>
                              {question.options.length ? (
                                <Text size="xs" c="dimmed" lineClamp={3}>
                                  {question.options
                                    .map((option) => `${option.key}. ${option.text}`)
                                    .join(' · ')}
                                </Text>
                              ) : null}
                            </Stack>
                          ))}
                        </Table.Td>
                        <Table.Td data-testid={item.messages.length > 0 ? 'import-row-error' : undefined}>
                          {translatedErrors(item.errors).map((text) => (
                            <Text key={text} size="sm" c="red" data-testid="import-row-reason">
                              {text}
                            </Text>
                          ))}
                          {item.messages.map((message) => (
                            <Text key={message} size="xs" c="dimmed">
                              {importDetail(message)}
                            </Text>
                          ))}
                          {translatedWarnings(item.warnings).map((warning) => (
                            <Text
                              key={warning.detail}
                              size="sm"
                              c="orange.8"
                              title={warning.detail}
                              data-testid="import-row-warning"
                            >
                              {warning.text}
                            </Text>
                          ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {run.error ? <ServerErrorAlert error={run.error} /> : null}
              <Group justify="flex-end">
                {!result.valid && result.valid_count > 0 ? (
                  <Button
                    variant="light"
                    disabled={!request}
                    loading={run.isPending && run.variables?.skip_invalid === true}
                    onClick={() => save(true)}
                  >
                    {t('import.confirmValid', { count: result.valid_count })}
                  </Button>
                ) : null}
                <Button
                  disabled={!result.valid || !request}
                  loading={run.isPending && run.variables?.skip_invalid !== true}
                  onClick={() => save(false)}
                >
                  {t('import.confirm')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}

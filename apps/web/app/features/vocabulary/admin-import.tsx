import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import type { WordImportPreview, WordImportRow } from '@prepwise/contract';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { useWordFileImport, useWordFilePreview, useWordFileUrl } from './admin-api';

/** /admin/vocabulary/list/import: a CSV/XLSX word file, its preview with each row's errors, then the save. */
export function WordImportAdminPage() {
  const { t } = useTranslation('vocabulary');
  const { t: tm } = useTranslation('messages');
  const listPath = useBackOfficeScope().web('/vocabulary/list');
  const fileUrl = useWordFileUrl();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<WordImportPreview | null>(null);
  const read = useWordFilePreview();
  const save = useWordFileImport();
  const errorText = (row: WordImportRow) =>
    Object.entries(row.errors)
      .map(([column, key]) => `${column}: ${looseT(tm)(key)}`)
      .join(' · ');
  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
    save.reset();
    read.reset();
  };
  const readError = read.error as { errors?: Record<string, string> } | null;
  return (
    <>
      <title>{`${t('admin.import.title')} · Prepwise`}</title>
      <PageHeader
        title={t('admin.import.title')}
        description={t('admin.import.description')}
        back={{ to: listPath, label: t('admin.words.listTitle') }}
        actions={
          <>
            <Button component="a" href={fileUrl('csv')} variant="light" download>
              {t('admin.import.template')} (CSV)
            </Button>
            <Button component="a" href={fileUrl('xlsx')} variant="light" download>
              {t('admin.import.template')} (XLSX)
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group align="flex-end">
            <FileInput
              label={t('admin.import.file')}
              placeholder={t('admin.import.filePlaceholder')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={choose}
              clearable
              style={{ flex: '1 1 20rem' }}
            />
            <Button
              disabled={!file}
              loading={read.isPending}
              onClick={async () => {
                if (file) setPreview(await read.mutateAsync(file).catch(() => null));
              }}
            >
              {t('admin.import.preview')}
            </Button>
          </Group>
          {read.error ? (
            <Alert color="red" variant="light" mt="md" role="alert">
              {Object.values(readError?.errors ?? {})
                .map((key) => looseT(tm)(key))
                .join(' ') || <ApiErrorAlert error={read.error} />}
            </Alert>
          ) : null}
        </Card>
        {save.data ? (
          <Alert color="teal" variant="light" data-testid="import-done">
            {t('admin.import.done', { created: save.data.created, updated: save.data.updated })}{' '}
            <Anchor component={Link} to={listPath}>
              {t('admin.words.listTitle')}
            </Anchor>
          </Alert>
        ) : null}
        {preview && !save.data ? (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={600} data-testid="import-summary">
                  {t('admin.import.summary', { valid: preview.valid_count, errors: preview.error_count })}
                </Text>
                <Button
                  disabled={preview.error_count > 0 || !file}
                  loading={save.isPending}
                  onClick={() => file && save.mutate(file)}
                >
                  {t('admin.import.save', { count: preview.rows.length })}
                </Button>
              </Group>
              {preview.error_count > 0 ? (
                <Alert color="yellow" variant="light">
                  {t('admin.import.fixFirst')}
                </Alert>
              ) : null}
              {save.error ? <ApiErrorAlert error={save.error} /> : null}
              <DataTable
                records={preview.rows}
                idAccessor="row"
                maxHeight={480}
                data-testid="import-preview"
                rowColor={(row) => (Object.keys(row.errors).length ? 'red' : undefined)}
                columns={[
                  { accessor: 'row', title: t('admin.import.row') },
                  { accessor: 'headword', title: t('admin.fields.headword') },
                  { accessor: 'meaning_vi', title: t('admin.fields.meaningVi') },
                  { accessor: 'level', title: t('admin.fields.level') },
                  {
                    accessor: 'topics',
                    title: t('admin.fields.topics'),
                    render: (row) => row.topics.join(', '),
                  },
                  {
                    accessor: 'action',
                    title: t('admin.import.action'),
                    render: (row) => (
                      <Badge variant="light" color={row.action === 'create' ? 'teal' : 'blue'}>
                        {t(`admin.import.actions.${row.action}`)}
                      </Badge>
                    ),
                  },
                  {
                    accessor: 'errors',
                    title: t('admin.import.errors'),
                    render: (row) =>
                      Object.keys(row.errors).length ? (
                        <Text size="sm" c="red">
                          {errorText(row)}
                        </Text>
                      ) : (
                        <Text size="sm" c="teal">
                          {t('admin.import.ok')}
                        </Text>
                      ),
                  },
                ]}
              />
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}

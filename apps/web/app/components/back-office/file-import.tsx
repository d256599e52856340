import { Alert, Anchor, Button, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { ApiErrorAlert } from '../api-error-alert';
import { PageHeader } from '../page-header';

/**
 * The back office's import from a CSV/XLSX file (decision 013): choose a file, read the server's preview
 * row by row (each row's errors named by column, translated), then save it all or nothing — the save
 * stays disabled while a row has an error. The feature gives its two mutations, its columns and its
 * sentences; the kit draws the rest, with one wording for rows ("Dòng 3" / "Row 3").
 */

/** A previewed row: its line in the file and its errors, column → message key. */
export interface ImportRow {
  row: number;
  errors: Record<string, string>;
}

export interface ImportPreview<R extends ImportRow> {
  rows: R[];
  valid_count: number;
  error_count: number;
}

/** A mutation that sends the chosen file (the preview or the save). */
export interface FileMutation<T> {
  mutate: (file: File) => void;
  mutateAsync: (file: File) => Promise<T>;
  reset: () => void;
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

export const IMPORT_FILE_TYPES =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface FileImportPageProps<R extends ImportRow, P extends ImportPreview<R>, D> {
  title: string;
  description: string;
  /** The list the import fills: the header's way back and the link under the done message. */
  list: { to: string; label: string };
  /** The template (or export) links in the header: their label and address per format. */
  template: { label: string; href: (format: 'csv' | 'xlsx') => string };
  fileLabel: string;
  preview: FileMutation<P>;
  save: FileMutation<D>;
  /** The feature's columns, between the row's number and its errors. */
  columns: DataTableColumn<R>[];
  summary: (preview: P) => string;
  saveLabel: (preview: P) => string;
  /** Why nothing can be saved while a row has an error. */
  fixFirst: string;
  /** What the preview says besides its rows (e.g. the classes the import creates). */
  notes?: (preview: P) => ReactNode;
  done: (result: D) => string;
}

export function FileImportPage<R extends ImportRow, P extends ImportPreview<R>, D>({
  title,
  description,
  list,
  template,
  fileLabel,
  preview: read,
  save,
  columns,
  summary,
  saveLabel,
  fixFirst,
  notes,
  done,
}: FileImportPageProps<R, P, D>) {
  const { t } = useTranslation('common');
  const tm = looseT(useTranslation('messages').t);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
    save.reset();
    read.reset();
  };
  const readErrors = (read.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader
        title={title}
        description={description}
        back={list}
        actions={(['csv', 'xlsx'] as const).map((format) => (
          <Button key={format} component="a" href={template.href(format)} variant="light" download>
            {template.label} ({format.toUpperCase()})
          </Button>
        ))}
      />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group align="flex-end">
            <FileInput
              label={fileLabel}
              placeholder={t('import.filePlaceholder')}
              accept={IMPORT_FILE_TYPES}
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
              {t('import.preview')}
            </Button>
          </Group>
          {read.error ? (
            <Alert color="red" variant="light" mt="md" role="alert">
              {Object.values(readErrors)
                .map((key) => tm(key))
                .join(' ') || <ApiErrorAlert error={read.error} />}
            </Alert>
          ) : null}
        </Card>
        {save.data ? (
          <Alert color="teal" variant="light" data-testid="import-done">
            {done(save.data)}{' '}
            <Anchor component={Link} to={list.to}>
              {list.label}
            </Anchor>
          </Alert>
        ) : null}
        {preview && !save.data ? (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={600} data-testid="import-summary">
                  {summary(preview)}
                </Text>
                <Button
                  disabled={preview.error_count > 0 || !file}
                  loading={save.isPending}
                  onClick={() => file && save.mutate(file)}
                >
                  {saveLabel(preview)}
                </Button>
              </Group>
              {notes?.(preview)}
              {preview.error_count > 0 ? (
                <Alert color="yellow" variant="light">
                  {fixFirst}
                </Alert>
              ) : null}
              {save.error ? <ApiErrorAlert error={save.error} /> : null}
              <ImportPreviewTable rows={preview.rows} columns={columns} />
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}

/** The previewed rows: "Row N", the feature's columns, then the row's errors (or "Valid"); rows with errors in red. */
function ImportPreviewTable<R extends ImportRow>({
  rows,
  columns,
}: {
  rows: R[];
  columns: DataTableColumn<R>[];
}) {
  const { t } = useTranslation('common');
  const tm = looseT(useTranslation('messages').t);
  const hasErrors = (row: R) => Object.keys(row.errors).length > 0;
  return (
    <DataTable<R>
      records={rows}
      idAccessor="row"
      maxHeight={480}
      data-testid="import-preview"
      rowColor={(row) => (hasErrors(row) ? 'red' : undefined)}
      columns={[
        { accessor: 'row', title: t('import.rowColumn'), render: (row) => t('import.row', { row: row.row }) },
        ...columns,
        {
          accessor: 'errors',
          title: t('import.errors'),
          render: (row) =>
            hasErrors(row) ? (
              <Text size="sm" c="red">
                {Object.entries(row.errors)
                  .map(([column, key]) => `${column}: ${tm(key)}`)
                  .join(' · ')}
              </Text>
            ) : (
              <Text size="sm" c="teal">
                {t('import.ok')}
              </Text>
            ),
        },
      ]}
    />
  );
}

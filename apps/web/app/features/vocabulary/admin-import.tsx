import { Badge } from '@mantine/core';
import type { WordImportPreview, WordImportResult, WordImportRow } from '@prepwise/contract';
import { FileImportPage } from '../../components/back-office/file-import';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useTranslation } from '../../lib/i18n-react';
import { useWordFileImport, useWordFilePreview, useWordFileUrl } from './admin-api';

/** /admin/vocabulary/list/import: a CSV/XLSX word file, its preview with each row's errors, then the save. */
export function WordImportAdminPage() {
  const { t } = useTranslation('vocabulary');
  const fileUrl = useWordFileUrl();
  return (
    <FileImportPage<WordImportRow, WordImportPreview, WordImportResult>
      title={t('admin.import.title')}
      description={t('admin.import.description')}
      list={{ to: useBackOfficeScope().web('/vocabulary/list'), label: t('admin.words.listTitle') }}
      template={{ label: t('admin.import.template'), href: (format) => fileUrl(format) }}
      fileLabel={t('admin.import.file')}
      preview={useWordFilePreview()}
      save={useWordFileImport()}
      summary={(preview) =>
        t('admin.import.summary', { valid: preview.valid_count, errors: preview.error_count })
      }
      saveLabel={(preview) => t('admin.import.save', { count: preview.rows.length })}
      fixFirst={t('admin.import.fixFirst')}
      done={(result) => t('admin.import.done', { created: result.created, updated: result.updated })}
      columns={[
        { accessor: 'headword', title: t('admin.fields.headword') },
        { accessor: 'meaning_vi', title: t('admin.fields.meaningVi') },
        { accessor: 'level', title: t('admin.fields.level') },
        { accessor: 'topics', title: t('admin.fields.topics'), render: (row) => row.topics.join(', ') },
        {
          accessor: 'action',
          title: t('admin.import.action'),
          render: (row) => (
            <Badge variant="light" color={row.action === 'create' ? 'teal' : 'blue'}>
              {t(`admin.import.actions.${row.action}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}

import { Button, Menu, Select } from '@mantine/core';
import { EXPORT_FORMATS, type ExamFormat, type ExportBody } from '@prepwise/contract';
import { ServerErrorAlert } from '../../components/admin-ui';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { type ExamOption, useExamOptions } from '../exam-structure';

export { ExamFilter } from '../exam-structure';

import { useExport } from './api';

/** Every part of every exam, as select options grouped by exam. */
export function usePartOptions() {
  const exams = useExamOptions();
  const formats = new Map<string, ExamFormat & { exam: ExamOption }>();
  for (const exam of exams.data ?? [])
    for (const format of exam.formats) formats.set(format.id, { ...format, exam });
  const data = (exams.data ?? []).map((exam) => ({
    group: `${exam.category_name} · ${exam.name}`,
    items: exam.formats.map((format) => ({ value: format.id, label: format.name })),
  }));
  return { exams, formats, data: data.filter((group) => group.items.length > 0) };
}

export function PartSelect({
  value,
  onChange,
  error,
  required,
  clearable,
  label,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('content');
  const parts = usePartOptions();
  return (
    <Select
      label={label ?? t('fields.part')}
      placeholder={clearable ? t('common.allParts') : t('editor.choosePart')}
      withAsterisk={required}
      data={parts.data}
      value={value}
      onChange={onChange}
      searchable
      clearable={clearable}
      error={error}
      style={clearable ? { flex: '0 1 16rem' } : undefined}
    />
  );
}

/** Field error keys of an API answer as texts, with `prefix` removed (`questions.2.`). */
export function useErrorTexts() {
  const { t } = useTranslation('messages');
  return (errors: Record<string, string> | undefined, prefix = '') => {
    const texts: Record<string, string> = {};
    for (const [field, key] of Object.entries(errors ?? {})) {
      if (!field.startsWith(prefix)) continue;
      texts[field.slice(prefix.length)] = looseT(t)(key, { field: t('common.this_field') });
    }
    return texts;
  };
}

/** Download a selection (or a whole test) as XLSX, Moodle XML or a QTI 3.0 package. */
export function ExportMenu({
  body,
  disabled,
  label,
}: {
  body: Omit<ExportBody, 'format'>;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('content');
  const exporter = useExport();
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" disabled={disabled} loading={exporter.isPending}>
            {label ?? t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {EXPORT_FORMATS.map((format) => (
            <Menu.Item key={format} onClick={() => exporter.mutate({ ...body, format })}>
              {t(`export.formats.${format}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {exporter.error ? <ServerErrorAlert error={exporter.error} /> : null}
    </>
  );
}

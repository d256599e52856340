import { Select } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import { useExamOptions } from './api';

/** The exam filter of the back-office lists (bank, tests, point configs): every exam, labelled with its category. */
export function ExamFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('content');
  const exams = useExamOptions();
  return (
    <Select
      label={t('fields.exam')}
      placeholder={t('common.allExams')}
      data={(exams.data ?? []).map((exam) => ({
        value: exam.id,
        label: `${exam.category_name} · ${exam.name}`,
      }))}
      value={value ?? null}
      onChange={onChange}
      clearable
      searchable
      style={{ flex: '0 1 16rem' }}
    />
  );
}

import { Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../lib/i18n-react';

/** The select's entry that opens the "new section" field (never a section's name: it has a space). */
export const NEW_SECTION = '__new section__';

type InputProps = ReturnType<UseFormReturnType<Record<string, unknown>>['getInputProps']>;

/**
 * A part's scoring section: one of the exam's existing sections, or — explicitly — a new one, so a
 * typo no longer makes a new section by accident.
 */
export function ScoreSectionField({
  sections,
  current,
  selectProps,
  newProps,
}: {
  sections: readonly string[];
  /** The part's own section, listed even if the exam's list does not have it yet. */
  current?: string;
  selectProps: InputProps;
  /** The new section's input props, when "new section" is chosen. */
  newProps?: InputProps;
}) {
  const { t } = useTranslation('structure');
  const known = [...new Set([...sections, ...(current ? [current] : [])])];
  return (
    <Stack gap="xs">
      <Select
        label={t('section.label')}
        description={t('section.pickHint')}
        withAsterisk
        allowDeselect={false}
        data={[
          ...known.map((section) => ({ value: section, label: section })),
          { value: NEW_SECTION, label: t('section.new') },
        ]}
        {...selectProps}
      />
      {newProps ? (
        <TextInput
          label={t('section.newLabel')}
          description={t('section.newHint')}
          withAsterisk
          {...newProps}
        />
      ) : null}
    </Stack>
  );
}

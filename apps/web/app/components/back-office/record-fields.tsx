import { NumberInput, Select, type SelectProps, Textarea, TextInput } from '@mantine/core';
import { slugify } from '@prepwise/contract';
import type { AppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import type { FormValues } from '../../lib/validators';

/*
 * Fields many back-office records share, bound to the record form's field of the same name. Their
 * labels are the `content` namespace's `fields.*`.
 */

/**
 * A record's name (or title) and its address slug, side by side: leaving the name with the slug still
 * empty proposes one from it (`slugify`, at most `slugLength` characters); the slug stays optional.
 */
export function NameSlugFields<V extends FormValues & { slug: string }>({
  form,
  field,
  slugLength,
}: {
  form: AppForm<V>;
  field: 'name' | 'title';
  slugLength?: number;
}) {
  const { t } = useTranslation('content');
  const name = form.getInputProps(field);
  return (
    <>
      <TextInput
        label={t(`fields.${field}`)}
        withAsterisk
        {...name}
        onBlur={(event) => {
          name.onBlur?.(event);
          const slug = slugify(event.currentTarget.value, slugLength);
          if (!form.getValues().slug) form.setValues({ slug } as Partial<V>);
        }}
      />
      <TextInput
        label={t('fields.slug')}
        description={t('common.slugHint')}
        {...form.getInputProps('slug')}
      />
    </>
  );
}

/** A record's optional description, as plain text. */
export function DescriptionField<V extends FormValues & { description: string }>({
  form,
  minRows,
}: {
  form: AppForm<V>;
  minRows: number;
}) {
  const { t } = useTranslation('content');
  return (
    <Textarea
      label={t('fields.description')}
      autosize
      minRows={minRows}
      {...form.getInputProps('description')}
    />
  );
}

/** A record's place among its siblings (0 first); `maw` when it stands alone on its row. */
export function PositionField<V extends FormValues & { position: number | string }>({
  form,
  maw,
}: {
  form: AppForm<V>;
  maw?: number;
}) {
  const { t } = useTranslation('content');
  return (
    <NumberInput
      label={t('fields.position')}
      min={0}
      max={10000}
      maw={maw}
      {...form.getInputProps('position')}
    />
  );
}

/** A choice among fixed values (a status, a kind …), each shown by its label; one is always chosen. */
export function ChoiceSelect<C extends string>({
  values,
  labelOf,
  ...select
}: Omit<SelectProps, 'data'> & { values: readonly C[]; labelOf: (value: C) => string }) {
  return (
    <Select
      data={values.map((value) => ({ value, label: labelOf(value) }))}
      allowDeselect={false}
      {...select}
    />
  );
}

/**
 * The English form of a name learners see (levels, categories, exams, parts: `name_en`; tests: `title_en`).
 * Optional: English mode shows the Vietnamese name when it is empty.
 */
export function EnglishNameField<V extends FormValues>({
  form,
  field,
}: {
  form: AppForm<V>;
  field: 'name_en' | 'title_en';
}) {
  const { t } = useTranslation('content');
  return (
    <TextInput
      label={t(field === 'name_en' ? 'fields.nameEn' : 'fields.titleEn')}
      description={t('fields.englishNameHint')}
      lang="en"
      {...form.getInputProps(field)}
    />
  );
}

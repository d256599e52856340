import { Button, Card } from '@mantine/core';
import type { Permission } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import type { FormValues } from '../../lib/validators';
import { ConfirmDeleteButton, QueryState } from '../admin-ui';
import { PageHeader } from '../page-header';
import { usePermission } from '../permission-gate';
import { FormShell, type FormShellProps } from './form-shell';
import { useBackOfficeScope } from './scope';

/** The frame of a back-office page: the document title and the page header with its way back. */
export interface BackOfficePageProps {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}

export function BackOfficePage({ title, description, back, actions, children }: BackOfficePageProps) {
  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader title={title} description={description} back={back} actions={actions} />
      {children}
    </>
  );
}

/**
 * The frame of a back-office create or edit page (decision 013): a BackOfficePage with the form in a
 * card (`card={false}` for a form that lays out its own columns). An edit page passes the record's
 * query and renders the form once it has loaded.
 */
export interface FormPageProps extends BackOfficePageProps {
  /** The card's maximum width, or `false` for no card. */
  card?: number | false;
}

export function FormPage({ card = 860, children, ...page }: FormPageProps) {
  return (
    <BackOfficePage {...page}>
      {card === false ? (
        children
      ) : (
        <Card withBorder radius="lg" padding="lg" maw={card}>
          {children}
        </Card>
      )}
    </BackOfficePage>
  );
}

type Query<T> = { data: T | undefined; error: unknown; isPending: boolean };

/**
 * What a create page and an edit page of one kind of record need: the titles (keys of `ns`), the list to
 * go back to (its path in the scope — `/pack-exam` is /admin/pack-exam or /organization/pack-exam — and
 * its title key), how to load a record and how to draw its form (`record` is undefined when creating).
 */
export interface RecordPages<T> {
  ns: 'content' | 'siteAdmin' | 'admin';
  titles: readonly [create: string, edit: string];
  back: readonly [path: string, label: string];
  useRecord: (id: string) => Query<T>;
  form: (record?: T) => ReactNode;
  card?: number | false;
}

function useBack<T>(spec: RecordPages<T>) {
  const t = looseT(useTranslation(spec.ns).t);
  return { to: useBackOfficeScope().web(spec.back[0]), label: t(spec.back[1]) };
}

/** The create page of a kind of record. */
export function CreateRecordPage<T>({ spec }: { spec: RecordPages<T> }) {
  const t = looseT(useTranslation(spec.ns).t);
  return (
    <FormPage title={t(spec.titles[0])} back={useBack(spec)} card={spec.card}>
      {spec.form()}
    </FormPage>
  );
}

/** The edit page of a record: loading, the API's refusal, or its form. */
export function EditRecordPage<T>({ spec, id }: { spec: RecordPages<T>; id: string }) {
  const t = looseT(useTranslation(spec.ns).t);
  const record = spec.useRecord(id);
  return (
    <FormPage title={t(spec.titles[1])} back={useBack(spec)} card={spec.card}>
      <QueryState query={record}>{(data) => spec.form(data)}</QueryState>
    </FormPage>
  );
}

/** A delete mutation of the record a form edits (it takes no argument). */
export interface RecordRemoval {
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** The edit form's "delete" action: asks first, then deletes the record and leaves its page. */
export function DeleteRecordButton({
  name,
  remove,
  label,
  confirmText,
  onDeleted,
}: {
  name: string;
  remove: RecordRemoval;
  label: string;
  confirmText: string;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDeleteButton
      name={name}
      title={label}
      label={label}
      confirmText={confirmText}
      onDelete={(done) => remove.mutate(undefined, { onSuccess: done })}
      onDeleted={onDeleted}
      pending={remove.isPending}
      error={remove.error}
      reset={remove.reset}
      size="sm"
    />
  );
}

/**
 * The actions beside a record form's submit button: delete (on an edit form; asks first, then returns to
 * the list) and cancel (back to the list).
 */
export function RecordFormActions({
  listPath,
  cancelLabel,
  deletion,
}: {
  listPath: string;
  cancelLabel: string;
  deletion?: { name: string; remove: RecordRemoval; label: string; confirmText: string };
}) {
  const navigate = useNavigate();
  return (
    <>
      {deletion ? <DeleteRecordButton {...deletion} onDeleted={() => navigate(listPath)} /> : null}
      <Button component={Link} to={listPath} variant="default">
        {cancelLabel}
      </Button>
    </>
  );
}

export interface RecordFormProps<V extends FormValues, R>
  extends Omit<FormShellProps<V, R>, 'actions' | 'onSaved' | 'savedMessage'> {
  /** The record being edited; undefined on a create form. */
  record?: R;
  /** A record's name: the saved toast's line and what the delete question names. */
  nameOf: (record: R) => string;
  /** The list the form returns to once saved, cancelled or deleted. */
  listPath: string;
  /** An edit form offers "delete" to those who hold `permission`. */
  deletion?: { permission: Permission; remove: RecordRemoval };
}

/**
 * The form of one record, around FormShell: the saved toast names the record, saving returns to the
 * list, "cancel" goes back to it, and an edit form may delete the record (asking first).
 */
export function RecordForm<V extends FormValues, R>({
  record,
  nameOf,
  listPath,
  deletion,
  ...shell
}: RecordFormProps<V, R>) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const canDelete = usePermission(deletion?.permission ?? false);
  const name = record === undefined ? '' : nameOf(record);
  return (
    <FormShell
      {...shell}
      savedMessage={nameOf}
      onSaved={() => void navigate(listPath)}
      actions={
        <RecordFormActions
          listPath={listPath}
          cancelLabel={t('form.cancel')}
          deletion={
            record !== undefined && deletion && canDelete
              ? {
                  name,
                  remove: deletion.remove,
                  label: t('form.delete'),
                  confirmText: t('form.confirmDelete', { name }),
                }
              : undefined
          }
        />
      }
    />
  );
}

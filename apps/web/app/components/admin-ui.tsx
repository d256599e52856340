import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  type TableProps,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { EDITOR_DEBOUNCE_MS } from '@prepwise/contract';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-error';
import { refusalKeys } from '../lib/form-errors';
import { looseT } from '../lib/i18n';
import { useTranslation } from '../lib/i18n-react';
import { ApiErrorAlert } from './api-error-alert';
import { SearchIcon } from './icons';
import classes from './list-table.module.css';

/** Loading, failure or the content of one query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('content');
  if (query.error) return <ServerErrorAlert error={query.error} />;
  if (query.isPending || query.data === undefined) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm" c="dimmed" ml="sm">
          {t('common.loading')}
        </Text>
      </Center>
    );
  }
  return children(query.data);
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="gray" data-testid="empty-state">
      {children}
    </Alert>
  );
}

/** The translated reasons a refusal carries in `errors` (e.g. `{ id: 'structure.part_in_use' }`). */
export function useRefusalReasons() {
  const { t, i18n } = useTranslation('messages');
  return (error: unknown): string[] =>
    refusalKeys(error, [], (key) => i18n.exists(`messages:${key}`)).reasons.map((key) => looseT(t)(key));
}

/**
 * A failed answer, in the user's language only: the translated reasons of the refusal when its
 * `errors` name them, else the translated text of its key; underneath, each field error no input
 * shows (those not in `shownFields`), translated — never the server's English `message`.
 */
export function ServerErrorAlert({
  error,
  title,
  shownFields = [],
  labels = {},
}: {
  error: unknown;
  title?: string;
  /** Fields whose errors an input already shows next to it. */
  shownFields?: readonly string[];
  /** Labels of fields the alert may name. */
  labels?: Partial<Record<string, string>>;
}) {
  const { t, i18n } = useTranslation('messages');
  const { t: tc } = useTranslation('common');
  if (!error) return null;
  const { reasons, fields } = refusalKeys(error, shownFields, (key) => i18n.exists(`messages:${key}`));
  const translate = looseT(t);
  const messages =
    error instanceof ApiError && reasons.length > 0
      ? { [error.key]: reasons.map((key) => translate(key)).join(' ') }
      : undefined;
  return (
    <Stack gap={4}>
      <ApiErrorAlert error={error} title={title} messages={messages} />
      {fields.map(([field, key]) => {
        const label = labels[field];
        const message = translate(key, { field: label ?? t('common.this_field') });
        return (
          <Text key={field} size="sm" c="red.8" data-testid="field-error" data-field={field}>
            {label ? tc('form.field', { field: label, message }) : message}
          </Text>
        );
      })}
    </Stack>
  );
}

/** A delete button that asks first; a refusal (in use) keeps the dialog open with the reason. */
export function ConfirmDeleteButton({
  name,
  title,
  confirmText,
  onDelete,
  pending,
  error,
  reset,
  onDeleted,
  label,
  size = 'compact-sm',
  variant = 'subtle',
}: {
  name: string;
  title: string;
  confirmText: string;
  onDelete: (done: () => void) => void;
  pending: boolean;
  error: unknown;
  reset: () => void;
  onDeleted?: () => void;
  label?: string;
  size?: string;
  variant?: string;
}) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    reset();
  };
  return (
    <>
      <Button
        variant={variant}
        color="red"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={t('common.deleteNamed', { name })}
      >
        {label ?? t('common.delete')}
      </Button>
      <Modal opened={open} onClose={close} title={title} centered>
        <Stack gap="md">
          <Text size="sm">{confirmText}</Text>
          {error ? <ServerErrorAlert error={error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={pending}
              onClick={() =>
                onDelete(() => {
                  setOpen(false);
                  notifications.show({ color: 'teal', title: t('common.deleted'), message: name });
                  onDeleted?.();
                })
              }
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The table of an admin list. On a phone it fits the screen: give the secondary columns'
 * Table.Th and Table.Td `visibleFrom="sm"` (see PHONE_HIDDEN) and keep the essentials in the first
 * column. From the sm breakpoint up it keeps `minWidth` and scrolls inside its own box, never the page.
 */
export function ListTable({
  minWidth = 640,
  children,
  ...props
}: TableProps & { minWidth?: number; children: ReactNode }) {
  return (
    <div className={classes.scroll}>
      <Table
        className={classes.table}
        style={{ '--list-table-min-width': `${minWidth}px` } as CSSProperties}
        {...props}
      >
        {children}
      </Table>
    </div>
  );
}

/** Spread on the Table.Th and Table.Td of a column that phones leave out. */
export const PHONE_HIDDEN = { visibleFrom: 'sm' } as const;

/** Spread on what repeats a hidden column's content inside the first column, for phones only. */
export const PHONE_ONLY = { hiddenFrom: 'sm' } as const;

/** The delete mutation of a list, as TanStack Query gives it. */
export interface RemoveMutation {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** The actions at the end of a list row: any extra ones, then edit and delete (with confirmation). */
export function RowActions({
  id,
  name,
  editTo,
  editLabel,
  deleteTitle,
  deleteConfirm,
  remove,
  children,
}: {
  id: string;
  name: string;
  editTo: string;
  editLabel?: string;
  deleteTitle: string;
  deleteConfirm: string;
  remove: RemoveMutation;
  children?: ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <Button component={Link} to={editTo} variant="light" size="compact-sm" aria-label={editLabel}>
        {t('common.edit')}
      </Button>
      <ConfirmDeleteButton
        name={name}
        title={deleteTitle}
        confirmText={deleteConfirm}
        onDelete={(done) => remove.mutate(id, { onSuccess: done })}
        pending={remove.isPending}
        error={remove.error}
        reset={remove.reset}
      />
    </Group>
  );
}

/** Page, search and filters kept in the address, so a list can be shared and reloaded. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const get = (key: string) => params.get(key) || undefined;
  const update = (changes: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { page, get, update };
}

export function SearchField({
  value,
  onSearch,
  placeholder,
}: {
  value: string | undefined;
  onSearch: (value: string | null) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('content');
  const [text, setText] = useState(value ?? '');
  const apply = useDebouncedCallback((next: string) => onSearch(next.trim() || null), EDITOR_DEBOUNCE_MS);
  return (
    <TextInput
      label={t('common.search')}
      placeholder={placeholder}
      leftSection={<SearchIcon size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      style={{ flex: '1 1 16rem' }}
    />
  );
}

export function ListFooter({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('content');
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('common.total', { total })}
      </Text>
      {total > pageSize ? (
        <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} size="sm" />
      ) : null}
    </Group>
  );
}

/**
 * The part of a failed save the inputs do not show: the alert, plus each field error whose field
 * is not on the form (`items.5`, `sections.0`), translated.
 */
export function FormErrorAlert({
  error,
  shownFields = [],
  labels,
}: {
  error: unknown;
  shownFields?: readonly string[];
  labels?: Partial<Record<string, string>>;
}) {
  if (!error) return null;
  return <ServerErrorAlert error={error} shownFields={shownFields} labels={labels} />;
}

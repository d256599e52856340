import { Alert, Anchor, Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PACKAGE_LIMIT_KEYS } from '@prepwise/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-error';
import { refusalKeys } from '../lib/form-errors';
import { looseT } from '../lib/i18n';
import { useTranslation } from '../lib/i18n-react';
import { ApiErrorAlert } from './api-error-alert';
import { useBackOfficeScope } from './back-office/scope';
import { PermissionGate, type PermissionRequirement } from './permission-gate';

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
    refusalKeys(error, [], (key) => i18n.exists(`messages:${key}`)).reasons.map((key) =>
      looseT(t)(key, error instanceof ApiError ? error.params : undefined),
    );
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
  const scope = useBackOfficeScope();
  if (!error) return null;
  // A refusal's list (each part of a test and what it lacks) names its fields itself, once each.
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  const { reasons, fields } = refusalKeys(
    error,
    [...shownFields, ...details.map((item) => item.field)],
    (key) => i18n.exists(`messages:${key}`),
  );
  const translate = looseT(t);
  const messages =
    error instanceof ApiError && reasons.length > 0
      ? { [error.key]: reasons.map((key) => translate(key, error.params)).join(' ') }
      : undefined;
  const limitReached =
    scope.area === 'organization' &&
    error instanceof ApiError &&
    Object.values(error.errors ?? {}).some((key) => PACKAGE_LIMIT_KEYS.includes(key));
  return (
    <Stack gap={4}>
      <ApiErrorAlert error={error} title={title} messages={messages} />
      {limitReached ? (
        <Anchor component={Link} to={scope.web('/package')} size="sm" data-testid="upgrade-package-link">
          {tc('form.upgradePackage')}
        </Anchor>
      ) : null}
      {details.length > 0 ? (
        <List size="sm" spacing={2} data-testid="refusal-list">
          {details.map((item) => (
            <List.Item key={item.field} data-testid="refusal-item" data-field={item.field}>
              {translate(item.key, item.params)}
            </List.Item>
          ))}
        </List>
      ) : null}
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

/**
 * White text on Mantine's teal or orange at the theme's shade (7) is below WCAG AA contrast; shade 9
 * reads. Red is the theme's own (shade 7 passes); a colour with a shade given is kept.
 */
function filledShade(color: string): string {
  return color === 'red' || color.includes('.') ? color : `${color}.9`;
}

/**
 * The one "are you sure?" dialog for destructive or public actions (issue 29): the title names the
 * dialog for screen readers, focus starts on the safe button, Escape or "Cancel" closes it, and a
 * refusal keeps it open with the reason.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color = 'red',
  onConfirm,
  pending = false,
  error,
  testId = 'confirm-dialog',
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: unknown;
  testId?: string;
}) {
  const { t } = useTranslation('content');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {error ? <ServerErrorAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            color={filledShade(color)}
            loading={pending}
            onClick={onConfirm}
            data-testid="confirm-action"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A button whose action asks first in a {@link ConfirmDialog}. `onConfirm` gets `done`, to call on
 * success: the dialog closes then; on failure it stays open with `error`.
 */
export function ConfirmActionButton({
  children,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color = 'red',
  onConfirm,
  pending = false,
  error,
  reset,
  ariaLabel,
  size = 'compact-sm',
  variant = 'subtle',
  buttonColor,
}: {
  /** The button's own label. */
  children: ReactNode;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's colour (and the trigger's unless `buttonColor`). */
  color?: string;
  onConfirm: (done: () => void) => void;
  pending?: boolean;
  error?: unknown;
  reset?: () => void;
  ariaLabel?: string;
  size?: string;
  variant?: string;
  buttonColor?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    reset?.();
  };
  return (
    <>
      <Button
        variant={variant}
        color={buttonColor ?? color}
        size={size}
        onClick={() => setOpen(true)}
        aria-label={ariaLabel}
      >
        {children}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={close}
        title={title}
        text={text}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        color={color}
        pending={pending}
        error={error}
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
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
  return (
    <ConfirmActionButton
      title={title}
      text={confirmText}
      confirmLabel={t('common.delete')}
      onConfirm={(done) =>
        onDelete(() => {
          done();
          notifications.show({ color: 'teal', title: t('common.deleted'), message: name });
          onDeleted?.();
        })
      }
      pending={pending}
      error={error}
      reset={reset}
      ariaLabel={t('common.deleteNamed', { name })}
      size={size}
      variant={variant}
    >
      {label ?? t('common.delete')}
    </ConfirmActionButton>
  );
}

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
  editPermission = true,
  deletePermission = true,
  children,
}: {
  id: string;
  name: string;
  editTo: string;
  editLabel?: string;
  deleteTitle: string;
  deleteConfirm: string;
  remove: RemoveMutation;
  /** Shown only to holders (default: everyone who sees the list). */
  editPermission?: PermissionRequirement;
  deletePermission?: PermissionRequirement;
  children?: ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <PermissionGate permission={editPermission}>
        <Button component={Link} to={editTo} variant="light" size="compact-sm" aria-label={editLabel}>
          {t('common.edit')}
        </Button>
      </PermissionGate>
      <PermissionGate permission={deletePermission}>
        <ConfirmDeleteButton
          name={name}
          title={deleteTitle}
          confirmText={deleteConfirm}
          onDelete={(done) => remove.mutate(id, { onSuccess: done })}
          pending={remove.isPending}
          error={remove.error}
          reset={remove.reset}
        />
      </PermissionGate>
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
